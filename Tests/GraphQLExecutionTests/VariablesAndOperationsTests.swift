import GraphQLExecution
import GraphQLLanguage
import GraphQLType
import Testing

/// Operation selection (spec §6.1), variable coercion (§6.1.2) and argument coercion
/// (§6.4.1), with graphql-js's messages.
@Suite struct VariablesAndOperationsTests {
    let sdl = """
        type Query { echo(value: Int = 7, text: String, list: [Int!], input: In): String, required(id: ID!): String }
        input In { a: Int!, b: String = "dflt" }
        type Mutation { m: String }
        """

    func execute(_ query: String, variables: GraphQLObjectValue = [:], operationName: String? = nil) async throws -> String {
        try await run(sdl, query: query, variables: variables, operationName: operationName, context: ()) { b in
            b.resolve("Query", "echo") { info in
                info.args.map { "\($0.key)=\($0.value.inspected)" }.joined(separator: " ")
            }
            b.resolve("Query", "required") { info in info.args["id"]?.stringValue }
            b.resolve("Mutation", "m") { _ in "m" }
        }
    }

    @Test func defaultsNullAndAbsent() async throws {
        #expect(try await execute("{ echo }") == #"{"data":{"echo":"value=7"}}"#)
        #expect(try await execute("{ echo(value: null) }") == #"{"data":{"echo":"value=null"}}"#)
        #expect(try await execute("query($v: Int) { echo(value: $v) }") == #"{"data":{"echo":"value=7"}}"#)
        #expect(try await execute("query($v: Int) { echo(value: $v) }", variables: ["v": nil]) == #"{"data":{"echo":"value=null"}}"#)
        #expect(try await execute("query($v: Int = 3) { echo(value: $v) }") == #"{"data":{"echo":"value=3"}}"#)
        #expect(
            try await execute(#"query($i: In) { echo(input: $i, list: 1) }"#, variables: ["i": ["a": 1]])
                == #"{"data":{"echo":"value=7 list=[1] input={ a: 1, b: \"dflt\" }"}}"#)
        #expect(
            try await execute(#"{ echo(input: {a: 2}, text: "t") }"#)
                == #"{"data":{"echo":"value=7 text=\"t\" input={ a: 2, b: \"dflt\" }"}}"#)
    }

    @Test func variableCoercionErrors() async throws {
        #expect(
            try await execute("query($v: Int) { echo(value: $v) }", variables: ["v": "x"])
                == #"{"errors":[{"message":"Variable \"$v\" got invalid value \"x\"; Int cannot represent non-integer value: \"x\"","locations":[{"line":1,"column":7}]}]}"#)
        #expect(
            try await execute("query($id: ID!) { required(id: $id) }")
                == #"{"errors":[{"message":"Variable \"$id\" of required type \"ID!\" was not provided.","locations":[{"line":1,"column":7}]}]}"#)
        #expect(
            try await execute("query($id: ID!) { required(id: $id) }", variables: ["id": nil])
                == #"{"errors":[{"message":"Variable \"$id\" of non-null type \"ID!\" must not be null.","locations":[{"line":1,"column":7}]}]}"#)
        #expect(
            try await execute("query($l: [Int!]) { echo(list: $l) }", variables: ["l": [1, "b"]])
                == #"{"errors":[{"message":"Variable \"$l\" got invalid value \"b\" at \"l[1]\"; Int cannot represent non-integer value: \"b\"","locations":[{"line":1,"column":7}]}]}"#)
        #expect(
            try await execute("query($i: In) { echo(input: $i) }", variables: ["i": ["b": "x"]])
                == #"{"errors":[{"message":"Variable \"$i\" got invalid value { b: \"x\" }; Field \"a\" of required type \"Int!\" was not provided.","locations":[{"line":1,"column":7}]}]}"#)
    }

    @Test func argumentErrorsAreFieldErrors() async throws {
        #expect(
            try await execute("query($id: ID) { required(id: $id) }")
                == #"{"data":{"required":null},"errors":[{"message":"Argument \"id\" of required type \"ID!\" was provided the variable \"$id\" which was not provided a runtime value.","locations":[{"line":1,"column":31}],"path":["required"]}]}"#)
        #expect(
            try await execute("query($id: ID) { required(id: $id) }", variables: ["id": nil])
                == #"{"data":{"required":null},"errors":[{"message":"Argument \"id\" of non-null type \"ID!\" must not be null.","locations":[{"line":1,"column":31}],"path":["required"]}]}"#)
    }

    @Test func operationSelection() async throws {
        let two = "query A { echo } query B { b: echo }"
        #expect(
            try await execute(two)
                == #"{"errors":[{"message":"Must provide operation name if query contains multiple operations."}]}"#)
        #expect(try await execute(two, operationName: "B") == #"{"data":{"b":"value=7"}}"#)
        #expect(try await execute(two, operationName: "x") == #"{"errors":[{"message":"Unknown operation named \"x\"."}]}"#)
        #expect(try await execute("fragment F on Query { echo }") == #"{"errors":[{"message":"Must provide an operation."}]}"#)
        #expect(try await execute("mutation { m }") == #"{"data":{"m":"m"}}"#)
        let noMutation = try await run("type Query { a: String }", query: "mutation { a }", context: ()) { b in
            b.resolve("Query", "a") { _ in "a" }
        }
        #expect(
            noMutation
                == #"{"errors":[{"message":"Schema is not configured to execute mutation operation.","locations":[{"line":1,"column":1}]}]}"#)
    }
}
