import Foundation

/// The canonical text form of a UUID (`8-4-4-4-12` hex digits), read and
/// written by hand: PostgreSQL sends every `uuid` as this text, and list
/// queries decode and print thousands of them. Foundation's `UUID(uuidString:)`
/// goes through `sscanf` on Linux and `uuidString` through `snprintf`; together
/// with the lower-casing they were the largest items of a friends-list profile.
extension UUID {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Parses the `8-4-4-4-12` form, hex digits in either case; `nil` for anything else.
    public init?(canonicalText text: String) {
        var text = text
        guard let value = text.withUTF8({ UUID(canonicalUTF8: $0) }) else { return nil }
        self = value
    }

    /// ``init(canonicalText:)`` on UTF-8 bytes, such as a cell as libpq returns it.
    public init?(canonicalUTF8 utf8: UnsafeBufferPointer<UInt8>) {
        guard utf8.count == 36 else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let complete = withUnsafeMutableBytes(of: &value) { out -> Bool in
            var index = 0
            var byte = 0
            while index < 36 {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard utf8[index] == UInt8(ascii: "-") else { return false }
                    index += 1
                    continue
                }
                guard let high = Self.nibble(utf8[index]), let low = Self.nibble(utf8[index + 1]) else { return false }
                out[byte] = high << 4 | low
                byte += 1
                index += 2
            }
            return true
        }
        guard complete else { return nil }
        self.init(uuid: value)
    }

    /// The `8-4-4-4-12` form in lower case, as PostgreSQL prints it.
    public var lowercasedText: String {
        withUnsafeBytes(of: uuid) { raw in
            String(unsafeUninitializedCapacity: 36) { out in
                var position = 0
                for (index, byte) in raw.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        out[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    out[position] = Self.hexDigits[Int(byte >> 4)]
                    out[position + 1] = Self.hexDigits[Int(byte & 0x0f)]
                    position += 2
                }
                return position
            }
        }
    }

    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
