import GraphQLLanguage
import GraphQLType

/// The parameters of a GraphQL-over-HTTP request (spec §"Request Parameters"):
/// `query`, `operationName`, `variables` and `extensions`, from a POST body's
/// JSON object or from a GET request's query string.
struct GraphQLRequestParameters: Sendable, Equatable {
    var query: String
    var operationName: String?
    var variables: GraphQLObjectValue
    var extensions: GraphQLObjectValue

    /// Reads the parameters of a JSON request body (spec §"POST").
    ///
    /// `query` must be a string; `operationName` a string or null;
    /// `variables` and `extensions` a map or null. Other keys are ignored.
    init(json body: GraphQLValue) throws(GraphQLRequestFailure) {
        guard case .object(let object) = body else {
            throw .badRequest("The request body must be a JSON object with a \"query\" string.")
        }
        guard let query = object["query"] else {
            throw .badRequest("The request has no \"query\" parameter (a GraphQL document string is required).")
        }
        guard case .string(let text) = query else {
            throw .badRequest("The \"query\" parameter must be a string, not \(Self.describe(query)).")
        }
        self.query = text
        switch object["operationName"] {
        case nil, .null?: operationName = nil
        case .string(let name)?: operationName = name
        case let other?:
            throw .badRequest("The \"operationName\" parameter must be a string or null, not \(Self.describe(other)).")
        }
        variables = try Self.map(object["variables"], named: "variables")
        extensions = try Self.map(object["extensions"], named: "extensions")
    }

    /// Reads the parameters of a GET request's query string (spec §"GET"):
    /// `variables` and `extensions`, when present, are JSON texts of maps.
    init(queryItems: [String: String], parseJSON: (String) throws -> GraphQLValue) throws(GraphQLRequestFailure) {
        guard let query = queryItems["query"], !query.isEmpty else {
            throw .badRequest("The request has no \"query\" parameter (a GraphQL document string is required).")
        }
        self.query = query
        operationName = queryItems["operationName"].flatMap { $0.isEmpty ? nil : $0 }
        variables = try Self.jsonMap(queryItems["variables"], named: "variables", parseJSON: parseJSON)
        extensions = try Self.jsonMap(queryItems["extensions"], named: "extensions", parseJSON: parseJSON)
    }

    private static func map(_ value: GraphQLValue?, named name: String) throws(GraphQLRequestFailure) -> GraphQLObjectValue {
        switch value {
        case nil, .null?: return GraphQLObjectValue()
        case .object(let object)?: return object
        case let other?:
            throw .badRequest("The \"\(name)\" parameter must be a map (JSON object) or null, not \(describe(other)).")
        }
    }

    private static func jsonMap(
        _ text: String?, named name: String, parseJSON: (String) throws -> GraphQLValue
    ) throws(GraphQLRequestFailure) -> GraphQLObjectValue {
        guard let text, !text.isEmpty else { return GraphQLObjectValue() }
        let value: GraphQLValue
        do {
            value = try parseJSON(text)
        } catch {
            throw .badRequest("The \"\(name)\" parameter is not valid JSON.")
        }
        return try map(value, named: name)
    }

    /// How a JSON value is named in messages: "a number", "an array", ….
    private static func describe(_ value: GraphQLValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .float: "a number"
        case .string: "a string"
        case .list: "an array"
        case .object: "an object"
        }
    }
}
