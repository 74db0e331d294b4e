/// Byte-level reading of ASCII header text (media types, parameters), for the
/// per-request checks that would otherwise split, trim and lowercase strings.
extension Substring.UTF8View {
    /// Drops `prefix` (lowercase ASCII) when the view starts with it in any
    /// letter case; says whether it did.
    mutating func dropPrefix(ignoringCase prefix: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        guard count >= expected.count else { return false }
        var index = startIndex
        for byte in expected {
            let actual = self[index]
            guard actual == byte || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(actual) && actual | 0x20 == byte else {
                return false
            }
            index = self.index(after: index)
        }
        self = self[index...]
        return true
    }

    /// Whether the view is `text` (lowercase ASCII) in any letter case.
    func equals(ignoringCase text: StaticString) -> Bool {
        var rest = self
        return rest.dropPrefix(ignoringCase: text) && rest.isEmpty
    }

    /// The view without the spaces and tabs at its ends.
    func trimmingSpacesAndTabs() -> Self {
        var trimmed = drop(while: \.isSpaceOrTab)
        while let last = trimmed.last, last.isSpaceOrTab { trimmed = trimmed.dropLast() }
        return trimmed
    }
}

extension UInt8 {
    /// A space or a horizontal tab: HTTP's optional whitespace (RFC 9110 §5.6.3).
    var isSpaceOrTab: Bool {
        self == UInt8(ascii: " ") || self == UInt8(ascii: "\t")
    }
}
