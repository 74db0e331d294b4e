import GraphQLLanguage
import GraphQLType
import Testing

@testable import GraphQLValidation

/// Field selection merging when return types differ (spec §5.3.2 `SameResponseShape`),
/// after graphql-js's "return types must be unambiguous" cases.
@Suite struct OverlappingFieldsReturnTypesTests {
    static let schema: GraphQLSchema = {
        do {
            return try buildSchema(
                sdl: """
                    interface SomeBox {
                      deepBox: SomeBox
                      unrelatedField: String
                    }
                    type StringBox implements SomeBox {
                      scalar: String
                      deepBox: StringBox
                      unrelatedField: String
                      listStringBox: [StringBox]
                      stringBox: StringBox
                      intBox: IntBox
                    }
                    type IntBox implements SomeBox {
                      scalar: Int
                      deepBox: IntBox
                      unrelatedField: String
                      listStringBox: [StringBox]
                      stringBox: StringBox
                      intBox: IntBox
                    }
                    interface NonNullStringBox1 {
                      scalar: String!
                    }
                    type NonNullStringBox1Impl implements SomeBox & NonNullStringBox1 {
                      scalar: String!
                      unrelatedField: String
                      deepBox: SomeBox
                    }
                    interface NonNullStringBox2 {
                      scalar: String!
                    }
                    type NonNullStringBox2Impl implements SomeBox & NonNullStringBox2 {
                      scalar: String!
                      unrelatedField: String
                      deepBox: SomeBox
                    }
                    type Connection {
                      edges: [Edge]
                    }
                    type Edge {
                      node: Node
                    }
                    type Node {
                      id: ID
                      name: String
                    }
                    type Query {
                      someBox: SomeBox
                      connection: Connection
                      a: String
                    }
                    """)
        } catch {
            fatalError("test schema: \(error)")
        }
    }()

    private func expectConflicts(
        _ query: String, _ expected: [ExpectedError], sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        try expectErrors(.overlappingFieldsCanBeMerged, query, expected, schema: Self.schema, sourceLocation: sourceLocation)
    }

    private func expectMergeable(_ query: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        try expectValid(.overlappingFieldsCanBeMerged, query, schema: Self.schema, sourceLocation: sourceLocation)
    }

    @Test func conflictingReturnTypesWhichPotentiallyOverlap() throws {
        // An object could one day be both an IntBox and a NonNullStringBox1.
        try expectConflicts(
            """
            {
              someBox {
                ...on IntBox { scalar }
                ...on NonNullStringBox1 { scalar }
              }
            }
            """,
            [(Overlap.conflictingTypes("scalar", "Int", "String!"), [(3, 20), (4, 31)])])
    }

    @Test func compatibleReturnShapesOnDifferentReturnTypes() throws {
        try expectMergeable(
            """
            {
              someBox {
                ... on SomeBox { deepBox { unrelatedField } }
                ... on StringBox { deepBox { unrelatedField } }
              }
            }
            """)
    }

    @Test func disallowsDifferingReturnTypesDespiteNoOverlap() throws {
        try expectConflicts(
            """
            {
              someBox {
                ... on IntBox { scalar }
                ... on StringBox { scalar }
              }
            }
            """,
            [(Overlap.conflictingTypes("scalar", "Int", "String"), [(3, 21), (4, 24)])])
    }

    @Test func reportsCorrectlyWhenANonExclusiveFollowsAnExclusive() throws {
        try expectConflicts(
            """
            {
              someBox {
                ... on IntBox {
                  deepBox {
                    ...X
                  }
                }
              }
              someBox {
                ... on StringBox {
                  deepBox {
                    ...Y
                  }
                }
              }
              memoed: someBox {
                ... on IntBox {
                  deepBox {
                    ...X
                  }
                }
              }
              memoed: someBox {
                ... on StringBox {
                  deepBox {
                    ...Y
                  }
                }
              }
              other: someBox {
                ...X
              }
              other: someBox {
                ...Y
              }
            }
            fragment X on SomeBox {
              scalar
            }
            fragment Y on SomeBox {
              scalar: unrelatedField
            }
            """,
            [
                (
                    "Fields \"other\" conflict because subfields \"scalar\" conflict because \"scalar\" and"
                        + " \"unrelatedField\" are different fields." + Overlap.hint, [(30, 3), (38, 3), (33, 3), (41, 3)]
                )
            ])
    }

