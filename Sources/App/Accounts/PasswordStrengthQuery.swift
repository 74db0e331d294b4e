import GraphQLExecution
import Auth

/// `Query.passwordStrength` (API.md; Screen Cache's strength bar): zxcvbn's
/// 0–4 score, why the password is weak, and whether the policy accepts it.
struct PasswordStrengthQuery: Sendable, FieldReadable {
    let evaluation: PasswordEvaluation

    /// The message under a rejected password field: the policy's first
    /// composition problem, else zxcvbn's warning (Screen Cache: "the warning
    /// explains the reason why the password is weak").
    static func weakPasswordMessage(_ evaluation: PasswordEvaluation) -> String {
        evaluation.problems.first ?? evaluation.strength.warning ?? "This password is too easy to guess"
    }

    func graphQLField(_ name: String) -> (any Sendable)? {
        switch name {
        case "score": evaluation.strength.score
        case "warning": evaluation.strength.warning ?? (evaluation.meetsPolicy ? nil : Self.weakPasswordMessage(evaluation))
        case "suggestions": evaluation.strength.suggestions
        case "meetsPolicy": evaluation.meetsPolicy
        default: nil
        }
    }
}
