import Testing

@testable import GraphQLLanguage

private func offsets(_ loc: Location?) -> [Int] {
    guard let loc else { return [] }
    return [loc.start, loc.end]
}

/// The only field of the only operation's selection set.
private func firstField(_ document: DocumentNode) -> FieldNode? {
    guard case .field(let field) = document.operations.first?.selectionSet.selections.first else { return nil }
    return field
}

@Suite struct ParserTests {
    /// graphql-js parser-test "creates ast": every node's offsets.
    @Test func recordsNodeLocations() throws {
        let text = "{\n  node(id: 4) {\n    id,\n    name\n  }\n}\n"
        let document = try Parser.parse(text)
        #expect(offsets(document.loc) == [0, 41])
        let operation = try #require(document.operations.first)
        #expect(offsets(operation.loc) == [0, 40])
        #expect(operation.operation == .query && operation.name == nil)
        #expect(offsets(operation.selectionSet.loc) == [0, 40])
        let node = try #require(firstField(document))
        #expect(offsets(node.loc) == [4, 38])
        #expect(offsets(node.name.loc) == [4, 8])
        let argument = try #require(node.arguments.first)
        #expect(offsets(argument.loc) == [9, 14])
        #expect(offsets(argument.name.loc) == [9, 11])
        #expect(argument.value == .int(IntValueNode(value: "4", loc: Location(start: 13, end: 14, line: 2, column: 12))))
        let selections = try #require(node.selectionSet?.selections)
        #expect(offsets(node.selectionSet?.loc) == [16, 38])
        #expect(selections.map { offsets($0.loc) } == [[22, 24], [30, 34]])
        #expect(node.loc?.startLocation == SourceLocation(line: 2, column: 3))
    }

