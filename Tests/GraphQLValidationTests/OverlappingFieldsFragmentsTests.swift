import GraphQLLanguage
import GraphQLType
import Testing

@testable import GraphQLValidation

/// Field selection merging through fragments (spec §5.3.2), after graphql-js's
/// fragment, deep-conflict and recursive-fragment cases: exact messages, every location.
@Suite struct OverlappingFieldsFragmentsTests {
    // MARK: Fragments

    @Test func encountersConflictInFragments() throws {
        try expectErrors(.overlappingFieldsCanBeMerged, 
            """
            {
              ...A
              ...B
            }
            fragment A on Type {
              x: a
            }
            fragment B on Type {
              x: b
            }
            """,
            [(Overlap.differentFields("x", "a", "b"), [(6, 3), (9, 3)])])
    }

    @Test func reportsEachConflictOnce() throws {
        try expectErrors(.overlappingFieldsCanBeMerged, 
            """
            {
              f1 {
                ...A
                ...B
              }
              f2 {
                ...B
                ...A
              }
              f3 {
                ...A
                ...B
                x: c
              }
            }
            fragment A on Type {
              x: a
            }
            fragment B on Type {
              x: b
            }
            """,
            [
                (Overlap.differentFields("x", "a", "b"), [(17, 3), (20, 3)]),
                (Overlap.differentFields("x", "c", "a"), [(13, 5), (17, 3)]),
                (Overlap.differentFields("x", "c", "b"), [(13, 5), (20, 3)]),
            ])
    }

    @Test func deepConflict() throws {
        try expectErrors(.overlappingFieldsCanBeMerged, 
            """
            {
              field {
                x: a
              },
              field {
                x: b
              }
            }
            """,
            [
                (
                    "Fields \"field\" conflict because subfields \"x\" conflict because \"a\" and \"b\" are different fields."
                        + Overlap.hint, [(2, 3), (3, 5), (5, 3), (6, 5)]
                )
            ])
    }

    @Test func deepConflictWithMultipleIssues() throws {
        try expectErrors(.overlappingFieldsCanBeMerged, 
            """
            {
              field {
                x: a
                y: c
              },
              field {
                x: b
                y: d
              }
            }
            """,
            [
                (
                    "Fields \"field\" conflict because subfields \"x\" conflict because \"a\" and \"b\" are different fields"
                        + " and subfields \"y\" conflict because \"c\" and \"d\" are different fields." + Overlap.hint,
                    [(2, 3), (3, 5), (4, 5), (6, 3), (7, 5), (8, 5)]
                )
            ])
    }

    @Test func veryDeepConflict() throws {
        try expectErrors(.overlappingFieldsCanBeMerged, 
            """
            {
              field {
                deepField {
                  x: a
                }
              },
              field {
                deepField {
                  x: b
                }
              }
            }
            """,
            [
                (
                    "Fields \"field\" conflict because subfields \"deepField\" conflict because subfields \"x\" conflict"
                        + " because \"a\" and \"b\" are different fields." + Overlap.hint,
                    [(2, 3), (3, 5), (4, 7), (7, 3), (8, 5), (9, 7)]
                )
            ])
    }

    @Test func reportsDeepConflictToNearestCommonAncestor() throws {
        try expectErrors(.overlappingFieldsCanBeMerged, 
            """
            {
              field {
                deepField {
                  x: a
                }
                deepField {
                  x: b
                }
              },
              field {
                deepField {
                  y
                }
              }
            }
            """,
            [
                (
                    "Fields \"deepField\" conflict because subfields \"x\" conflict because \"a\" and \"b\" are different fields."
                        + Overlap.hint, [(3, 5), (4, 7), (6, 5), (7, 7)]
                )
            ])
    }

