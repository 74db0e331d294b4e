import Testing
@testable import GraphQLType

/// Builds small schemas from definitions (the layer the SDL builder feeds).
@Suite struct SchemaAssemblyTests {
    static func userDefinitions() -> SchemaDefinitions {
        var definitions = SchemaDefinitions()
        definitions.types = [
            NamedTypeDefinition(
                name: "Query", kind: .object(
                    fields: [
                        FieldDefinition(name: "me", type: .named("User")),
                        FieldDefinition(
                            name: "search",
                            arguments: [InputValueDefinition(name: "first", type: .named("Int"), defaultValue: .value(10))],
                            type: .nonNull(.list(.nonNull(.named("SearchResult"))))),
                    ], interfaces: [])),
            NamedTypeDefinition(
                name: "Node", kind: .interface(fields: [FieldDefinition(name: "id", type: .nonNull(.named("ID")))], interfaces: [])),
            NamedTypeDefinition(
                name: "User", kind: .object(
                    fields: [
                        FieldDefinition(name: "id", type: .nonNull(.named("ID"))),
                        FieldDefinition(
                            name: "email", type: .named("String"),
                            directives: [AppliedDirectiveDefinition(name: "deprecated", arguments: [(name: "reason", value: .value("gone"))])]),
                    ], interfaces: ["Node"])),
            NamedTypeDefinition(
                name: "Post", kind: .object(fields: [FieldDefinition(name: "id", type: .nonNull(.named("ID")))], interfaces: ["Node"])),
            NamedTypeDefinition(name: "SearchResult", kind: .union(members: ["User", "Post"])),
        ]
        return definitions
    }

    @Test func ordersTypesLikeGraphQLJS() throws {
        var assembler = SchemaAssembler(definitions: Self.userDefinitions())
        let built = assembler.assemble()
        let schema = try #require(built)
        // Order computed by graphql-core for the equivalent SDL.
        #expect(schema.types.map(\.name) == [
            "Query", "Int", "Node", "ID", "User", "String", "Post", "SearchResult", "Boolean",
            "__Schema", "__Type", "__TypeKind", "__Field", "__InputValue", "__EnumValue", "__Directive",
            "__DirectiveLocation",
        ])
        #expect(schema.directives.map(\.name) == ["include", "skip", "deprecated", "specifiedBy", "oneOf"])
    }

    @Test func resolvesLookupsAndRelations() throws {
        var assembler = SchemaAssembler(definitions: Self.userDefinitions())
        let built = assembler.assemble()
        let schema = try #require(built)
        let query = try #require(schema.queryType)
        #expect(query.name == "Query")
        #expect(schema.mutationType == nil)
        let search = try #require(query.field(named: "search"))
        #expect(search.arguments.first?.defaultValue == .int(10))
        guard case .nonNull(let list) = search.type.shape, case .list(let item) = list.shape,
            case .nonNull(let named) = item.shape
        else {
            Issue.record("search type shape")
            return
        }
        #expect(named.isNamed)
        #expect(schema[named].name == "SearchResult")
        let node = try #require(schema.typeID(named: "Node"))
        let user = try #require(schema.typeID(named: "User"))
        let post = try #require(schema.typeID(named: "Post"))
        let union = try #require(schema.typeID(named: "SearchResult"))
        #expect(schema.possibleTypes(of: node) == [user, post])
        #expect(schema.possibleTypes(of: union) == [user, post])
        #expect(schema.isSubType(abstract: node, maybeSub: user))
        #expect(!schema.isSubType(abstract: union, maybeSub: node))
        #expect(schema.implementations(of: node).objects == [user, post])
        let email = try #require(schema[user].field(named: "email"))
        #expect(email.deprecationReason == "gone")
        #expect(email.directives == [GraphQLAppliedDirective(name: "deprecated", arguments: ["reason": "gone"])])
        #expect(schema.field(named: "__typename", in: user) === schema.typeNameMetaField)
        #expect(schema.field(named: "__schema", in: query.id) === schema.schemaMetaField)
        #expect(schema.field(named: "__schema", in: user) == nil)
        #expect(schema.directive(named: "skip")?.locations == [.field, .fragmentSpread, .inlineFragment])
    }

    @Test func reportsUnknownTypes() {
        var definitions = SchemaDefinitions()
        definitions.types = [
            NamedTypeDefinition(name: "Query", kind: .object(fields: [FieldDefinition(name: "a", type: .named("Foo"))], interfaces: []))
        ]
        var assembler = SchemaAssembler(definitions: definitions)
        #expect(assembler.assemble() == nil)
        #expect(assembler.errors.map(\.message) == ["Unknown type \"Foo\"."])
    }
}

@Suite struct TypeRefTests {
    @Test func wrapsAndUnwraps() throws {
        let id = TypeID(3)
        let named = GraphQLTypeRef.named(id)
        let nonNullNamed = try #require(GraphQLTypeRef.nonNull(named))
        let list = try #require(GraphQLTypeRef.list(nonNullNamed))
        let ref = try #require(GraphQLTypeRef.nonNull(list))
        #expect(ref.isNonNull)
        #expect(ref.nullable.isList)
        #expect(ref.nullable.ofType == GraphQLTypeRef.nonNull(named))
        #expect(ref.namedType == id)
        #expect(ref != ref.nullable)
        #expect(GraphQLTypeRef.nonNull(ref) == ref)
        var deep = named
        for _ in 0..<GraphQLTypeRef.maxWrapperDepth { deep = try #require(GraphQLTypeRef.list(deep)) }
        #expect(GraphQLTypeRef.list(deep) == nil)
    }
}
