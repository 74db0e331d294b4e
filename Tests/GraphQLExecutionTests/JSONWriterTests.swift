import GraphQLExecution
import GraphQLLanguage
import GraphQLType
import Testing

/// The response writer formats strings and numbers as JSON.stringify does.
@Suite struct JSONWriterTests {
    func written(_ body: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        body(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func stringEscaping() {
        #expect(written { $0.string("plain") } == #""plain""#)
        #expect(written { $0.string("q\"b\\s/") } == #""q\"b\\s/""#)
        #expect(written { $0.string("\n\r\t\u{08}\u{0C}") } == #""\n\r\t\b\f""#)
        #expect(written { $0.string("\u{00}\u{01}\u{1F}\u{7F}") } == "\"\\u0000\\u0001\\u001f\u{7F}\"")
        #expect(written { $0.string("é 😀 \u{2028}") } == "\"é 😀 \u{2028}\"")
    }

    @Test(arguments: [
        (1.0, "1"), (1.5, "1.5"), (-0.0, "0"), (0.1, "0.1"), (1e21, "1e+21"), (1.5e-7, "1.5e-7"), (123456789012345680000, "123456789012345680000"),
        (-2.5, "-2.5"), (1e-6, "0.000001"), (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"),
    ])
    func floatFormatting(value: Double, expected: String) {
        #expect(written { $0.double(value) } == expected)
    }

    @Test func integers() {
        #expect(written { $0.int(0) } == "0")
        #expect(written { $0.int(-42) } == "-42")
        #expect(written { $0.int(Int.min) } == "-9223372036854775808")
        #expect(written { $0.int(2147483647) } == "2147483647")
    }

    @Test func errorsAndResultOrder() {
        let error = GraphQLError(
            "bad \"x\"", locations: [SourceLocation(line: 1, column: 2)], path: ["a", 0],
            extensions: ["code": "X", "n": 1.5, "l": [true, nil]])
        let result = ExecutionResult(data: Array(#"{"a":null}"#.utf8), errors: [error])
        #expect(result.jsonText == #"{"data":{"a":null},"errors":[{"message":"bad \"x\"","locations":[{"line":1,"column":2}],"path":["a",0],"extensions":{"code":"X","n":1.5,"l":[true,null]}}]}"#)
        #expect(ExecutionResult(requestErrors: [GraphQLError("no")]).jsonText == #"{"errors":[{"message":"no"}]}"#)
    }
}
