/// Unpadded base64 in the two alphabets Auth needs: base64url (RFC 4648 §5)
/// for tokens that travel in URLs and headers, and the standard alphabet
/// (RFC 4648 §4) that the PHC string format uses for argon2 salts and hashes.
enum Base64 {
    private static let standardAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let urlAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// base64url without `=` padding.
    static func urlEncoded(_ bytes: [UInt8]) -> String {
        encode(bytes, alphabet: urlAlphabet)
    }

    /// Standard base64 without `=` padding, as in PHC strings.
    static func standardEncoded(_ bytes: [UInt8]) -> String {
        encode(bytes, alphabet: standardAlphabet)
    }

    private static func encode(_ bytes: [UInt8], alphabet: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let remaining = bytes.count - index
            let b0 = UInt32(bytes[index])
            let b1 = remaining > 1 ? UInt32(bytes[index + 1]) : 0
            let b2 = remaining > 2 ? UInt32(bytes[index + 2]) : 0
            let group = b0 << 16 | b1 << 8 | b2
            output.append(alphabet[Int(group >> 18 & 63)])
            output.append(alphabet[Int(group >> 12 & 63)])
            if remaining > 1 { output.append(alphabet[Int(group >> 6 & 63)]) }
            if remaining > 2 { output.append(alphabet[Int(group & 63)]) }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}
