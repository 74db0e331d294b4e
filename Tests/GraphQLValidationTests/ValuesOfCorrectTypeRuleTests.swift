import GraphQLType
import Testing

@testable import GraphQLValidation

@Suite struct ValuesOfCorrectTypeRuleTests {
    @Test func validLiterals() throws {
        try expectValid(.valuesOfCorrectType, """
            {
              complicatedArgs {
                intArgField(intArg: 2)
                booleanArgField(booleanArg: true)
                stringArgField(stringArg: "foo")
                floatArgField(floatArg: 1.1)
                f2: floatArgField(floatArg: 1)
                idArgField(idArg: "someIdString")
                i2: idArgField(idArg: 1)
                enumArgField(enumArg: NO_FUR)
                e2: enumArgField(enumArg: null)
                stringListArgField(stringListArg: ["one", null, "two"])
                s2: stringListArgField(stringListArg: "one")
                s3: stringListArgField(stringListArg: [])
                stringListNonNullArgField(stringListNonNullArg: ["one"])
                complexArgField(complexArg: { requiredField: true, intField: 4 })
                c2: complexArgField(complexArg: { requiredField: false, nonNullField: true })
                oneOfArgField(oneOfArg: { stringField: "abc" })
              }
              dog { doesKnowCommand(dogCommand: SIT) isHouseTrained(atOtherHomes: true) }
            }
            """)
        try expectValid(.valuesOfCorrectType, """
            query ($a: Int!, $b: [String], $c: ComplexInput = { requiredField: true }, $d: Int = null) {
              complicatedArgs { intArgField(intArg: $a) stringListArgField(stringListArg: [$a, "x", $b]) }
            }
            """)
    }

    @Test func wrongScalarLiterals() throws {
        try expectErrors(.valuesOfCorrectType, """
            {
              complicatedArgs {
                intArgField(intArg: "3")
                a: intArgField(intArg: 829384293849283498239482938)
                b: intArgField(intArg: 2.0)
                stringArgField(stringArg: 1)
                booleanArgField(booleanArg: "true")
                floatArgField(floatArg: true)
                idArgField(idArg: 1.0)
                c: stringArgField(stringArg: BAR)
              }
            }
            """, [
                ("Int cannot represent non-integer value: \"3\"", [(3, 25)]),
                ("Int cannot represent non 32-bit signed integer value: 829384293849283498239482938", [(4, 28)]),
                ("Int cannot represent non-integer value: 2.0", [(5, 28)]),
                ("String cannot represent a non string value: 1", [(6, 31)]),
                ("Boolean cannot represent a non boolean value: \"true\"", [(7, 33)]),
                ("Float cannot represent non numeric value: true", [(8, 29)]),
                ("ID cannot represent a non-string and non-integer value: 1.0", [(9, 23)]),
                ("String cannot represent a non string value: BAR", [(10, 34)]),
            ])
    }

    @Test func wrongEnumLiterals() throws {
        try expectErrors(.valuesOfCorrectType, """
            {
              dog {
                doesKnowCommand(dogCommand: 2)
                a: doesKnowCommand(dogCommand: "SIT")
                b: doesKnowCommand(dogCommand: JUGGLE)
                c: doesKnowCommand(dogCommand: sit)
              }
            }
            """, [
                ("Enum \"DogCommand\" cannot represent non-enum value: 2.", [(3, 33)]),
                ("Enum \"DogCommand\" cannot represent non-enum value: \"SIT\". Did you mean the enum value \"SIT\"?",
                    [(4, 36)]),
                ("Value \"JUGGLE\" does not exist in \"DogCommand\" enum.", [(5, 36)]),
                ("Value \"sit\" does not exist in \"DogCommand\" enum. Did you mean the enum value \"SIT\"?", [(6, 36)]),
            ])
    }

    @Test func nullAndListValues() throws {
        try expectErrors(.valuesOfCorrectType, """
            {
              complicatedArgs {
                nonNullIntArgField(nonNullIntArg: null)
                stringListArgField(stringListArg: ["one", 2])
                stringListNonNullArgField(stringListNonNullArg: ["one", null])
                intArgField(intArg: [1])
              }
            }
            """, [
                ("Expected value of type \"Int!\", found null.", [(3, 39)]),
                ("String cannot represent a non string value: 2", [(4, 47)]),
                ("Expected value of type \"String!\", found null.", [(5, 61)]),
                ("Int cannot represent non-integer value: [1]", [(6, 25)]),
            ])
    }

