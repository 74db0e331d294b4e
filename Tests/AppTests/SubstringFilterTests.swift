import Testing

@testable import AppCore

/// `SubstringFilter`'s escaping of `LIKE`'s special characters (PostgreSQL manual 9.7.1: `%`, `_`, and the
/// default escape character `\`), which PostgreSQL reads character by character of the encoding, not by
/// grapheme cluster.
@Suite("Substring filter escaping")
struct SubstringFilterTests {
    @Test func wildcardsAndTheEscapeCharacterMatchThemselves() throws {
        #expect(try #require(SubstringFilter("50%_off\\")).escaped == "50\\%\\_off\\\\")
        #expect(SubstringFilter("  ") == nil)
    }

    @Test func aWildcardFollowedByACombiningMarkIsStillEscaped() throws {
        #expect(try #require(SubstringFilter("%\u{301}_\u{301}")).escaped == "\\%\u{301}\\_\u{301}")
    }
}
