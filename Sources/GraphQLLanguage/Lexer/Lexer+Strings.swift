extension Lexer {
    /// StringValue :: `""` [lookahead != `"`] | `"` StringCharacter+ `"`
    ///
    /// StringCharacter ::
    ///   - SourceCharacter but not `"` or `\` or LineTerminator
    ///   - `\u` EscapedUnicode
    ///   - `\` EscapedCharacter
    ///
    /// (spec §2.9.4 "String Value"). Printable ASCII without escapes, the
    /// common case, takes a fast path that copies the bytes once.
    mutating func readString(from start: Int) throws(GraphQLError) -> Token {
        let (line, column) = lineAndColumn(of: start)
        let count = bytes.count
        var position = start + 1
        while position < count {
            let code = bytes[position]
            if code == ASCII.quote {
                setString(String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<position]), as: UTF8.self))
                return token(.string, from: start, to: position + 1, line: line, column: column)
            }
            if code == ASCII.backslash || code == ASCII.newline || code == ASCII.carriageReturn || code >= 0x80 {
                break
            }
            position += 1
        }
        var value: [UInt8] = []
        value.reserveCapacity(position - start + 16)
        value.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<position]))
        while position < count {
            let code = bytes[position]
            if code == ASCII.quote {
                setString(String(decoding: value, as: UTF8.self))
                return token(.string, from: start, to: position + 1, line: line, column: column)
            }
            if code == ASCII.backslash {
                position = try readEscape(at: position, into: &value)
                continue
            }
            if code == ASCII.newline || code == ASCII.carriageReturn { break }
            if code < 0x80 {
                value.append(code)
                position += 1
                continue
            }
            let character = bytes.decodeCharacter(at: position)
            guard character.isScalar else { throw invalidCharacterInString(at: position) }
            value.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<(position + character.length)]))
            passed(character)
            position += character.length
        }
        throw syntaxError("Unterminated string.", at: position)
    }

    @inline(never)
    private func invalidCharacterInString(at position: Int) -> GraphQLError {
        syntaxError("Invalid character within String: \(bytes.describeCharacter(at: position)).", at: position)
    }

    /// Decodes the escape sequence at `position` (a backslash) into `value`
    /// and returns the offset after it.
    ///
    /// EscapedCharacter :: one of `"` `\` `/` `b` `f` `n` `r` `t`
    private func readEscape(at position: Int, into value: inout [UInt8]) throws(GraphQLError) -> Int {
        let escaped: UInt8
        switch byte(at: position + 1) {
        case 0x75:  // u
            if byte(at: position + 2) == ASCII.openBrace {
                return try readVariableWidthUnicode(at: position, into: &value)
            }
            return try readFixedWidthUnicode(at: position, into: &value)
        case ASCII.quote: escaped = ASCII.quote
        case ASCII.backslash: escaped = ASCII.backslash
        case 0x2F: escaped = 0x2F
        case 0x62: escaped = 0x08
        case 0x66: escaped = 0x0C
        case 0x6E: escaped = ASCII.newline
        case 0x72: escaped = ASCII.carriageReturn
        case 0x74: escaped = ASCII.tab
        default:
            throw syntaxError(
                "Invalid character escape sequence: \"\(bytes.text(from: position, to: position + 2))\".", at: position)
        }
        value.append(escaped)
        return position + 2
    }

    /// EscapedUnicode :: `{` HexDigit+ `}`, at most 8 digits, naming a
    /// Unicode scalar value.
    private func readVariableWidthUnicode(at position: Int, into value: inout [UInt8]) throws(GraphQLError) -> Int {
        var point: UInt32 = 0
        var size = 3
        while size < 12 {
            let code = byte(at: position + size)
            size += 1
            if code == ASCII.closeBrace {
                guard size >= 5, isUnicodeScalarValue(point) else { break }
                UnicodeScalar.appendUTF8(point, to: &value)
                return position + size
            }
            guard let digit = ASCII.hexValue(code) else { break }
            point = point &<< 4 | digit
        }
        throw syntaxError(
            "Invalid Unicode escape sequence: \"\(bytes.text(from: position, to: position + size))\".", at: position)
    }

    /// EscapedUnicode :: HexDigit HexDigit HexDigit HexDigit. A leading
    /// surrogate must be followed by `\u` and a trailing surrogate; the pair
    /// decodes to one supplementary character. Lone surrogates are errors.
    private func readFixedWidthUnicode(at position: Int, into value: inout [UInt8]) throws(GraphQLError) -> Int {
        if let code = read16BitHex(at: position + 2) {
            if isUnicodeScalarValue(code) {
                UnicodeScalar.appendUTF8(code, to: &value)
                return position + 6
            }
            if (0xD800...0xDBFF).contains(code), byte(at: position + 6) == ASCII.backslash,
                byte(at: position + 7) == 0x75, let trailing = read16BitHex(at: position + 8),
                (0xDC00...0xDFFF).contains(trailing)
            {
                UnicodeScalar.appendUTF8(0x10000 + ((code - 0xD800) << 10) + (trailing - 0xDC00), to: &value)
                return position + 12
            }
        }
        throw syntaxError(
            "Invalid Unicode escape sequence: \"\(bytes.text(from: position, to: position + 6))\".", at: position)
    }

    private func read16BitHex(at position: Int) -> UInt32? {
        var result: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = ASCII.hexValue(byte(at: position + offset)) else { return nil }
            result = result << 4 | digit
        }
        return result
    }

    /// StringValue :: `"""` BlockStringCharacter* `"""`
    ///
    /// BlockStringCharacter :: SourceCharacter but not `"""` or `\"""` | `\"""`
    ///
    /// The value is the raw text with line terminators normalized, `\"""`
    /// unescaped, and common indentation and blank first/last lines removed
    /// (spec §2.9.4 "BlockStringValue()").
    mutating func readBlockString(from start: Int) throws(GraphQLError) -> Token {
        let (line, column) = lineAndColumn(of: start)
        let count = bytes.count
        var raw: [UInt8] = []
        var lineStarts = [0]
        var position = start + 3
        var chunkStart = position
        while position < count {
            let code = bytes[position]
            if code == ASCII.quote && byte(at: position + 1) == ASCII.quote && byte(at: position + 2) == ASCII.quote {
                raw.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<position]))
                setString(blockStringValue(raw: raw, lineStarts: lineStarts))
                return token(.blockString, from: start, to: position + 3, line: line, column: column)
            }
            if code == ASCII.backslash && byte(at: position + 1) == ASCII.quote
                && byte(at: position + 2) == ASCII.quote && byte(at: position + 3) == ASCII.quote
            {
                raw.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<position]))
                chunkStart = position + 1
                position += 4
                continue
            }
            if code == ASCII.newline || code == ASCII.carriageReturn {
                raw.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<position]))
                raw.append(ASCII.newline)
                lineStarts.append(raw.count)
                position += code == ASCII.carriageReturn && byte(at: position + 1) == ASCII.newline ? 2 : 1
                passedLineTerminator(endingAt: position)
                chunkStart = position
                continue
            }
            if code < 0x80 {
                position += 1
                continue
            }
            let character = bytes.decodeCharacter(at: position)
            guard character.isScalar else { throw invalidCharacterInString(at: position) }
            passed(character)
            position += character.length
        }
        throw syntaxError("Unterminated string.", at: position)
    }
}