    @Test func inputObjects() throws {
        try expectErrors(.valuesOfCorrectType, """
            {
              complicatedArgs {
                complexArgField(complexArg: { intField: 4 })
                a: complexArgField(complexArg: { requiredField: true, nonNullField: null })
                b: complexArgField(complexArg: { requiredField: true, invalidField: "value", stringListField: ["one", 2] })
                c: complexArgField(complexArg: 1)
                d: complexArgField(complexArg: { requiredField: true, strinField: "value" })
              }
              dog { isHouseTrained(atOtherHomes: { x: 1 }) }
            }
            """, [
                ("Field \"ComplexInput.requiredField\" of required type \"Boolean!\" was not provided.", [(3, 33)]),
                ("Expected value of type \"Boolean!\", found null.", [(4, 73)]),
                ("Field \"invalidField\" is not defined by type \"ComplexInput\". Did you mean \"intField\"?", [(5, 59)]),
                ("String cannot represent a non string value: 2", [(5, 107)]),
                ("Expected value of type \"ComplexInput\", found 1.", [(6, 36)]),
                ("Field \"strinField\" is not defined by type \"ComplexInput\". Did you mean \"stringField\", "
                    + "\"intField\", or \"stringListField\"?",
                    [(7, 59)]),
                ("Boolean cannot represent a non boolean value: {x: 1}", [(9, 38)]),
            ])
    }

    @Test func oneOfInputObjects() throws {
        try expectErrors(.valuesOfCorrectType, """
            query ($string: String, $int: Int!) {
              complicatedArgs {
                oneOfArgField(oneOfArg: { stringField: "abc", intField: 123 })
                a: oneOfArgField(oneOfArg: {})
                b: oneOfArgField(oneOfArg: { stringField: null })
                c: oneOfArgField(oneOfArg: { stringField: $string })
                d: oneOfArgField(oneOfArg: { intField: $int })
              }
            }
            """, [
                ("OneOf Input Object \"OneOfInput\" must specify exactly one key.", [(3, 29)]),
                ("OneOf Input Object \"OneOfInput\" must specify exactly one key.", [(4, 32)]),
                ("Field \"OneOfInput.stringField\" must be non-null.", [(5, 32)]),
                ("Variable \"string\" must be non-nullable to be used for OneOf Input Object \"OneOfInput\".",
                    [(6, 32)]),
            ])
    }

    @Test func variableDefaultValues() throws {
        try expectErrors(.valuesOfCorrectType, """
            query InvalidDefaultValues(
              $a: Int = "one",
              $b: String = 4,
              $c: ComplexInput = "NotVeryComplex"
              $d: ComplexInput = { intField: 3 }
              $e: [String] = ["one", 2]
            ) {
              dog { name }
            }
            """, [
                ("Int cannot represent non-integer value: \"one\"", [(2, 13)]),
                ("String cannot represent a non string value: 4", [(3, 16)]),
                ("Expected value of type \"ComplexInput\", found \"NotVeryComplex\".", [(4, 22)]),
                ("Field \"ComplexInput.requiredField\" of required type \"Boolean!\" was not provided.", [(5, 22)]),
                ("String cannot represent a non string value: 2", [(6, 26)]),
            ])
    }

    @Test func customScalars() throws {
        let schema = try buildSchema(
            sdl: "scalar Even type Query { even(value: Even): Boolean }",
            scalars: [
                "Even": GraphQLScalarCoercion(
                    serialize: { _ in .null },
                    parseValue: { value in
                        guard let int = value.intValue, int % 2 == 0 else { throw ScalarCoercionError("Not even.") }
                        return value
                    })
            ])
        try expectValid(.valuesOfCorrectType, "{ even(value: 4) }", schema: schema)
        try expectErrors(.valuesOfCorrectType, "{ even(value: 3) }", [
            ("Expected value of type \"Even\", found 3; Not even.", [(1, 15)]),
        ], schema: schema)
    }
}