    @Test func reportsDeepConflictToNearestCommonAncestorInFragments() throws {
        try expectErrors(.overlappingFieldsCanBeMerged, 
            """
            {
              field {
                ...F
              }
              field {
                ...F
              }
            }
            fragment F on T {
              deepField {
                deeperField {
                  x: a
                }
                deeperField {
                  x: b
                }
              },
              deepField {
                deeperField {
                  y
                }
              }
            }
            """,
            [
                (
                    "Fields \"deeperField\" conflict because subfields \"x\" conflict because \"a\" and \"b\" are different fields."
                        + Overlap.hint, [(11, 5), (12, 7), (14, 5), (15, 7)]
                )
            ])
    }

    @Test func reportsDeepConflictInNestedFragments() throws {
        try expectErrors(.overlappingFieldsCanBeMerged, 
            """
            {
              field {
                ...I
              }
              field {
                ...F
              }
            }
            fragment F on T {
              x: a
              ...G
            }
            fragment G on T {
              y: c
            }
            fragment I on T {
              y: d
              ...J
            }
            fragment J on T {
              x: b
            }
            """,
            [
                (
                    "Fields \"field\" conflict because subfields \"y\" conflict because \"d\" and \"c\" are different fields"
                        + " and subfields \"x\" conflict because \"b\" and \"a\" are different fields." + Overlap.hint,
                    [(2, 3), (17, 3), (21, 3), (5, 3), (14, 3), (10, 3)]
                )
            ])
    }

    @Test func reportsDeepConflictAfterNestedFragments() throws {
        try expectErrors(.overlappingFieldsCanBeMerged, 
            """
            fragment F on T {
              ...G
            }
            fragment G on T {
              ...H
            }
            fragment H on T {
              x: a
            }
            {
              x: b
              ...F
            }
            """,
            [(Overlap.differentFields("x", "b", "a"), [(11, 3), (8, 3)])])
    }

    @Test func ignoresUnknownFragments() throws {
        try expectValid(.overlappingFieldsCanBeMerged, 
            """
            {
              field
              ...Unknown
              ...Known
            }
            fragment Known on T {
              field
              ...OtherUnknown
            }
            """)
    }

    // MARK: Recursive fragments

    @Test func doesNotLoopOnRecursiveFragments() throws {
        try expectValid(.overlappingFieldsCanBeMerged, "{ ...fragA } fragment fragA on Human { name, relatives { name, ...fragA } }")
        try expectValid(.overlappingFieldsCanBeMerged, "{ ...fragA } fragment fragA on Human { name, ...fragA }")
        try expectValid(.overlappingFieldsCanBeMerged, "{ ...fragA fragA } fragment fragA on QueryRoot { ...fragA }")
        try expectValid(.overlappingFieldsCanBeMerged, 
            """
            { ...fragA fragB }
            fragment fragA on Human { name, ...fragB }
            fragment fragB on Human { name, ...fragC }
            fragment fragC on Human { name, ...fragA }
            """)
        try expectValid(.overlappingFieldsCanBeMerged, 
            """
            {
              ...fragA
              ...fragB
            }
            fragment fragA on T { x { ...fragA x { ...fragA } } }
            fragment fragB on T { x { ...fragB x { ...fragB } } }
            """)
    }

    @Test func findsInvalidCaseEvenWithFieldNamedAfterFragment() throws {
        try expectErrors(.overlappingFieldsCanBeMerged, 
            """
            {
              fragA
              ...fragA
            }
            fragment fragA on Type {
              fragA: b
            }
            """,
            [(Overlap.differentFields("fragA", "fragA", "b"), [(2, 3), (6, 3)])])
    }

    @Test func findsInvalidCaseEvenWithImmediatelyRecursiveFragment() throws {
        try expectErrors(.overlappingFieldsCanBeMerged, 
            """
            fragment sameAliasesWithDifferentFieldTargets on Dog {
              ...sameAliasesWithDifferentFieldTargets
              fido: name
              fido: nickname
            }
            """,
            [(Overlap.differentFields("fido", "name", "nickname"), [(3, 3), (4, 3)])])
    }
}
