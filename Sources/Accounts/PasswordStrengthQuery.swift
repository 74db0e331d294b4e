import Auth
import GraphQLExecution

/// `Query.passwordStrength` (API.md; Screen Cache's strength bar): zxcvbn's
/// 0–4 score, why the password is weak, and whether the policy accepts it.
package struct PasswordStrengthQuery: GraphQLRecord {
    let evaluation: PasswordEvaluation

    /// The message under a rejected password field: a composition rule it
    /// breaks (Foodstabook's), else zxcvbn's warning (Screen Cache: "the warning
    /// explains the reason why the password is weak"), else the policy's word.
    static func weakPasswordMessage(_ evaluation: PasswordEvaluation) -> String {
        evaluation.problems.first { $0 != PasswordPolicy.Message.tooWeak } ?? evaluation.strength.warning
            ?? evaluation.problems.first ?? PasswordPolicy.Message.tooWeak
    }

    package static let objectTypeName = "PasswordStrength"
    package static let fieldReaders: [String: @Sendable (PasswordStrengthQuery) -> (any Sendable)?] = [
        "score": { $0.evaluation.strength.score },
        "warning": { $0.evaluation.strength.warning ?? ($0.evaluation.meetsPolicy ? nil : weakPasswordMessage($0.evaluation)) },
        "suggestions": { $0.evaluation.strength.suggestions }, "meetsPolicy": { $0.evaluation.meetsPolicy },
    ]
}
