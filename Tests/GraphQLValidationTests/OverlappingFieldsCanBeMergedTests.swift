import GraphQLLanguage
import GraphQLType
import Testing

@testable import GraphQLValidation

/// Field selection merging (spec §5.3.2), case by case after graphql-js's
/// `OverlappingFieldsCanBeMergedRule-test.ts`: exact messages, every location.
@Suite struct OverlappingFieldsCanBeMergedTests {
    // MARK: Names, arguments and directives

    @Test func uniqueFields() throws {
        try expectValid(.overlappingFieldsCanBeMerged, "fragment uniqueFields on Dog { name nickname }")
    }

    @Test func identicalFields() throws {
        try expectValid(.overlappingFieldsCanBeMerged, "fragment mergeIdenticalFields on Dog { name name }")
    }

    @Test func identicalFieldsWithIdenticalArguments() throws {
        try expectValid(.overlappingFieldsCanBeMerged, 
            "fragment mergeIdenticalFieldsWithIdenticalArgs on Dog { doesKnowCommand(dogCommand: SIT) doesKnowCommand(dogCommand: SIT) }"
        )
    }

    @Test func identicalFieldsWithIdenticalDirectives() throws {
        try expectValid(.overlappingFieldsCanBeMerged, "fragment f on Dog { name @include(if: true) name @include(if: true) }")
    }

    @Test func differentArgumentsWithDifferentAliases() throws {
        try expectValid(.overlappingFieldsCanBeMerged, 
            """
            fragment differentArgsWithDifferentAliases on Dog {
              knowsSit: doesKnowCommand(dogCommand: SIT)
              knowsDown: doesKnowCommand(dogCommand: DOWN)
            }
            """)
    }

    @Test func differentDirectivesWithDifferentAliases() throws {
        try expectValid(.overlappingFieldsCanBeMerged, "fragment f on Dog { nameIfTrue: name @include(if: true) nameIfFalse: name @include(if: false) }")
    }

    @Test func differentSkipIncludeDirectivesAccepted() throws {
        // Differing @skip/@include do not make the value ambiguous.
        try expectValid(.overlappingFieldsCanBeMerged, "fragment f on Dog { name @include(if: true) name @include(if: false) }")
    }

    @Test func sameAliasesWithDifferentFieldTargets() throws {
        try expectErrors(.overlappingFieldsCanBeMerged, 
            """
            fragment sameAliasesWithDifferentFieldTargets on Dog {
              fido: name
              fido: nickname
            }
            """,
            [(Overlap.differentFields("fido", "name", "nickname"), [(2, 3), (3, 3)])])
    }

    @Test func sameAliasesAllowedOnNonOverlappingFields() throws {
        // No object is both a Dog and a Cat, so these fields never overlap.
        try expectValid(.overlappingFieldsCanBeMerged, 
            """
            fragment sameAliasesWithDifferentFieldTargets on Pet {
              ... on Dog { name }
              ... on Cat { name: nickname }
            }
            """)
    }

    @Test func aliasMaskingDirectFieldAccess() throws {
        try expectErrors(.overlappingFieldsCanBeMerged, 
            """
            fragment aliasMaskingDirectFieldAccess on Dog {
              name: nickname
              name
            }
            """,
            [(Overlap.differentFields("name", "nickname", "name"), [(2, 3), (3, 3)])])
    }

    @Test func differentArgumentsSecondAddsOne() throws {
        try expectErrors(.overlappingFieldsCanBeMerged, 
            """
            fragment conflictingArgs on Dog {
              doesKnowCommand
              doesKnowCommand(dogCommand: HEEL)
            }
            """,
            [(Overlap.differingArguments("doesKnowCommand"), [(2, 3), (3, 3)])])
    }

    @Test func differentArgumentsSecondMissesOne() throws {
        try expectErrors(.overlappingFieldsCanBeMerged, 
            """
            fragment conflictingArgs on Dog {
              doesKnowCommand(dogCommand: SIT)
              doesKnowCommand
            }
            """,
            [(Overlap.differingArguments("doesKnowCommand"), [(2, 3), (3, 3)])])
    }

    @Test func conflictingArgumentValues() throws {
        try expectErrors(.overlappingFieldsCanBeMerged, 
            """
            fragment conflictingArgs on Dog {
              doesKnowCommand(dogCommand: SIT)
              doesKnowCommand(dogCommand: HEEL)
            }
            """,
            [(Overlap.differingArguments("doesKnowCommand"), [(2, 3), (3, 3)])])
    }

    @Test func conflictingArgumentNames() throws {
        try expectErrors(.overlappingFieldsCanBeMerged, 
            """
            fragment conflictingArgs on Dog {
              isAtLocation(x: 0)
              isAtLocation(y: 0)
            }
            """,
            [(Overlap.differingArguments("isAtLocation"), [(2, 3), (3, 3)])])
    }

