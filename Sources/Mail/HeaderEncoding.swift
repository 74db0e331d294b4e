import Foundation

/// Header and body encodings for messages that may hold any Unicode text while SMTP
/// and RFC 5322 headers are 7-bit ASCII.
enum HeaderEncoding {
    /// The value itself when it is printable ASCII, otherwise RFC 2047 §4.1 "B" encoded
    /// words of at most 75 characters each (45 bytes of UTF-8, never splitting a
    /// character), folded onto continuation lines.
    static func encodedWords(_ value: String) -> String {
        if value.allSatisfy({ $0.isASCII && !$0.isNewline }) && value.count <= 900 { return value }
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in value {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > 45, !chunk.isEmpty {
                words.append(encodedWord(chunk))
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append(encodedWord(chunk)) }
        return words.joined(separator: "\r\n ")
    }

    private static func encodedWord(_ bytes: [UInt8]) -> String {
        "=?UTF-8?B?\(Data(bytes).base64EncodedString())?="
    }

    /// Base64 in lines of 76 characters (RFC 2045 §6.8), CRLF-terminated.
    static func base64Lines(_ text: String) -> String {
        let encoded = Data(text.utf8).base64EncodedString()
        var lines: [Substring] = []
        var start = encoded.startIndex
        while start < encoded.endIndex {
            let end = encoded.index(start, offsetBy: 76, limitedBy: encoded.endIndex) ?? encoded.endIndex
            lines.append(encoded[start..<end])
            start = end
        }
        return lines.map { $0 + "\r\n" }.joined()
    }
}
