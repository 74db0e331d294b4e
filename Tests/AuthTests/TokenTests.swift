import Auth
import Testing

@Suite("Opaque tokens, secure random, constant-time comparison")
struct TokenTests {
    static let base64URLAlphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    @Test("a token is qry_ + 43 base64url characters (32 bytes, no padding)")
    func shape() {
        let token = OpaqueToken.generate()
        #expect(OpaqueToken.prefix == "qry_")
        #expect(token.hasPrefix("qry_"))
        let body = token.dropFirst(4)
        #expect(body.count == 43)
        #expect(body.allSatisfy { Self.base64URLAlphabet.contains($0) })
        #expect(!token.contains("="))
    }

    @Test("custom prefixes mark other kinds of tokens")
    func customPrefix() {
        let token = OpaqueToken.generate(prefix: "qrv_")
        #expect(token.hasPrefix("qrv_"))
        #expect(token.count == 4 + 43)
    }

    @Test("10,000 tokens are all different and use the whole alphabet")
    func uniqueness() {
        var seen = Set<String>()
        var characters = Set<Character>()
        for _ in 0..<10_000 {
            let token = OpaqueToken.generate()
            seen.insert(token)
            characters.formUnion(token.dropFirst(4))
        }
        #expect(seen.count == 10_000)
        // 64 symbols over ~420,000 draws: every one appears.
        #expect(characters == Self.base64URLAlphabet)
    }

    @Test("hash is SHA-256 of the token's bytes")
    func sha256Vectors() {
        #expect(hex(OpaqueToken.hash("abc")) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(OpaqueToken.hash("")) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let token = OpaqueToken.generate()
        #expect(OpaqueToken.hash(token).count == 32)
        #expect(OpaqueToken.hash(token) == OpaqueToken.hash(token))
        #expect(OpaqueToken.hash(token) != OpaqueToken.hash(OpaqueToken.generate()))
    }

    @Test("constantTimeEquals compares contents and lengths")
    func constantTime() {
        let a = OpaqueToken.hash("a")
        #expect(constantTimeEquals(a, a))
        #expect(constantTimeEquals(a, OpaqueToken.hash("a")))
        #expect(!constantTimeEquals(a, OpaqueToken.hash("b")))
        var lastByteDiffers = a
        lastByteDiffers[31] ^= 1
        #expect(!constantTimeEquals(a, lastByteDiffers))
        #expect(!constantTimeEquals(a, Array(a.prefix(31))))
        #expect(!constantTimeEquals([], [0]))
        #expect(constantTimeEquals([], []))
    }

    @Test("random bytes have the requested length and differ between calls")
    func randomBytes() {
        #expect(SecureRandom.bytes(0).isEmpty)
        #expect(SecureRandom.bytes(1).count == 1)
        let first = SecureRandom.bytes(64)
        #expect(first.count == 64)
        #expect(first != SecureRandom.bytes(64))
    }

    @Test("digits: right length, only decimal digits, roughly uniform")
    func digits() {
        #expect(SecureRandom.digits(0) == "")
        for length in [1, 6, 8, 40] {
            let code = SecureRandom.digits(length)
            #expect(code.count == length)
            #expect(code.allSatisfy { $0.isASCII && $0.isNumber })
        }
        var counts = [Character: Int]()
        let samples = 20_000
        for _ in 0..<(samples / 10) {
            for digit in SecureRandom.digits(10) { counts[digit, default: 0] += 1 }
        }
        #expect(counts.count == 10)
        // Expected 2,000 each; the standard deviation is about 42, so ±300 is over 7 sigma.
        for (digit, count) in counts {
            #expect(abs(count - samples / 10) < 300, "digit \(digit) appeared \(count) times")
        }
    }
}

func hex(_ bytes: [UInt8]) -> String {
    let symbols = Array("0123456789abcdef")
    return String(bytes.flatMap { [symbols[Int($0 >> 4)], symbols[Int($0 & 15)]] })
}
