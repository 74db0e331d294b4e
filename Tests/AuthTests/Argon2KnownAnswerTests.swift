import Auth
import Testing

/// Known answers of the argon2 reference implementation (phc-winner-argon2's
/// test vectors: password "password", salt "somesalt"), so hashes written by
/// other argon2 implementations verify here and the PHC parsing agrees.
@Suite("PasswordHasher known answers")
struct Argon2KnownAnswerTests {
    static let argon2id = "$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHQ$nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4"
    static let argon2idTwoLanes = "$argon2id$v=19$m=256,t=2,p=2$c29tZXNhbHQ$bQk8UB/VmZZF4Oo79iDXuL5/0ttZwg2f/5U52iv1cDc"
    static let argon2i = "$argon2i$v=19$m=256,t=2,p=1$c29tZXNhbHQ$iekCn0Y3spW+sCcFanM2xBT63UP2sghkUoHLIUpWRS8"

    @Test("reference hashes verify; wrong passwords and altered hashes do not")
    func referenceVectors() async {
        let hasher = PasswordHasher(parameters: quick, threads: 1)
        defer { hasher.shutdown() }
        for encoded in [Self.argon2id, Self.argon2idTwoLanes, Self.argon2i] {
            // Other parameters than the hasher's: valid, but to be re-hashed.
            #expect(await hasher.verify("password", against: encoded) == .valid(needsRehash: true), "\(encoded)")
            #expect(await hasher.verify("Password", against: encoded) == .invalid, "\(encoded)")
        }
        let altered = Self.argon2id.replacing("nf65", with: "nf66")
        #expect(await hasher.verify("password", against: altered) == .invalid)
        let otherParameters = Self.argon2id.replacing("t=2", with: "t=3")
        #expect(await hasher.verify("password", against: otherParameters) == .invalid)
    }

    @Test("same parameters still need a rehash for an argon2i hash or a salt under 16 bytes")
    func rehashReasons() async {
        let hasher = PasswordHasher(parameters: Argon2Parameters(memoryKiB: 256, iterations: 2, parallelism: 1), threads: 1)
        defer { hasher.shutdown() }
        // "somesalt" is 8 bytes.
        #expect(await hasher.verify("password", against: Self.argon2id) == .valid(needsRehash: true))
        #expect(await hasher.verify("password", against: Self.argon2i) == .valid(needsRehash: true))
    }
}
