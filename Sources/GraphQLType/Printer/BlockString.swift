/// graphql-js `isPrintableAsBlockString`: whether a description survives a round
/// trip through a block string (no control characters, no leading or trailing
/// blank lines, no indentation common to every line).
func isPrintableAsBlockString(_ value: String) -> Bool {
    if value.isEmpty { return true }
    var isEmptyLine = true
    var hasIndent = false
    var hasCommonIndent = true
    var seenNonEmptyLine = false
    for scalar in value.unicodeScalars {
        switch scalar.value {
        case 0x00...0x08, 0x0B, 0x0C, 0x0E...0x1F, 0x0D:
            return false
        case 0x0A:
            if isEmptyLine, !seenNonEmptyLine { return false }
            seenNonEmptyLine = true
            isEmptyLine = true
            hasIndent = false
        case 0x09, 0x20:
            hasIndent = hasIndent || isEmptyLine
        default:
            hasCommonIndent = hasCommonIndent && hasIndent
            isEmptyLine = false
        }
    }
    if isEmptyLine { return false }
    if hasCommonIndent, seenNonEmptyLine { return false }
    return true
}

/// graphql-js `printBlockString`: `"""` escaped, and leading and trailing line
/// breaks added when they make the string easier to read or are needed to keep it.
func printBlockString(_ value: String) -> String {
    let escaped = value.replacingOccurrences(of: "\"\"\"", with: "\\\"\"\"")
    let lines = escaped.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
    let isSingleLine = lines.count == 1
    let forceLeadingNewLine = lines.count > 1
        && lines.dropFirst().allSatisfy { $0.isEmpty || $0.first == " " || $0.first == "\t" }
    let hasTrailingTripleQuotes = escaped.hasSuffix("\\\"\"\"")
    let hasTrailingQuote = value.hasSuffix("\"") && !hasTrailingTripleQuotes
    let hasTrailingSlash = value.hasSuffix("\\")
    let forceTrailingNewLine = hasTrailingQuote || hasTrailingSlash
    let printAsMultipleLines = !isSingleLine || value.utf16.count > 70 || forceTrailingNewLine
        || forceLeadingNewLine || hasTrailingTripleQuotes
    let skipLeadingNewLine = isSingleLine && (value.first == " " || value.first == "\t")
    var result = ""
    if (printAsMultipleLines && !skipLeadingNewLine) || forceLeadingNewLine { result += "\n" }
    result += escaped
    if printAsMultipleLines || forceTrailingNewLine { result += "\n" }
    return "\"\"\"" + result + "\"\"\""
}
