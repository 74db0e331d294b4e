import Testing

@testable import GraphQLValidation

@Suite struct UniqueInputFieldNamesRuleTests {
    @Test func uniqueFields() throws {
        try expectValid(.uniqueInputFieldNames, "{ field(arg: { f: true }) }")
        try expectValid(.uniqueInputFieldNames, "{ field(arg1: { f: true }, arg2: { f: true }) }")
        try expectValid(.uniqueInputFieldNames, "{ field(arg: { f1: \"value\", f2: \"value\", f3: \"value\" }) }")
        try expectValid(.uniqueInputFieldNames, """
            { field(arg: { deep: { deep: { id: 1 } id: 1 } id: 1 }) }
            """)
    }

    @Test func duplicatedFields() throws {
        try expectErrors(.uniqueInputFieldNames, """
            {
              field(arg: { f1: "value", f1: "value" })
            }
            """, [("There can be only one input field named \"f1\".", [(2, 16), (2, 29)])])
        try expectErrors(.uniqueInputFieldNames, """
            {
              field(arg: { f1: "value", f1: "value", f1: "value" })
            }
            """, [
                ("There can be only one input field named \"f1\".", [(2, 16), (2, 29)]),
                ("There can be only one input field named \"f1\".", [(2, 16), (2, 42)]),
            ])
    }

    @Test func nestedDuplicatesComeInDocumentOrder() throws {
        try expectErrors(.uniqueInputFieldNames, """
            {
              field(arg: { f1: {f2: "value", f2: "value" }, f1: [{ a: 1, a: 2 }] })
            }
            """, [
                ("There can be only one input field named \"f2\".", [(2, 21), (2, 34)]),
                ("There can be only one input field named \"f1\".", [(2, 16), (2, 49)]),
                ("There can be only one input field named \"a\".", [(2, 56), (2, 62)]),
            ])
    }
}