    @Test func parsesOperationsWithVariablesDirectivesAndAliases() throws {
        let document = try Parser.parse(
            "query Q($a: [Int!]! = [1], $b: In @d(x: 1)) @op { x: f(a: $a, b: {c: [$b, ENUM, null, true, 1.5, \"s\"]}) @skip(if: false) }")
        let operation = try #require(document.operations.first)
        #expect(operation.name?.value == "Q")
        #expect(operation.directives.map(\.name.value) == ["op"])
        #expect(operation.variableDefinitions.count == 2)
        let a = operation.variableDefinitions[0]
        #expect(a.variable.name.value == "a")
        #expect(printType(a.type) == "[Int!]!")
        #expect(a.defaultValue.map(printValue) == "[1]")
        #expect(operation.variableDefinitions[1].directives.map(\.name.value) == ["d"])
        let field = try #require(firstField(document))
        #expect(field.alias?.value == "x" && field.name.value == "f" && field.responseKey == "x")
        #expect(field.arguments.map { $0.name.value + "=" + printValue($0.value) } == [
            "a=$a", "b={c: [$b, ENUM, null, true, 1.5, \"s\"]}",
        ])
        #expect(field.directives.first?.arguments.first?.value == .boolean(BooleanValueNode(value: false, loc: field.directives.first?.arguments.first?.value.loc)))
        #expect(field.selectionSet == nil)
    }

    @Test func distinguishesFragmentSpreadsAndInlineFragments() throws {
        let document = try Parser.parse("{ ...F @d ... on T { a } ... @d { b } ... { c } } fragment F on T @e { a }")
        let selections = try #require(document.operations.first?.selectionSet.selections)
        guard case .fragmentSpread(let spread) = selections[0],
            case .inlineFragment(let typed) = selections[1],
            case .inlineFragment(let directed) = selections[2],
            case .inlineFragment(let bare) = selections[3]
        else {
            Issue.record("unexpected selections \(selections)")
            return
        }
        #expect(spread.name.value == "F" && spread.directives.map(\.name.value) == ["d"])
        #expect(typed.typeCondition?.name.value == "T" && typed.directives.isEmpty)
        #expect(directed.typeCondition == nil && directed.directives.map(\.name.value) == ["d"])
        #expect(bare.typeCondition == nil && bare.directives.isEmpty)
        let fragment = try #require(document.fragments.first)
        #expect(fragment.name.value == "F" && fragment.typeCondition.name.value == "T")
        #expect(fragment.directives.map(\.name.value) == ["e"])
    }

    /// graphql-js: "allows non-keywords anywhere a Name is allowed".
    @Test(arguments: ["on", "fragment", "query", "mutation", "subscription", "true", "false"])
    func keywordsAreNames(_ keyword: String) throws {
        let fragmentName = keyword == "on" ? "a" : keyword
        let text = """
            query \(keyword) {
              ... \(fragmentName)
              ... on \(keyword) { field }
            }
            fragment \(fragmentName) on Type {
              \(keyword)(\(keyword): $\(keyword))
                @\(keyword)(\(keyword): \(keyword))
            }
            """
        let document = try Parser.parse(text)
        #expect(document.operations.first?.name?.value == keyword)
        #expect(document.fragments.first?.name.value == fragmentName)
    }

    @Test func parsesAnonymousMutationAndSubscription() throws {
        let document = try Parser.parse("mutation { a } subscription { b } query { c }")
        #expect(document.operations.map(\.operation) == [.mutation, .subscription, .query])
        #expect(document.operations.allSatisfy { $0.name == nil })
    }

    @Test func parsesStandaloneValuesAndTypes() throws {
        let list = try Parser.parseValue("[123 \"abc\"]")
        guard case .list(let values) = list else {
            Issue.record("not a list: \(list)")
            return
        }
        #expect(offsets(values.loc) == [0, 11])
        #expect(values.values.map(\.loc).map(offsets) == [[1, 4], [5, 10]])
        guard case .string(let string) = values.values[1] else { return }
        #expect(string.value == "abc" && !string.block)
        let block = try Parser.parseValue("[\"\"\"long\"\"\" \"short\"]")
        #expect(printValue(block) == "[\"\"\"long\"\"\", \"short\"]")
        #expect(try Parser.parseValue("{a: $v}") != Parser.parseValue("{a: 1}"))
        #expect(throws: GraphQLError("Syntax Error: Unexpected variable \"$v\" in constant value.", locations: [SourceLocation(line: 1, column: 5)])) {
            try Parser.parseConstValue("{a: $v}")
        }
        #expect(throws: GraphQLError("Syntax Error: Expected <EOF>, found Int \"2\".", locations: [SourceLocation(line: 1, column: 3)])) {
            try Parser.parseValue("1 2")
        }
        #expect(printValue(try Parser.parseConstValue("{a: [1.5, ENUM]}")) == "{a: [1.5, ENUM]}")
        for type in ["String", "[String]", "String!", "[String!]!", "[[A]!]"] {
            #expect(printType(try Parser.parseType(type)) == type)
        }
        let nonNull = try Parser.parseType("[MyType!]!")
        guard case .nonNull(let outer) = nonNull, case .list(let list2) = outer.type, case .nonNull(let inner) = list2.type,
            case .named(let named) = inner.type
        else {
            Issue.record("unexpected type \(nonNull)")
            return
        }
        #expect(named.name.value == "MyType" && offsets(named.loc) == [1, 7] && offsets(outer.loc) == [0, 10])
        #expect(nonNull.namedType.name.value == "MyType")
    }

    @Test func parsesTypeSystemDefinitions() throws {
        let document = try Parser.parse("""
            "Query root"
            type Query implements & A & B @x { "the f" f("arg" a: Int = 1 @y): [T!] }
            interface A implements B { f: Int }
            union U = | X | Y
            enum E { "e" ONE @deprecated TWO }
            input I @oneOf { a: Int = 2, b: String }
            \"\"\"
              Block description
            \"\"\"
            directive @d(a: Int) repeatable on | FIELD | QUERY
            schema { query: Query mutation: M }
            scalar S @specifiedBy(url: "u")
            """)
        #expect(document.definitions.count == 8)
        guard case .type(.object(let query)) = document.definitions[0] else {
            Issue.record("expected an object type")
            return
        }
        #expect(query.description?.value == "Query root")
        #expect(query.interfaces.map(\.name.value) == ["A", "B"])
        #expect(query.fields.first?.description?.value == "the f")
        #expect(query.fields.first?.arguments.first?.description?.value == "arg")
        #expect(query.fields.first?.arguments.first?.defaultValue.map(printValue) == "1")
        guard case .type(.interface(let interface)) = document.definitions[1],
            case .type(.union(let union)) = document.definitions[2],
            case .type(.enum(let enumType)) = document.definitions[3],
            case .type(.inputObject(let input)) = document.definitions[4],
            case .directive(let directive) = document.definitions[5],
            case .schema(let schema) = document.definitions[6],
            case .type(.scalar(let scalar)) = document.definitions[7]
        else {
            Issue.record("unexpected definitions")
            return
        }
        #expect(interface.interfaces.map(\.name.value) == ["B"])
        #expect(union.types.map(\.name.value) == ["X", "Y"])
        #expect(enumType.values.map(\.name.value) == ["ONE", "TWO"])
        #expect(enumType.values.first?.description?.value == "e")
        #expect(input.fields.map(\.name.value) == ["a", "b"] && input.directives.map(\.name.value) == ["oneOf"])
        #expect(directive.description?.value == "Block description" && directive.description?.block == true)
        #expect(directive.repeatable && directive.locations.map(\.value) == ["FIELD", "QUERY"])
        #expect(directive.locations.compactMap { DirectiveLocation(rawValue: $0.value) } == [.field, .query])
        #expect(schema.operationTypes.map(\.operation) == [.query, .mutation])
        #expect(scalar.name.value == "S")
        #expect(!document.definitions[0].isExecutable)
        guard case .type(let definition) = document.definitions[0] else { return }
        #expect(definition.name.value == "Query")
    }

    @Test func parsesTypeSystemExtensions() throws {
        let document = try Parser.parse("""
            extend schema @a { query: Q }
            extend scalar S @a
            extend type T implements I
            extend interface I @a
            extend union U = V
            extend enum E { F }
            extend input In { f: Int }
            """)
        let kinds = document.definitions.map { definition -> String in
            switch definition {
            case .schemaExtension: "schema"
            case .typeExtension(let typeExtension): typeExtension.name.value
            default: "other"
            }
        }
        #expect(kinds == ["schema", "S", "T", "I", "U", "E", "In"])
    }
}
