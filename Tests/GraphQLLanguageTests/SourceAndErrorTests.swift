import Testing

@testable import GraphQLLanguage

@Suite struct SourceTests {
    @Test(arguments: [
        (0, 1, 1), (2, 1, 3), (3, 2, 1), (5, 2, 3), (6, 3, 1), (7, 3, 2), (8, 4, 1),
    ])
    func offsetsMapToLineAndColumn(offset: Int, line: Int, column: Int) {
        // Line terminators: "\n", "\r\n" and a lone "\r".
        let source = Source(body: "ab\nc\r\nd\re")
        #expect(source.location(at: offset) == SourceLocation(line: line, column: column))
    }

    @Test func columnsCountUTF16UnitsLikeGraphQLJS() {
        // "é" is 2 bytes / 1 unit, "😀" is 4 bytes / 2 units.
        let source = Source(body: "\"é😀\" x")
        let offset = Array("\"é😀\" ".utf8).count
        #expect(source.location(at: offset) == SourceLocation(line: 1, column: 7))
    }

    @Test func nodesWithoutALocationReadNil() {
        var name = NameNode(value: "a")
        #expect(name.loc == nil)
        name.loc = Location(start: 3, end: 4, line: 2, column: 1)
        #expect(name.loc?.startLocation == SourceLocation(line: 2, column: 1))
        #expect(name.loc?.end == 4)
        name.loc = nil
        #expect(name.loc == nil)
    }

    @Test func offsetsPastTheEndClampToTheEnd() {
        let source = Source(body: "a\nbc")
        #expect(source.location(at: 99) == SourceLocation(line: 2, column: 3))
    }
}

@Suite struct GraphQLErrorTests {
    @Test func locationsFollowTheNodes() {
        let source = Source(body: "{\n  a\n  b\n}")
        let a = FieldNode(name: NameNode(value: "a"), loc: Location(start: 4, end: 5, source: source))
        let b = FieldNode(name: NameNode(value: "b"), loc: Location(start: 8, end: 9, source: source))
        let unlocated = FieldNode(name: NameNode(value: "c"))
        let error = GraphQLError("Fields conflict.", nodes: [a, unlocated, b], path: ["user", 0])
        #expect(error.locations == [SourceLocation(line: 2, column: 3), SourceLocation(line: 3, column: 3)])
        #expect(error.path == [.key("user"), .index(0)])
        #expect(error.description == "Fields conflict. (2:3, 3:3)")
    }

    @Test func syntaxErrorsPrefixTheMessage() {
        let error = GraphQLError.syntaxError("Unexpected character: \"%\".", source: Source(body: "{ % }"), position: 2)
        #expect(error.message == "Syntax Error: Unexpected character: \"%\".")
        #expect(error.locations == [SourceLocation(line: 1, column: 3)])
    }

    @Test func extensionsKeepInsertionOrderAndCompare() {
        var extensions: ErrorExtensions = ["code": "FORBIDDEN", "retry": 3, "detail": ["fields": ["a", 1.5, nil, true]]]
        extensions["retry"] = 4
        extensions["extra"] = "x"
        extensions["code"] = nil
        #expect(extensions.entries.map(\.key) == ["retry", "detail", "extra"])
        #expect(extensions["retry"] == .int(4))
        let first = GraphQLError("m", extensions: extensions)
        var second = first
        #expect(first == second)
        second.extensions["extra"] = "y"
        #expect(first != second)
    }
}
