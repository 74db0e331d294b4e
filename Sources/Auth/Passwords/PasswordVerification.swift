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
