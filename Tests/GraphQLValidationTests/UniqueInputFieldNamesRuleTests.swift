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

@Suite struct UniqueNamesOnLongListsTests {
    /// Past a few names the duplicate checks use a table; the results are the same
    /// (locations as graphql-core reports them).
    @Test func longInputObjectsAndArgumentLists() throws {
        let fields = (0..<40).map { "f\($0): 1" }.joined(separator: ", ")
        try expectErrors(.uniqueInputFieldNames, "{ field(arg: { \(fields), f3: 2, f39: 3, f3: 4 }) }", [
            ("There can be only one input field named \"f3\".", [(1, 37), (1, 326)]),
            ("There can be only one input field named \"f39\".", [(1, 318), (1, 333)]),
            ("There can be only one input field named \"f3\".", [(1, 37), (1, 341)]),
        ])
        let arguments = (0..<20).map { "a\($0): 1" }.joined(separator: ", ")
        try expectErrors(.uniqueArgumentNames, "{ field(\(arguments), a1: 2, a19: 3, a1: 4) }", [
            ("There can be only one argument named \"a1\".", [(1, 16), (1, 159), (1, 174)]),
            ("There can be only one argument named \"a19\".", [(1, 151), (1, 166)]),
        ])
    }
}
