/// Whether a POST body's `Content-Type` is JSON in UTF-8 (spec §"POST":
/// `application/json`; a `charset`, if any, must be UTF-8).
///
/// Nearly every client sends `application/json`, perhaps with
/// `; charset=utf-8`: those spellings are recognised byte by byte, in any
/// letter case, without splitting the header into strings; anything else goes
/// through ``MediaRange``, which decides alone (the quick answer is only ever
/// "yes" where ``MediaRange`` would say yes too).
enum JSONContentType {
    static func accepts(_ header: String) -> Bool {
        if isCommonSpelling(header.utf8) { return true }
        guard let range = MediaRange(header) else { return false }
        return range.type == "application" && range.subtype == "json" && range.charsetIsUTF8
    }

    /// `application/json`, optionally followed by `;charset=utf-8` or `utf8`
    /// with spaces or tabs around the `;`, ASCII letters in any case.
    static func isCommonSpelling(_ header: String.UTF8View) -> Bool {
        var rest = header[...]
        guard rest.dropPrefix(ignoringCase: "application/json") else { return false }
        if rest.isEmpty { return true }
        rest = rest.drop(while: \.isSpaceOrTab)
        guard rest.first == UInt8(ascii: ";") else { return false }
        rest = rest.dropFirst().drop(while: \.isSpaceOrTab)
        guard rest.dropPrefix(ignoringCase: "charset=") else { return false }
        return rest.equals(ignoringCase: "utf-8") || rest.equals(ignoringCase: "utf8")
    }
}
