import AppCore
import Foundation

/// Normalisation and validation of what users type into account forms, with
/// the seeds' messages (Screen Cache's sign-up, Foodstabook's rules).
package enum AccountInput {
    static let invalidEmail = "Please enter a valid email"
    static let missingNickname = "Please enter a nickname"
    static let emailTaken = "An account with this email already exists"
    static let nicknameTaken = "This nickname is already taken"
    static let passwordMismatch = "Please re-enter the same password"
    static let termsNotAccepted = "Please accept the Terms and Conditions and the Privacy Policy"
    static let maxNicknameLength = 40

    /// An address trimmed of surrounding blanks; its lower-cased form is the key for lookups.
    static func normalizedEmail(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A plausible address: `local@domain.tld`, no blanks, at most 254 characters
    /// (RFC 5321's path limit). Whether it exists is what the verification link proves.
    static func isValidEmail(_ email: String) -> Bool {
        guard email.utf8.count <= 254, !email.contains(where: \.isWhitespace) else { return false }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].utf8.count <= 64 else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { label in
            !label.isEmpty && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
        } && (labels.last?.count ?? 0) >= 2
    }

    /// A trimmed, plausible address, or `BAD_USER_INPUT` on `field` with the seeds' message.
    static func validEmail(_ raw: String, field: String = "email") throws -> String {
        let email = normalizedEmail(raw)
        guard isValidEmail(email) else { throw ClientError.invalidInput([(field: field, message: invalidEmail)]) }
        return email
    }

    /// A trimmed, acceptable nickname, or `BAD_USER_INPUT` on `nickname` saying why not.
    static func validNickname(_ raw: String) throws -> String {
        let nickname = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if let problem = nicknameProblem(nickname) { throw ClientError.invalidInput([(field: "nickname", message: problem)]) }
        return nickname
    }

    /// The problem with a nickname, or `nil` when it is acceptable.
    static func nicknameProblem(_ nickname: String) -> String? {
        if nickname.isEmpty { return missingNickname }
        if nickname.count > maxNicknameLength { return "A nickname can have at most \(maxNicknameLength) characters" }
        if nickname.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "A nickname cannot contain control characters"
        }
        return nil
    }
}