/// BlockStringValue(rawValue) (spec §2.9.4): removes the common indentation
/// of all lines but the first, then leading and trailing blank lines, and
/// joins the lines with `\n`. `raw` has `\n` line breaks; `lineStarts` holds
/// the offset of each line.
func blockStringValue(raw: [UInt8], lineStarts: [Int]) -> String {
    let lineCount = lineStarts.count
    func lineRange(_ index: Int) -> Range<Int> {
        lineStarts[index]..<(index + 1 < lineCount ? lineStarts[index + 1] - 1 : raw.count)
    }
    var commonIndent = Int.max
    var firstNonBlank: Int?
    var lastNonBlank = -1
    for index in 0..<lineCount {
        let range = lineRange(index)
        var indent = 0
        while indent < range.count, raw[range.lowerBound + indent] == ASCII.space || raw[range.lowerBound + indent] == ASCII.tab {
            indent += 1
        }
        if indent == range.count { continue }
        if firstNonBlank == nil { firstNonBlank = index }
        lastNonBlank = index
        if index != 0 && indent < commonIndent { commonIndent = indent }
    }
    guard let first = firstNonBlank else { return "" }
    var result: [UInt8] = []
    result.reserveCapacity(raw.count)
    for index in first...lastNonBlank {
        let range = lineRange(index)
        if index != first { result.append(ASCII.newline) }
        let lower = index == 0 ? range.lowerBound : min(range.lowerBound + commonIndent, range.upperBound)
        result.append(contentsOf: raw[lower..<range.upperBound])
    }
    return String(decoding: result, as: UTF8.self)
}
