/// Prints a string as a GraphQL string literal (spec §2.9.4), escaping `"`,
/// `\`, control characters and U+007F–U+009F the way graphql-js's
/// `printString` does (`\n`, `\u001F`, ...).
public func printString(_ value: String) -> String {
    var result = "\""
    result.reserveCapacity(value.utf8.count + 2)
    for scalar in value.unicodeScalars {
        switch scalar.value {
        case 0x08: result += "\\b"
        case 0x09: result += "\\t"
        case 0x0A: result += "\\n"
        case 0x0C: result += "\\f"
        case 0x0D: result += "\\r"
        case 0x22: result += "\\\""
        case 0x5C: result += "\\\\"
        case 0x00...0x1F, 0x7F...0x9F: result += "\\u" + hex(scalar.value, width: 4)
        default: result.unicodeScalars.append(scalar)
        }
    }
    result += "\""
    return result
}

/// Prints a block string literal (spec §2.9.4) so that its BlockStringValue
/// is `value`, formatted like graphql-js's `printBlockString`: long or
/// multi-line values get the quotes on lines of their own.
public func printBlockString(_ value: String) -> String {
    let escaped = value.replacing("\"\"\"", with: "\\\"\"\"")
    let lines = splitLines(escaped)
    let isSingleLine = lines.count == 1
    let forceLeadingNewLine =
        lines.count > 1 && lines.dropFirst().allSatisfy { $0.isEmpty || isBlockWhiteSpace($0.utf8.first) }
    let hasTrailingTripleQuotes = escaped.hasSuffix("\\\"\"\"")
    let hasTrailingQuote = value.hasSuffix("\"") && !hasTrailingTripleQuotes
    let hasTrailingSlash = value.hasSuffix("\\")
    let forceTrailingNewLine = hasTrailingQuote || hasTrailingSlash
    let printAsMultipleLines =
        !isSingleLine || value.utf16.count > 70 || forceTrailingNewLine || forceLeadingNewLine
        || hasTrailingTripleQuotes
    let skipLeadingNewLine = isSingleLine && isBlockWhiteSpace(value.utf8.first)
    var result = "\"\"\""
    if (printAsMultipleLines && !skipLeadingNewLine) || forceLeadingNewLine { result += "\n" }
    result += escaped
    if printAsMultipleLines || forceTrailingNewLine { result += "\n" }
    result += "\"\"\""
    return result
}

private func isBlockWhiteSpace(_ byte: UInt8?) -> Bool {
    byte == ASCII.space || byte == ASCII.tab
}

/// Splits at `\r\n`, `\n` or `\r`.
private func splitLines(_ text: String) -> [Substring] {
    var lines: [Substring] = []
    var lineStart = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
        let character = text[index]
        if character == "\n" || character == "\r" || character == "\r\n" {
            lines.append(text[lineStart..<index])
            index = text.index(after: index)
            lineStart = index
        } else {
            index = text.index(after: index)
        }
    }
    lines.append(text[lineStart..<text.endIndex])
    return lines
}
