/// The outcome of checking a password against a stored hash.
public enum PasswordVerification: Sendable, Equatable {
    /// Wrong password, or a stored value that is not an argon2 PHC string.
    case invalid
    /// Right password. `needsRehash` says the stored hash was made with other
    /// parameters (or another argon2 variant or version) than the hasher's:
    /// the caller should store `hash(password)` now, while it has the
    /// plaintext (issue 4: "verify re-hashes on login").
    case valid(needsRehash: Bool)
}

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
