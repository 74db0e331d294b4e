import Testing
@testable import GraphQLType

@Suite struct SpecifiedScalarParseValueTests {
    @Test(arguments: [
        (GraphQLValue.int(1), GraphQLValue.int(1)),
        (.float(2.0), .int(2)),
        (.int(2_147_483_647), .int(2_147_483_647)),
        (.int(-2_147_483_648), .int(-2_147_483_648)),
    ])
    func intAccepts(input: GraphQLValue, expected: GraphQLValue) throws {
        #expect(try SpecifiedScalar.int.parseValue(input) == expected)
    }

    @Test(arguments: [
        (GraphQLValue.float(1.5), "Int cannot represent non-integer value: 1.5"),
        (.string("1"), "Int cannot represent non-integer value: \"1\""),
        (.bool(true), "Int cannot represent non-integer value: true"),
        (.null, "Int cannot represent non-integer value: null"),
        (.list([.int(1)]), "Int cannot represent non-integer value: [1]"),
        (.object(["a": .int(1)]), "Int cannot represent non-integer value: { a: 1 }"),
        (.int(2_147_483_648), "Int cannot represent non 32-bit signed integer value: 2147483648"),
        (.float(1e100), "Int cannot represent non 32-bit signed integer value: 1e+100"),
        (.float(.nan), "Int cannot represent non-integer value: NaN"),
    ])
    func intRejects(input: GraphQLValue, message: String) {
        #expect(throws: ScalarCoercionError(message)) { try SpecifiedScalar.int.parseValue(input) }
    }

    @Test func floatAcceptsIntsAndFiniteFloats() throws {
        #expect(try SpecifiedScalar.float.parseValue(.int(3)) == .float(3))
        #expect(try SpecifiedScalar.float.parseValue(.float(-1.25)) == .float(-1.25))
    }

    @Test(arguments: [
        (GraphQLValue.float(.nan), "Float cannot represent non numeric value: NaN"),
        (.float(.infinity), "Float cannot represent non numeric value: Infinity"),
        (.string("1.5"), "Float cannot represent non numeric value: \"1.5\""),
        (.bool(false), "Float cannot represent non numeric value: false"),
    ])
    func floatRejects(input: GraphQLValue, message: String) {
        #expect(throws: ScalarCoercionError(message)) { try SpecifiedScalar.float.parseValue(input) }
    }

    @Test func stringBooleanAndIDAreStrict() throws {
        #expect(try SpecifiedScalar.string.parseValue("a") == "a")
        #expect(throws: ScalarCoercionError("String cannot represent a non string value: 1")) {
            try SpecifiedScalar.string.parseValue(1)
        }
        #expect(try SpecifiedScalar.boolean.parseValue(true) == true)
        #expect(throws: ScalarCoercionError("Boolean cannot represent a non boolean value: 0")) {
            try SpecifiedScalar.boolean.parseValue(0)
        }
        #expect(try SpecifiedScalar.id.parseValue("x") == "x")
        #expect(try SpecifiedScalar.id.parseValue(42) == "42")
        #expect(throws: ScalarCoercionError("ID cannot represent value: 1.5")) {
            try SpecifiedScalar.id.parseValue(1.5)
        }
        #expect(throws: ScalarCoercionError("ID cannot represent value: true")) {
            try SpecifiedScalar.id.parseValue(true)
        }
    }
}

@Suite struct SpecifiedScalarSerializeTests {
    @Test func intSerializesIntegersInRange() throws {
        #expect(try SpecifiedScalar.int.serialize(7) == .int(7))
        #expect(try SpecifiedScalar.int.serialize(Int32(-3)) == .int(-3))
        #expect(try SpecifiedScalar.int.serialize(2.0) == .int(2))
        #expect(try SpecifiedScalar.int.serialize(true) == .int(1))
        #expect(try SpecifiedScalar.int.serialize("12") == .int(12))
        #expect(throws: ScalarCoercionError("Int cannot represent non 32-bit signed integer value: 9876504321")) {
            try SpecifiedScalar.int.serialize(9_876_504_321)
        }
        #expect(throws: ScalarCoercionError("Int cannot represent non-integer value: 0.1")) {
            try SpecifiedScalar.int.serialize(0.1)
        }
        #expect(throws: ScalarCoercionError("Int cannot represent non-integer value: \"one\"")) {
            try SpecifiedScalar.int.serialize("one")
        }
    }

    @Test func floatSerializesFiniteNumbers() throws {
        #expect(try SpecifiedScalar.float.serialize(1) == .float(1))
        #expect(try SpecifiedScalar.float.serialize(-1.5) == .float(-1.5))
        #expect(throws: ScalarCoercionError("Float cannot represent non numeric value: NaN")) {
            try SpecifiedScalar.float.serialize(Double.nan)
        }
        #expect(throws: ScalarCoercionError("Float cannot represent non numeric value: -Infinity")) {
            try SpecifiedScalar.float.serialize(-Double.infinity)
        }
    }

    @Test func stringBooleanIDSerialize() throws {
        #expect(try SpecifiedScalar.string.serialize("s") == "s")
        #expect(try SpecifiedScalar.string.serialize(1.0) == "1")
        #expect(try SpecifiedScalar.string.serialize(true) == "true")
        #expect(try SpecifiedScalar.boolean.serialize(0) == false)
        #expect(throws: ScalarCoercionError("Boolean cannot represent a non boolean value: \"true\"")) {
            try SpecifiedScalar.boolean.serialize("true")
        }
        #expect(try SpecifiedScalar.id.serialize(12) == "12")
        #expect(throws: ScalarCoercionError("ID cannot represent value: 1.5")) {
            try SpecifiedScalar.id.serialize(1.5)
        }
    }
}

@Suite struct JavaScriptNumberTests {
    @Test(arguments: [
        (1.0, "1"), (1.5, "1.5"), (-0.0, "0"), (1e21, "1e+21"), (1.5e-7, "1.5e-7"), (123456789012345680000.0, "123456789012345680000"),
        (0.000001, "0.000001"), (1e-7, "1e-7"), (0.1, "0.1"), (100.0, "100"), (1e15, "1000000000000000"),
        (-2.5e30, "-2.5e+30"), (5e-324, "5e-324"), (1.7976931348623157e308, "1.7976931348623157e+308"),
        (12.34, "12.34"), (1234567.125, "1234567.125"),
    ])
    func formatsLikeJavaScript(value: Double, expected: String) {
        #expect(formatJavaScriptNumber(value) == expected)
    }
}
