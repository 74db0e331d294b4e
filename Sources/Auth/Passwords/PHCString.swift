/// An argon2 hash in the PHC string format that libargon2 reads and writes:
/// `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`, salt and hash in
/// unpadded standard base64. Parsed only to learn the parameters a stored
/// hash was made with (for `needsRehash`); libargon2 itself decodes the
/// string again when it verifies.
struct PHCString: Equatable {
    /// `argon2id`, `argon2i` or `argon2d`.
    var variant: String
    /// 19 (0x13) for current hashes; 16 for hashes written before the
    /// version field existed.
    var version: Int
    var parameters: Argon2Parameters
    var saltByteCount: Int
    var hashByteCount: Int

    static let currentVersion = 19

    init?(_ encoded: String) {
        let fields = encoded.split(separator: "$", omittingEmptySubsequences: false)
        // "" variant [v=…] params salt hash
        guard fields.count == 5 || fields.count == 6, fields[0].isEmpty else { return nil }
        guard ["argon2id", "argon2i", "argon2d"].contains(fields[1]) else { return nil }
        variant = String(fields[1])
        var next = 2
        if fields.count == 6 {
            guard fields[2].hasPrefix("v="), let version = Int(fields[2].dropFirst(2)) else { return nil }
            self.version = version
            next = 3
        } else {
            version = 16
        }
        var values: [Substring: Int] = [:]
        for pair in fields[next].split(separator: ",", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let value = Int(parts[1]), value >= 0 else { return nil }
            values[parts[0]] = value
        }
        guard values.count == 3, let m = values["m"], let t = values["t"], let p = values["p"] else { return nil }
        parameters = Argon2Parameters(memoryKiB: m, iterations: t, parallelism: p)
        guard let salt = Self.decodedLength(fields[next + 1]), let hash = Self.decodedLength(fields[next + 2]) else {
            return nil
        }
        saltByteCount = salt
        hashByteCount = hash
    }

    /// Bytes encoded by an unpadded base64 field, or nil if it is not one.
    private static func decodedLength(_ field: Substring) -> Int? {
        let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8
        guard !field.isEmpty, field.count % 4 != 1, field.utf8.allSatisfy({ alphabet.contains($0) }) else { return nil }
        return field.count * 3 / 4
    }

    /// A syntactically valid argon2id string with random salt and hash: no
    /// password matches it, and verifying against it costs exactly what a
    /// real verification with these parameters costs.
    static func dummy(parameters: Argon2Parameters, saltByteCount: Int, hashByteCount: Int) -> String {
        "$argon2id$v=\(currentVersion)$\(parameters)$"
            + Base64.standardEncoded(SecureRandom.bytes(saltByteCount)) + "$"
            + Base64.standardEncoded(SecureRandom.bytes(hashByteCount))
    }
}
