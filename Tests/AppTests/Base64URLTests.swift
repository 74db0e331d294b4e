@testable import AppCore
import Foundation
import Testing

/// Base64url without padding (RFC 4648 §5), written by hand for speed, agrees
/// with Foundation's base64 translated to the URL alphabet, for every length.
@Suite("Base64URL")
struct Base64URLTests {
    @Test("encodes as Foundation does (URL alphabet, no padding) and decodes back, lengths 0 to 64")
    func agreesWithFoundation() {
        for length in 0...64 {
            let text = String((0..<length).map { _ in "aZ09:-_é€~".randomElement()! })
            let expected = Data(text.utf8).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            let encoded = Base64URL.encode(text)
            #expect(encoded == expected, "\(text)")
            #expect(Base64URL.decode(encoded) == text)
        }
    }

    @Test("RFC 4648 test vectors, without padding")
    func vectors() {
        let vectors = ["": "", "f": "Zg", "fo": "Zm8", "foo": "Zm9v", "foob": "Zm9vYg", "fooba": "Zm9vYmE", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in vectors {
            #expect(Base64URL.encode(plain) == encoded)
        }
    }
}
