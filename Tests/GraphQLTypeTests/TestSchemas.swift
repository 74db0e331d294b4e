@testable import GraphQLType

/// Schemas assembled from definitions, for tests that do not go through SDL.
enum TestSchemas {
    /// enum Color { RED GREEN BLUE }
    /// input In { a: Int!, b: String = "x", c: [Int], nested: In }
    /// input One @oneOf { a: Int, s: String }
    /// type Query { f(in: In, one: One, color: Color, ids: [ID!], f: Float, b: Boolean): Int }
    static let coercion: GraphQLSchema = {
        var definitions = SchemaDefinitions()
        definitions.types = [
            NamedTypeDefinition(
                name: "Query",
                kind: .object(
                    fields: [
                        FieldDefinition(
                            name: "f",
                            arguments: [
                                InputValueDefinition(name: "in", type: .named("In")),
                                InputValueDefinition(name: "one", type: .named("One")),
                                InputValueDefinition(name: "color", type: .named("Color")),
                                InputValueDefinition(name: "ids", type: .list(.nonNull(.named("ID")))),
                                InputValueDefinition(name: "f", type: .named("Float")),
                                InputValueDefinition(name: "b", type: .named("Boolean")),
                            ],
                            type: .named("Int"))
                    ], interfaces: [])),
            NamedTypeDefinition(
                name: "Color",
                kind: .enumeration([
                    EnumValueDefinition(name: "RED"), EnumValueDefinition(name: "GREEN"),
                    EnumValueDefinition(name: "BLUE"),
                ])),
            NamedTypeDefinition(
                name: "In",
                kind: .inputObject([
                    InputValueDefinition(name: "a", type: .nonNull(.named("Int"))),
                    InputValueDefinition(name: "b", type: .named("String"), defaultValue: .value("x")),
                    InputValueDefinition(name: "c", type: .list(.named("Int"))),
                    InputValueDefinition(name: "nested", type: .named("In")),
                ])),
            NamedTypeDefinition(
                name: "One",
                kind: .inputObject([
                    InputValueDefinition(name: "a", type: .named("Int")),
                    InputValueDefinition(name: "s", type: .named("String")),
                ]),
                directives: [AppliedDirectiveDefinition(name: "oneOf")]),
        ]
        var assembler = SchemaAssembler(definitions: definitions)
        return assembler.assemble()!
    }()

    /// The type of argument `name` of `Query.f` in ``coercion``.
    static func argumentType(_ name: String) -> GraphQLTypeRef {
        coercion.queryType!.field(named: "f")!.argument(named: name)!.type
    }
}
