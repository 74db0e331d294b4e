import GraphQLExecution
import Auth

/// `Query.passwordStrength` (API.md; Screen Cache's strength bar): zxcvbn's
/// 0–4 score, why the password is weak, and whether the policy accepts it.
struct PasswordStrengthQuery: Sendable, FieldReadable {
    let evaluation: PasswordEvaluation

    /// The message under a rejected password field: a composition rule it
    /// breaks (Foodstabook's), else zxcvbn's warning (Screen Cache: "the warning
    /// explains the reason why the password is weak"), else the policy's word.
    static func weakPasswordMessage(_ evaluation: PasswordEvaluation) -> String {
        evaluation.problems.first { $0 != PasswordPolicy.Message.tooWeak } ?? evaluation.strength.warning
            ?? evaluation.problems.first ?? PasswordPolicy.Message.tooWeak
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
