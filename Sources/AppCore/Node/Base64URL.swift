import Foundation

/// Base64url without padding (RFC 4648 §5): the alphabet of the opaque
/// strings clients get (global ids, cursors), safe in URLs and JSON alike.
package enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Encoded directly into the string's storage: every node id and cursor of
    /// a response goes through here, and Foundation's base64 followed by three
    /// `replacingOccurrences` cost more than the rest of a list's fields.
    package static func encode(_ text: String) -> String {
        let bytes = Array(text.utf8)
        return String(unsafeUninitializedCapacity: (bytes.count * 4 + 2) / 3) { out in
            var written = 0
            /// The first `count` 6-bit digits of a 24-bit group.
            func put(_ group: UInt32, digits count: Int) {
                for digit in 0..<count {
                    out[written] = alphabet[Int((group >> (18 - 6 * UInt32(digit))) & 0x3f)]
                    written += 1
                }
            }
            var index = 0
            while index + 3 <= bytes.count {
                put(UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]), digits: 4)
                index += 3
            }
            switch bytes.count - index {
            case 1: put(UInt32(bytes[index]) << 16, digits: 2)
            case 2: put(UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8, digits: 3)
            default: break
            }
            return written
        }
    }

    /// The UTF-8 text `encoded` holds, or `nil` when it is not base64url of UTF-8.
    package static func decode(_ encoded: String) -> String? {
        var base64 = encoded.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64) else { return nil }
        return String(data: data, encoding: .utf8)
    }
}
