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
