import Foundation

/// The canonical text form of a UUID (`8-4-4-4-12` hex digits), read and
/// written by hand: PostgreSQL sends every `uuid` as this text, and list
/// queries decode and print thousands of them. Foundation's `UUID(uuidString:)`
/// goes through `sscanf` on Linux and `uuidString` through `snprintf`; together
/// with the lower-casing they were the largest items of a friends-list profile.
extension UUID {
    /// Parses the `8-4-4-4-12` form, hex digits in either case; `nil` for anything else.
    public init?(canonicalText text: String) {
        var text = text
        guard let value = text.withUTF8({ UUID(canonicalUTF8: $0) }) else { return nil }
        self = value
    }

    /// ``init(canonicalText:)`` on UTF-8 bytes, such as a cell as libpq returns it.
    ///
    /// Without a branch per digit: the digits of a random UUID are letters or numbers at
    /// random, so a branch on each mispredicted half the time, and parsing took about
    /// 150 ns (3% of the friends query's CPU time, issue 17); this takes about 60 ns.
    public init?(canonicalUTF8 utf8: UnsafeBufferPointer<UInt8>) {
        guard utf8.count == 36, let text = utf8.baseAddress,
              text[8] == UInt8(ascii: "-"), text[13] == UInt8(ascii: "-"), text[18] == UInt8(ascii: "-"),
              text[23] == UInt8(ascii: "-")
        else { return nil }
        var invalid: UInt8 = 0
        /// A hex digit's value: `0`–`9` are 0x30–0x39, `a`–`f` 0x61–0x66 and `A`–`F`
        /// 0x41–0x46, so the low four bits plus 9 for letters (bit 6 set).
        @inline(__always) func nibble(_ character: UInt8) -> UInt64 {
            let isDigit: UInt8 = character &- UInt8(ascii: "0") < 10 ? 1 : 0
            let isLetter: UInt8 = (character | 0x20) &- UInt8(ascii: "a") < 6 ? 1 : 0
            invalid |= 1 &- (isDigit | isLetter)
            return UInt64((character & 0x0F) &+ 9 &* (character >> 6))
        }
        @inline(__always) func byte(at index: Int) -> UInt64 {
            nibble(text[index]) << 4 | nibble(text[index + 1])
        }
        var high = byte(at: 0) << 56 | byte(at: 2) << 48 | byte(at: 4) << 40 | byte(at: 6) << 32
        high |= byte(at: 9) << 24 | byte(at: 11) << 16 | byte(at: 14) << 8 | byte(at: 16)
        var low = byte(at: 19) << 56 | byte(at: 21) << 48 | byte(at: 24) << 40 | byte(at: 26) << 32
        low |= byte(at: 28) << 24 | byte(at: 30) << 16 | byte(at: 32) << 8 | byte(at: 34)
        guard invalid == 0 else { return nil }
        self = withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
    }

    /// The `8-4-4-4-12` form in lower case, as PostgreSQL prints it.
    public var lowercasedText: String {
        String(unsafeUninitializedCapacity: 36) { out in
            writeLowercasedText(into: out, at: 0)
            return 36
        }
    }

    /// Writes ``lowercasedText``'s 36 bytes into `out` from `start`, for a string that has the
    /// text inside it (a media URL, made for every picture of a list) without a string of its own.
    public func writeLowercasedText(into out: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        precondition(start >= 0 && out.count - start >= 36, "no room for a UUID's text")
        let digits: StaticString = "0123456789abcdef"
        withUnsafeBytes(of: uuid) { raw in
            var position = start
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    out[position] = UInt8(ascii: "-")
                    position += 1
                }
                let byte = raw[index]
                out[position] = digits.utf8Start[Int(byte >> 4)]
                out[position + 1] = digits.utf8Start[Int(byte & 0x0f)]
                position += 2
            }
        }
    }
}
