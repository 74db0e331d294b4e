import Foundation

/// Base64url without padding (RFC 4648 §5): the alphabet of the opaque
/// strings clients get (global ids, cursors), safe in URLs and JSON alike.
enum Base64URL {
    static func encode(_ text: String) -> String {
        Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The UTF-8 text `encoded` holds, or `nil` when it is not base64url of UTF-8.
    static func decode(_ encoded: String) -> String? {
        var base64 = encoded.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64) else { return nil }
        return String(data: data, encoding: .utf8)
    }
}