    @Test func allowsDifferentArgumentsWhereNoConflictIsPossible() throws {
        try expectValid(.overlappingFieldsCanBeMerged, 
            """
            fragment conflictingArgs on Pet {
              ... on Dog { name(surname: true) }
              ... on Cat { name }
            }
            """)
    }

    @Test func argumentsAndInputObjectFieldsAreUnordered() throws {
        let schema = try buildSchema(
            sdl: """
                input SomeInput { a: String b: String }
                type Query { someField(a: String, b: String, arg: SomeInput): String }
                """)
        try expectValid(.overlappingFieldsCanBeMerged, "{ someField(a: null, b: null) someField(b: null, a: null) }", schema: schema)
        try expectValid(.overlappingFieldsCanBeMerged, "{ someField(arg: { a: null, b: null }) someField(arg: { b: null, a: null }) }", schema: schema)
        try expectErrors(.overlappingFieldsCanBeMerged, 
            "{ someField(arg: { a: null, b: null }) someField(arg: { b: null, a: \"x\" }) }",
            [(Overlap.differingArguments("someField"), [(1, 3), (1, 40)])], schema: schema)
    }

    @Test func variablesAreComparedByName() throws {
        try expectValid(.overlappingFieldsCanBeMerged, 
            "query ($c: DogCommand) { dog { doesKnowCommand(dogCommand: $c) doesKnowCommand(dogCommand: $c) } }")
        try expectErrors(.overlappingFieldsCanBeMerged, 
            """
            query ($c: DogCommand, $d: DogCommand) {
              dog {
                doesKnowCommand(dogCommand: $c)
                doesKnowCommand(dogCommand: $d)
              }
            }
            """,
            [(Overlap.differingArguments("doesKnowCommand"), [(3, 5), (4, 5)])])
        try expectErrors(.overlappingFieldsCanBeMerged, 
            """
            query ($c: DogCommand = SIT) {
              dog {
                doesKnowCommand(dogCommand: SIT)
                doesKnowCommand(dogCommand: $c)
              }
            }
            """,
            [(Overlap.differingArguments("doesKnowCommand"), [(3, 5), (4, 5)])])
    }

    @Test func conflictsInsideInlineFragmentsAreReportedOnce() throws {
        // The inline fragment's fields belong to the enclosing set, checked once.
        try expectErrors(
            .overlappingFieldsCanBeMerged,
            """
            {
              dog {
                ... on Dog {
                  name(surname: true)
                  name
                }
              }
            }
            """,
            [(Overlap.differingArguments("name"), [(4, 7), (5, 7)])])
    }

    @Test func locationsOfDocumentsBuiltWithoutSourceStillWork() throws {
        // A document built in code has no locations: conflicts are still found.
        let field1 = FieldNode(alias: NameNode(value: "x"), name: NameNode(value: "name"))
        let field2 = FieldNode(alias: NameNode(value: "x"), name: NameNode(value: "nickname"))
        let spread = FragmentSpreadNode(name: NameNode(value: "F"))
        let fragment = FragmentDefinitionNode(
            name: NameNode(value: "F"), typeCondition: NamedTypeNode(name: NameNode(value: "Dog")),
            selectionSet: SelectionSetNode(selections: [.field(field2), .fragmentSpread(spread)]))
        let operation = OperationDefinitionNode(
            operation: .query,
            selectionSet: SelectionSetNode(selections: [
                .field(
                    FieldNode(
                        name: NameNode(value: "dog"),
                        selectionSet: SelectionSetNode(selections: [.field(field1), .fragmentSpread(spread)])))
            ]))
        let document = DocumentNode(definitions: [.operation(operation), .fragment(fragment)])
        let errors = validate(schema: harnessSchema, document: document, rules: [.overlappingFieldsCanBeMerged])
        #expect(errors.map(\.message) == [Overlap.differentFields("x", "name", "nickname")])
    }
}

// MARK: Helpers

/// Expectations shared by the field selection merging tests.
enum Overlap {
    /// graphql-js's closing sentence of every conflict message.
    static let hint = " Use different aliases on the fields to fetch both if this was intentional."

    static func differentFields(_ responseName: String, _ name1: String, _ name2: String) -> String {
        "Fields \"\(responseName)\" conflict because \"\(name1)\" and \"\(name2)\" are different fields." + hint
    }

    static func differingArguments(_ responseName: String) -> String {
        "Fields \"\(responseName)\" conflict because they have differing arguments." + hint
    }

    static func conflictingTypes(_ responseName: String, _ type1: String, _ type2: String) -> String {
        "Fields \"\(responseName)\" conflict because they return conflicting types \"\(type1)\" and \"\(type2)\"." + hint
    }
}
