/// Why hashing failed.
public enum PasswordHashingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The hasher was shut down before the job ran.
    case shutDown
    /// libargon2 returned an error code.
    case argon2(code: Int32, message: String)

    public var description: String {
        switch self {
        case .shutDown: "the password hasher is shut down"
        case let .argon2(code, message): "argon2 failed (\(code)): \(message)"
        }
    }
}
