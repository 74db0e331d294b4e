import GraphQLLanguage
import Testing
@testable import GraphQLType

@Suite struct GraphQLValueTests {
    @Test func inspectsLikeGraphQLJS() {
        #expect(GraphQLValue.string("a\"b\n").inspected == #""a\"b\n""#)
        #expect(GraphQLValue.object(["a": 1, "b": [true, nil]]).inspected == "{ a: 1, b: [true, null] }")
        #expect(GraphQLValue.object(["a": ["b": ["c": 1]]]).inspected == "{ a: { b: [Object] } }")
        #expect(GraphQLValue.list([[[1]]]).inspected == "[[[Array]]]")
        #expect(GraphQLValue.list((1...12).map { .int($0) }).inspected == "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ... 2 more items]")
        #expect(GraphQLValue.object([:]).inspected == "{}")
        #expect(GraphQLValue.float(1e21).inspected == "1e+21")
    }

    @Test func objectsKeepOrderButCompareAsSets() {
        let ab: GraphQLValue = ["a": 1, "b": 2]
        let ba: GraphQLValue = ["b": 2, "a": 1]
        #expect(ab == ba)
        #expect(ab.objectValue?.keys == ["a", "b"])
        #expect(ba.objectValue?.keys == ["b", "a"])
        #expect(ab.hashValue == ba.hashValue)
        #expect(Set<GraphQLValue>([ab, ba, ["a": 1]]).count == 2)
        #expect(ab != ["a": 1, "b": 3])
        #expect(ab != ["a": 1])
        var object = GraphQLObjectValue()
        object["x"] = 1
        object["y"] = 2
        object["x"] = nil
        #expect(object.keys == ["y"])
    }

    @Test func convertsCommonSwiftValues() {
        enum Role: String, Sendable { case admin = "ADMIN" }
        let missing: String? = nil
        let present: Int? = 4
        #expect(GraphQLValue(converting: "s") == "s")
        #expect(GraphQLValue(converting: Int64(3)) == 3)
        #expect(GraphQLValue(converting: UInt8(3)) == 3)
        #expect(GraphQLValue(converting: Float(0.5)) == 0.5)
        #expect(GraphQLValue(converting: Role.admin) == "ADMIN")
        #expect(GraphQLValue(converting: missing) == .null)
        #expect(GraphQLValue(converting: present) == 4)
        #expect(GraphQLValue(converting: ["a", "b"]) == ["a", "b"])
        #expect(GraphQLValue(converting: UInt64.max) == Optional<GraphQLValue>.none)
    }
}

@Suite struct ResultCoercionTests {
    @Test func enumsSerializeByName() throws {
        let schema = try buildSchema(sdl: "enum Role { USER ADMIN } type Query { r: Role }")
        let role = try #require(schema.type(named: "Role")?.asEnum)
        enum Swifty: String, Sendable { case admin = "ADMIN", other = "OTHER" }
        #expect(try role.serialize("USER") == "USER")
        #expect(try role.serialize(Swifty.admin) == "ADMIN")
        #expect(throws: ScalarCoercionError(#"Enum "Role" cannot represent value: "OTHER""#)) {
            try role.serialize(Swifty.other)
        }
        #expect(throws: ScalarCoercionError(#"Enum "Role" cannot represent value: 1"#)) { try role.serialize(1) }
    }

    @Test func schemaScalarsUseTheSpecifiedRules() throws {
        let schema = try buildSchema(sdl: "type Query { i: Int f: Float s: String b: Boolean id: ID }")
        let int = try #require(schema.type(named: "Int")?.asScalar)
        #expect(int.specified == .int)
        #expect(throws: ScalarCoercionError("Int cannot represent non 32-bit signed integer value: 2147483648")) {
            try int.serialize(2_147_483_648)
        }
        let id = try #require(schema.type(named: "ID")?.asScalar)
        #expect(try id.serialize(5) == "5")
        #expect(try id.parseLiteral(.int(IntValueNode(value: "5"))) == "5")
    }

    @Test func typeFromASTResolvesWrappers() throws {
        let schema = try buildSchema(sdl: "type Query { a: Int }")
        let node = try Parser.parseType("[Int!]!")
        let ref = try #require(schema.typeFromAST(node))
        #expect(schema.typeString(ref) == "[Int!]!")
        #expect(schema.typeFromAST(try Parser.parseType("[Nope]")) == nil)
    }
}