    @Test func disallowsDifferingReturnTypeNullabilityDespiteNoOverlap() throws {
        try expectConflicts(
            """
            {
              someBox {
                ... on NonNullStringBox1 { scalar }
                ... on StringBox { scalar }
              }
            }
            """,
            [(Overlap.conflictingTypes("scalar", "String!", "String"), [(3, 32), (4, 24)])])
    }

    @Test func disallowsDifferingReturnTypeListDespiteNoOverlap() throws {
        try expectConflicts(
            """
            {
              someBox {
                ... on IntBox { box: listStringBox { scalar } }
                ... on StringBox { box: stringBox { scalar } }
              }
            }
            """,
            [(Overlap.conflictingTypes("box", "[StringBox]", "StringBox"), [(3, 21), (4, 24)])])
        try expectConflicts(
            """
            {
              someBox {
                ... on IntBox { box: stringBox { scalar } }
                ... on StringBox { box: listStringBox { scalar } }
              }
            }
            """,
            [(Overlap.conflictingTypes("box", "StringBox", "[StringBox]"), [(3, 21), (4, 24)])])
    }

    @Test func disallowsDifferingSubfields() throws {
        try expectConflicts(
            """
            {
              someBox {
                ... on IntBox {
                  box: stringBox {
                    val: scalar
                    val: unrelatedField
                  }
                }
                ... on StringBox {
                  box: stringBox {
                    val: scalar
                  }
                }
              }
            }
            """,
            [(Overlap.differentFields("val", "scalar", "unrelatedField"), [(5, 9), (6, 9)])])
    }

    @Test func disallowsDifferingDeepReturnTypesDespiteNoOverlap() throws {
        try expectConflicts(
            """
            {
              someBox {
                ... on IntBox {
                  box: stringBox {
                    scalar
                  }
                }
                ... on StringBox {
                  box: intBox {
                    scalar
                  }
                }
              }
            }
            """,
            [
                (
                    "Fields \"box\" conflict because subfields \"scalar\" conflict because they return conflicting types"
                        + " \"String\" and \"Int\"." + Overlap.hint, [(4, 7), (5, 9), (9, 7), (10, 9)]
                )
            ])
    }

    @Test func allowsNonConflictingOverlappingTypes() throws {
        try expectMergeable(
            """
            {
              someBox {
                ... on IntBox { scalar: unrelatedField }
                ... on StringBox { scalar }
              }
            }
            """)
    }

    @Test func sameWrappedScalarReturnTypes() throws {
        try expectMergeable(
            """
            {
              someBox {
                ...on NonNullStringBox1 { scalar }
                ...on NonNullStringBox2 { scalar }
              }
            }
            """)
    }

    @Test func allowsInlineFragmentsWithoutTypeCondition() throws {
        try expectMergeable("{ a ... { a } }")
    }

    @Test func comparesDeepTypesIncludingList() throws {
        try expectConflicts(
            """
            {
              connection {
                ...edgeID
                edges {
                  node {
                    id: name
                  }
                }
              }
            }

            fragment edgeID on Connection {
              edges {
                node {
                  id
                }
              }
            }
            """,
            [
                (
                    "Fields \"edges\" conflict because subfields \"node\" conflict because subfields \"id\" conflict"
                        + " because \"name\" and \"id\" are different fields." + Overlap.hint,
                    [(4, 5), (5, 7), (6, 9), (13, 3), (14, 5), (15, 7)]
                )
            ])
    }

    @Test func ignoresUnknownTypes() throws {
        try expectMergeable(
            """
            {
              someBox {
                ...on UnknownType { scalar }
                ...on NonNullStringBox2 { scalar }
              }
            }
            """)
    }
}
