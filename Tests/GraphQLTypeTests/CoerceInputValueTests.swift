import GraphQLLanguage
import Testing
@testable import GraphQLType

@Suite struct CoerceInputValueTests {
    let schema = TestSchemas.coercion

    func coerce(_ value: GraphQLValue, _ argument: String) -> Result<GraphQLValue, InputCoercionFailure> {
        Result { () throws(InputCoercionFailure) in
            try schema.coerceInputValue(value, to: TestSchemas.argumentType(argument))
        }
    }

    func messages(_ value: GraphQLValue, _ argument: String) -> [String] {
        guard case .failure(let failure) = coerce(value, argument) else { return [] }
        return failure.errors.map(\.message)
    }

    @Test func inputObjectGetsDefaultsInFieldOrder() throws {
        let coerced = try coerce(["c": 1, "a": 2], "in").get()
        #expect(coerced == ["a": 2, "b": "x", "c": [1]])
        #expect(coerced.objectValue?.keys == ["a", "b", "c"])
    }

    @Test func explicitNullIsKept() throws {
        #expect(try coerce(["a": 1, "b": nil], "in").get() == ["a": 1, "b": nil])
        #expect(try coerce(nil, "in").get() == nil)
    }

    @Test func inputObjectErrors() throws {
        #expect(messages(["b": "y"], "in") == [#"Field "a" of required type "Int!" was not provided."#])
        #expect(messages(["a": 1, "bb": 2], "in") == [#"Field "bb" is not defined by type "In". Did you mean "b"?"#])
        #expect(messages("a", "in") == [#"Expected type "In" to be an object."#])
        #expect(messages(["a": nil], "in") == [#"Expected non-nullable type "Int!" not to be null."#])
        guard case .failure(let failure) = coerce(["a": 1, "nested": ["a": 1.5]], "in") else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.errors == [
            InputCoercionError(
                path: ["nested", "a"], invalidValue: 1.5, message: "Int cannot represent non-integer value: 1.5")
        ])
    }

    @Test func listsAcceptSingleValues() throws {
        #expect(try coerce("1", "ids").get() == ["1"])
        #expect(try coerce([1, "2"], "ids").get() == ["1", "2"])
        guard case .failure(let failure) = coerce(["1", nil, true], "ids") else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.errors.map(\.path) == [[1], [2]])
        #expect(failure.errors.map(\.message) == [
            #"Expected non-nullable type "ID!" not to be null."#, "ID cannot represent value: true",
        ])
    }

    @Test func enumsByName() throws {
        #expect(try coerce("RED", "color").get() == "RED")
        #expect(messages("RDE", "color") == [#"Value "RDE" does not exist in "Color" enum. Did you mean the enum value "RED"?"#])
        #expect(messages(1, "color") == [#"Enum "Color" cannot represent non-string value: 1."#])
    }

    @Test func oneOfNeedsExactlyOneNonNullField() throws {
        #expect(try coerce(["a": 1], "one").get() == ["a": 1])
        #expect(messages(["a": 1, "s": "x"], "one") == [#"Exactly one key must be specified for OneOf type "One"."#])
        #expect(messages([:], "one") == [#"Exactly one key must be specified for OneOf type "One"."#])
        guard case .failure(let failure) = coerce(["s": nil], "one") else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.errors == [InputCoercionError(path: ["s"], invalidValue: .null, message: #"Field "s" must be non-null."#)])
    }

    @Test func scalarsFollowTheirRules() throws {
        #expect(try coerce(1, "f").get() == .float(1))
        #expect(messages("1", "f") == [#"Float cannot represent non numeric value: "1""#])
        #expect(messages(1, "b") == ["Boolean cannot represent a non boolean value: 1"])
    }
}

@Suite struct ValueFromASTTests {
    let schema = TestSchemas.coercion

    func int(_ text: String) -> ValueNode { .int(IntValueNode(value: text)) }
    func string(_ text: String) -> ValueNode { .string(StringValueNode(value: text)) }
    func variable(_ name: String) -> ValueNode { .variable(VariableNode(name: NameNode(value: name))) }
    func object(_ fields: [(String, ValueNode)]) -> ValueNode {
        .object(ObjectValueNode(fields: fields.map { ObjectFieldNode(name: NameNode(value: $0.0), value: $0.1) }))
    }

    @Test func coercesLiterals() {
        let inType = TestSchemas.argumentType("in")
        #expect(schema.valueFromAST(object([("a", int("1"))]), type: inType) == ["a": 1, "b": "x"])
        #expect(schema.valueFromAST(object([("b", string("y"))]), type: inType) == nil)
        #expect(schema.valueFromAST(.enum(EnumValueNode(value: "RED")), type: TestSchemas.argumentType("color")) == "RED")
        #expect(schema.valueFromAST(string("RED"), type: TestSchemas.argumentType("color")) == nil)
        #expect(schema.valueFromAST(int("3"), type: TestSchemas.argumentType("ids")) == ["3"])
        #expect(schema.valueFromAST(int("3"), type: TestSchemas.argumentType("f")) == .float(3))
        #expect(schema.valueFromAST(.float(FloatValueNode(value: "1.5")), type: TestSchemas.argumentType("ids")) == nil)
    }

    @Test func substitutesVariables() {
        let inType = TestSchemas.argumentType("in")
        let node = object([("a", variable("x")), ("b", variable("missing"))])
        #expect(schema.valueFromAST(node, type: inType, variables: ["x": 5]) == ["a": 5, "b": "x"])
        #expect(schema.valueFromAST(node, type: inType, variables: [:]) == nil)
        #expect(schema.valueFromAST(node, type: inType, variableValues: ["x": 6]) == ["a": 6, "b": "x"])
        let list = ValueNode.list(ListValueNode(values: [string("a"), variable("missing")]))
        #expect(schema.valueFromAST(list, type: TestSchemas.argumentType("ids"), variables: [:]) == nil)
        #expect(schema.valueFromAST(variable("missing"), type: inType, variables: [:]) == nil)
    }

    @Test func scalarLiteralMessages() {
        #expect(throws: ScalarCoercionError("Int cannot represent non-integer value: \"1\"")) {
            try SpecifiedScalar.int.parseLiteral(string("1"))
        }
        #expect(throws: ScalarCoercionError("Int cannot represent non 32-bit signed integer value: 2147483648")) {
            try SpecifiedScalar.int.parseLiteral(int("2147483648"))
        }
        #expect(throws: ScalarCoercionError("ID cannot represent a non-string and non-integer value: 1.5")) {
            try SpecifiedScalar.id.parseLiteral(.float(FloatValueNode(value: "1.5")))
        }
        #expect(throws: ScalarCoercionError("String cannot represent a non string value: RED")) {
            try SpecifiedScalar.string.parseLiteral(.enum(EnumValueNode(value: "RED")))
        }
    }
}

@Suite struct SuggestionTests {
    @Test func suggestsLikeGraphQLJS() {
        #expect(suggestionList("nam", options: ["name", "names", "other", "NAM"]) == ["NAM", "name", "names"])
        #expect(didYouMean(["a"]) == #" Did you mean "a"?"#)
        #expect(didYouMean(["a", "b"]) == #" Did you mean "a" or "b"?"#)
        #expect(didYouMean("the enum value", ["a", "b", "c", "d", "e", "f"]) == #" Did you mean the enum value "a", "b", "c", "d", or "e"?"#)
        #expect(didYouMean([]) == "")
    }
}
