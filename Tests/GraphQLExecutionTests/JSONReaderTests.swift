import CommonTestSupport
import GraphQLType
import Testing

@testable import GraphQLExecution

@Suite("JSONReader: RFC 8259 request JSON to GraphQLValue")
struct JSONReaderTests {
    @Test("reads every kind of value, keeping object key order")
    func values() throws {
        let value = try JSONReader.read(
            #" { "b": [1, -2, 3.5, -0.25, 1e3, 2E-2, true, false, null], "a": {"x": "y"}, "c": "" } "#)
        #expect(value == .object([
            "b": [.int(1), .int(-2), .float(3.5), .float(-0.25), .float(1000), .float(0.02), true, false, .null],
            "a": ["x": "y"],
            "c": "",
        ]))
        #expect(value.objectValue?.keys == ["b", "a", "c"])
        #expect(try JSONReader.read("[]") == .list([]))
        #expect(try JSONReader.read("{}") == .object([:]))
        #expect(try JSONReader.read("\t\r\n 42 \n") == .int(42))
        #expect(try JSONReader.read(Array("\"top\"".utf8)) == .string("top"))
    }

    @Test("integers that fit Int stay exact; larger ones and fractions become doubles")
    func numbers() throws {
        #expect(try JSONReader.read("9223372036854775807") == .int(Int.max))
        #expect(try JSONReader.read("-9223372036854775808") == .int(Int.min))
        #expect(try JSONReader.read("9223372036854775808") == .float(9_223_372_036_854_775_808))
        #expect(try JSONReader.read("0") == .int(0))
        #expect(try JSONReader.read("-0") == .int(0))
        #expect(try JSONReader.read("1.0") == .float(1))
        #expect(try JSONReader.read("0.1") == .float(0.1))
        #expect(try JSONReader.read("123456789.123456789") == .float(123_456_789.123456789))
        #expect(try JSONReader.read("1.7976931348623157e308") == .float(Double.greatestFiniteMagnitude))
        #expect(try JSONReader.read("5e-324") == .float(Double.leastNonzeroMagnitude))
        #expect(try JSONReader.read("2.2250738585072014E-308") == .float(2.2250738585072014e-308))
        #expect(try JSONReader.read("0.30000000000000004") == .float(0.30000000000000004))
        #expect(try JSONReader.read("1e0") == .float(1))
    }

    @Test("every escape, surrogate pairs, and raw UTF-8 in strings")
    func strings() throws {
        #expect(try JSONReader.read(#""\" \\ \/ \b \f \n \r \t""#) == .string("\" \\ / \u{8} \u{C} \n \r \t"))
        #expect(try JSONReader.read(#""caf\u00E9 \u00e9""#) == .string("café é"))
        #expect(try JSONReader.read(#""\ud83d\ude00!""#) == .string("😀!"))
        #expect(try JSONReader.read("\"raw 😀 é\"") == .string("raw 😀 é"))
        #expect(try JSONReader.read(#""a\u0000b""#) == .string("a\u{0}b"))
        #expect(try JSONReader.read("\"\u{7F}\"") == .string("\u{7F}"))
    }

    @Test("syntax errors name the problem and its line and column", arguments: [
        ("", "Expected a JSON value, found the end of the input", 1, 1),
        ("  ", "Expected a JSON value, found the end of the input", 1, 3),
        ("{\"a\": 1,}", "Expected a string key in the object, found '}'", 1, 9),
        ("[1, 2,]", "Expected a JSON value, found ']'", 1, 7),
        ("[1 2]", "Expected ',' or ']' after an array element, found '2'", 1, 4),
        ("{\"a\" 1}", "Expected ':' after the object key \"a\", found '1'", 1, 6),
        ("{\"a\": 1 \"b\": 2}", "Expected ',' or '}' after an object member, found '\"'", 1, 9),
        ("{'a': 1}", "Expected a string key in the object, found '''", 1, 2),
        ("{\n  \"a\": tru\n}", "Expected 'true', found the control character U+000A", 2, 11),
        ("NaN", "Expected a JSON value, found 'N'", 1, 1),
        ("01", "Leading zeros are not allowed in JSON numbers", 1, 1),
        ("-", "Expected a digit after '-', found the end of the input", 1, 2),
        ("1.", "Expected a digit after the decimal point, found the end of the input", 1, 3),
        (".5", "Expected a JSON value, found '.'", 1, 1),
        ("1e", "Expected a digit in the exponent, found the end of the input", 1, 3),
        ("+1", "Expected a JSON value, found '+'", 1, 1),
        ("1e400", "The number 1e400 is too large", 1, 1),
        ("1 2", "Unexpected '2' after the JSON value", 1, 3),
        ("[1] // c", "Unexpected '/' after the JSON value", 1, 5),
        ("\"abc", "Unterminated string (opened at line 1, column 1)", 1, 5),
        ("\"a\nb\"", "Unescaped control character U+000A in a string (RFC 8259 §7: escape it)", 1, 3),
        ("\"\\x\"", "Invalid escape sequence \\x", 1, 2),
        ("\"\\u12\"", "Invalid Unicode escape: \\u needs four hexadecimal digits", 1, 2),
        ("\"\\ud83d\"", "Lone high surrogate \\uD83D is not followed by a low surrogate", 1, 2),
        ("\"\\ud83d\\u0041\"", "High surrogate \\uD83D is followed by \\u0041, not a low surrogate", 1, 8),
        ("\"\\ude00\"", "Lone low surrogate \\uDE00", 1, 2),
        ("{\"a\": 1, \"a\": 2}", "Duplicate object key \"a\"", 1, 10),
        ("[1,\n {\"é\": x}]", "Expected a JSON value, found 'x'", 2, 8),
        ("[1", "Unterminated array (opened at line 1, column 1): expected ',' or ']'", 1, 3),
        ("{\"a\":1", "Unterminated object (opened at line 1, column 1): expected ',' or '}'", 1, 7),
        ("[\"a\"]\u{0}", "Unexpected the control character U+0000 after the JSON value", 1, 6),
    ] as [(String, String, Int, Int)])
    func errors(input: String, message: String, line: Int, column: Int) {
        #expect(throws: JSONReadError.self) { try JSONReader.read(input) }
        do {
            _ = try JSONReader.read(input)
        } catch {
            #expect(error.message == message)
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.description == "JSON syntax error at line \(line), column \(column): \(message)")
        }
    }

    @Test("invalid UTF-8 is rejected at the offending byte")
    func invalidUTF8() {
        let cases: [([UInt8], Int)] = [
            ([0x22, 0x61, 0xFF, 0x22], 2),  // never valid in UTF-8
            ([0x22, 0xC0, 0xAF, 0x22], 1),  // overlong '/'
            ([0x22, 0xED, 0xA0, 0x80, 0x22], 1),  // an encoded surrogate
            ([0x22, 0x5C, 0x6E, 0xE2, 0x82, 0x22], 3),  // truncated sequence after an escape
        ]
        for (bytes, offset) in cases {
            do {
                _ = try JSONReader.read(bytes)
                Issue.record("accepted invalid UTF-8 \(bytes)")
            } catch {
                #expect(error.offset == offset)
                #expect(error.message.hasPrefix("Invalid UTF-8 byte 0x"))
            }
        }
    }

    @Test("duplicate keys are found in large objects too")
    func duplicatesInLargeObjects() {
        let members = (0 ..< 20).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let text = "{\(members), \"k3\": 0}"
        let offset = text.utf8.count - #""k3": 0}"#.utf8.count
        #expect(throws: JSONReadError(message: "Duplicate object key \"k3\"", offset: offset, line: 1, column: offset + 1)) {
            try JSONReader.read(text)
        }
        #expect((try? JSONReader.read("{\(members)}"))?.objectValue?.count == 20)
    }

    @Test("nesting deeper than maxDepth is an error, not a crash")
    func depth() throws {
        let deep = String(repeating: "[", count: JSONReader.maxDepth + 1) + String(repeating: "]", count: JSONReader.maxDepth + 1)
        #expect(throws: JSONReadError.self) { try JSONReader.read(deep) }
        let allowed = String(repeating: "[", count: JSONReader.maxDepth) + String(repeating: "]", count: JSONReader.maxDepth)
        #expect(try JSONReader.read(allowed).listValue?.count == 1)
    }

    @Test("reads the benchmark dataset and graphql-core's feed response")
    func workloadFiles() throws {
        let data = try JSONReader.read(try Array(Workloads.data("data.json")))
        #expect(data["viewerId"] == "u1")
        #expect(data["users"]?.listValue?.count == 1000)
        #expect(data["posts"]?.listValue?.count == 10000)
        #expect(data["comments"]?.listValue?.count == 50000)
        #expect(data["users"]?.listValue?.first?["friendIds"]?.listValue?.count == 50)
        let feed = try JSONReader.read(try Array(Workloads.data("expected_feed.json")))
        let friends = feed["data"]?["viewer"]?["friends"]?["edges"]?.listValue ?? []
        #expect(friends.count == 50)
        #expect(friends.allSatisfy { $0["node"]?["posts"]?["edges"]?.listValue?.count == 10 })
    }
}
