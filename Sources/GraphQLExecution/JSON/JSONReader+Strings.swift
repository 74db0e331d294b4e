extension Reader {
    /// string = quotation-mark *char quotation-mark (RFC 8259 §7), with the escapes
    /// `\" \\ \/ \b \f \n \r \t \uXXXX` (a surrogate pair as two `\u` escapes), no raw
    /// control characters, and valid UTF-8 only.
    mutating func readString() throws(JSONReadError) -> String {
        let open = index
        index += 1
        let start = index
        var sawNonASCII = false
        // Fast path: no escapes, the common case; the bytes become the string as they are.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start ..< index])
                index += 1
                if !sawNonASCII { return String(decoding: slice, as: UTF8.self) }
                if let string = String(validating: slice, as: UTF8.self) { return string }
                throw invalidUTF8(in: start ..< index - 1)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw controlCharacter() }
            sawNonASCII = sawNonASCII || byte >= 0x80
            index += 1
        }
        guard index < bytes.count else { throw unterminated(open) }
        var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[start ..< index]))
        var segmentStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart ..< index]))
                index += 1
                if !sawNonASCII { return String(decoding: utf8, as: UTF8.self) }
                if let string = String(validating: utf8, as: UTF8.self) { return string }
                throw invalidUTF8(in: start ..< index - 1)
            }
            if byte == UInt8(ascii: "\\") {
                utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart ..< index]))
                try readEscape(into: &utf8)
                segmentStart = index
                continue
            }
            if byte < 0x20 { throw controlCharacter() }
            sawNonASCII = sawNonASCII || byte >= 0x80
            index += 1
        }
        throw unterminated(open)
    }

    /// One escape sequence at `index` (the backslash), appended to `utf8` as UTF-8.
    private mutating func readEscape(into utf8: inout [UInt8]) throws(JSONReadError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw error("Unterminated escape sequence", at: escapeStart) }
        let simple: UInt8
        switch bytes[index] {
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "/"): simple = 0x2F
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"):
            index += 1
            let unit = try readHex4(escapeStart: escapeStart)
            var scalarValue = unit
            if (0xD800 ... 0xDBFF).contains(unit) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw error("Lone high surrogate \\u\(hex4(unit)) is not followed by a low surrogate", at: escapeStart)
                }
                let lowStart = index
                index += 2
                let low = try readHex4(escapeStart: lowStart)
                guard (0xDC00 ... 0xDFFF).contains(low) else {
                    throw error("High surrogate \\u\(hex4(unit)) is followed by \\u\(hex4(low)), not a low surrogate",
                        at: lowStart)
                }
                scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00 ... 0xDFFF).contains(unit) {
                throw error("Lone low surrogate \\u\(hex4(unit))", at: escapeStart)
            }
            // Surrogates are excluded above, so every remaining value is a scalar.
            if let scalar = Unicode.Scalar(scalarValue) { utf8.append(contentsOf: UTF8.encode(scalar)!) }
            return
        default:
            throw error("Invalid escape sequence \\\(describeEscaped())", at: escapeStart)
        }
        utf8.append(simple)
        index += 1
    }

    private mutating func readHex4(escapeStart: Int) throws(JSONReadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0 ..< 4 {
            guard index < bytes.count, let digit = hexValue(bytes[index]) else {
                throw error("Invalid Unicode escape: \\u needs four hexadecimal digits", at: escapeStart)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private func describeEscaped() -> String {
        guard index < bytes.count else { return "" }
        return describeCurrent().trimmingQuotes()
    }

    private func controlCharacter() -> JSONReadError {
        error("Unescaped control character U+\(hex4(UInt32(bytes[index]))) in a string (RFC 8259 §7: escape it)")
    }

    private func unterminated(_ open: Int) -> JSONReadError {
        error("Unterminated string (opened at \(positionText(open)))")
    }

    /// The error for the first invalid UTF-8 sequence in `range`.
    private func invalidUTF8(in range: Range<Int>) -> JSONReadError {
        var position = range.lowerBound
        while position < range.upperBound {
            guard let (_, length) = decodeScalar(at: position) else {
                return error("Invalid UTF-8 byte 0x\(String(bytes[position], radix: 16, uppercase: true)) in a string",
                    at: position)
            }
            position += length
        }
        return error("Invalid UTF-8 in a string", at: range.lowerBound)
    }

    /// Decodes one UTF-8 sequence strictly (no overlong forms, no surrogates, at most
    /// U+10FFFF); nil when the bytes at `offset` are not one.
    func decodeScalar(at offset: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        let lead = bytes[offset]
        let length: Int
        var value: UInt32
        switch lead {
        case 0x00 ..< 0x80: return (Unicode.Scalar(lead), 1)
        case 0xC2 ..< 0xE0: (length, value) = (2, UInt32(lead & 0x1F))
        case 0xE0 ..< 0xF0: (length, value) = (3, UInt32(lead & 0x0F))
        case 0xF0 ..< 0xF5: (length, value) = (4, UInt32(lead & 0x07))
        default: return nil
        }
        guard offset + length <= bytes.count else { return nil }
        for next in 1 ..< length {
            let byte = bytes[offset + next]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let smallest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= smallest, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}

extension String {
    fileprivate func trimmingQuotes() -> String {
        guard count >= 2, first == "'", last == "'" else { return self }
        return String(dropFirst().dropLast())
    }
}
