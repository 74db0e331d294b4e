import Testing

@testable import Mail

/// `HTMLText.escape` against the characters the HTML tokenizer (HTML Living Standard 13.2.5)
/// treats as markup in element content and in a double-quoted attribute value.
@Suite("HTML escaping")
struct HTMLTextTests {
    @Test func markupCharactersAreEscaped() {
        #expect(HTMLText.escape(#"<b a="x" b='y'>&</b>"#) == "&lt;b a=&quot;x&quot; b=&#39;y&#39;&gt;&amp;&lt;/b&gt;")
        #expect(HTMLText.escape("héllo ✓ 👍🏽") == "héllo ✓ 👍🏽")
    }

    @Test func aQuoteFollowedByACombiningMarkIsStillEscaped() {
        // One `Character` in Swift, but the tokenizer sees the quote first and would end the attribute value.
        #expect(HTMLText.escape("x\"\u{301} onclick=y") == "x&quot;\u{301} onclick=y")
        #expect(HTMLText.escape("<\u{301}&\u{301}'\u{301}>\u{301}") == "&lt;\u{301}&amp;\u{301}&#39;\u{301}&gt;\u{301}")
    }
}
