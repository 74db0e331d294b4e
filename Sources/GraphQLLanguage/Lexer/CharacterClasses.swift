/// Byte-level character classes of the lexical grammar (spec §2.1).
enum ASCII {
    static let tab: UInt8 = 0x09
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let hash: UInt8 = 0x23
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let dot: UInt8 = 0x2E
    static let zero: UInt8 = 0x30
    static let backslash: UInt8 = 0x5C
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D

    /// Digit :: one of 0 1 2 3 4 5 6 7 8 9
    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// NameStart :: Letter or `_`
    @inline(__always) static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 0x61 < 26 || byte == 0x5F
    }

    /// NameContinue :: Letter, Digit or `_`
    @inline(__always) static func isNameContinue(_ byte: UInt8) -> Bool {
        isNameStart(byte) || isDigit(byte)
    }

    /// HexDigit value, or nil.
    @inline(__always) static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x37)
        case 0x61...0x66: UInt32(byte - 0x57)
        default: nil
        }
    }
}

/// A Unicode scalar value: any code point but a surrogate (spec §2.1 "SourceCharacter").
@inline(__always) func isUnicodeScalarValue(_ value: UInt32) -> Bool {
    value <= 0xD7FF || (value >= 0xE000 && value <= 0x10FFFF)
}

/// One character decoded from UTF-8: its code point and byte length. Bytes
/// that do not start a well-formed sequence decode as `invalidByte` (length 1);
/// a UTF-8-encoded surrogate decodes to its code point, which is then not a
/// scalar value and rejected by the caller like graphql-js rejects a lone surrogate.
struct DecodedCharacter {
    static let invalidByte: UInt32 = .max
    var value: UInt32
    var length: Int

    var isScalar: Bool { value != DecodedCharacter.invalidByte && isUnicodeScalarValue(value) }
    /// UTF-16 code units the character occupies (for graphql-js-style columns).
    var utf16Length: Int { value >= 0x10000 && value != DecodedCharacter.invalidByte ? 2 : 1 }
}

extension UnsafeBufferPointer<UInt8> {
    /// Decodes the character starting at `index` (which must be in bounds).
    func decodeCharacter(at index: Int) -> DecodedCharacter {
        let lead = self[index]
        if lead < 0x80 { return DecodedCharacter(value: UInt32(lead), length: 1) }
        let length: Int
        var value: UInt32
        var minimum: UInt32
        switch lead {
        case 0xC2...0xDF: (length, value, minimum) = (2, UInt32(lead & 0x1F), 0x80)
        case 0xE0...0xEF: (length, value, minimum) = (3, UInt32(lead & 0x0F), 0x800)
        case 0xF0...0xF4: (length, value, minimum) = (4, UInt32(lead & 0x07), 0x10000)
        default: return DecodedCharacter(value: DecodedCharacter.invalidByte, length: 1)
        }
        guard index + length <= count else { return DecodedCharacter(value: DecodedCharacter.invalidByte, length: 1) }
        for offset in 1..<length {
            let byte = self[index + offset]
            guard byte & 0xC0 == 0x80 else { return DecodedCharacter(value: DecodedCharacter.invalidByte, length: 1) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= minimum, value <= 0x10FFFF else {
            return DecodedCharacter(value: DecodedCharacter.invalidByte, length: 1)
        }
        return DecodedCharacter(value: value, length: length)
    }

    /// How graphql-js prints the character at `index` in messages: printable
    /// ASCII quoted (`"%"`, or `'"'` for a quote), other characters as `U+00E9`,
    /// the end of the source as `<EOF>`. A byte that is not UTF-8 prints as `byte 0xFF`.
    func describeCharacter(at index: Int) -> String {
        guard index < count else { return "<EOF>" }
        let character = decodeCharacter(at: index)
        if character.value == DecodedCharacter.invalidByte {
            return "byte 0x" + hex(UInt32(self[index]), width: 2)
        }
        if character.value >= 0x20 && character.value <= 0x7E {
            return character.value == 0x22 ? "'\"'" : "\"" + String(UnicodeScalar(UInt8(character.value))) + "\""
        }
        return "U+" + hex(character.value, width: 4)
    }

    /// The text of `range`, widened to whole UTF-8 characters and clamped to the buffer.
    func text(from start: Int, to end: Int) -> String {
        var upper = Swift.min(end, count)
        while upper < count, self[upper] & 0xC0 == 0x80 { upper += 1 }
        let lower = Swift.min(start, upper)
        return String(decoding: UnsafeBufferPointer(rebasing: self[lower..<upper]), as: UTF8.self)
    }
}

/// Upper-case hexadecimal, zero-padded to `width`.
func hex(_ value: UInt32, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
}

extension UnicodeScalar {
    /// Appends the UTF-8 encoding of a scalar to a byte buffer.
    static func appendUTF8(_ value: UInt32, to buffer: inout [UInt8]) {
        switch value {
        case 0..<0x80:
            buffer.append(UInt8(value))
        case 0x80..<0x800:
            buffer.append(UInt8(0xC0 | value >> 6))
            buffer.append(UInt8(0x80 | value & 0x3F))
        case 0x800..<0x10000:
            buffer.append(UInt8(0xE0 | value >> 12))
            buffer.append(UInt8(0x80 | value >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | value & 0x3F))
        default:
            buffer.append(UInt8(0xF0 | value >> 18))
            buffer.append(UInt8(0x80 | value >> 12 & 0x3F))
            buffer.append(UInt8(0x80 | value >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | value & 0x3F))
        }
    }
}
