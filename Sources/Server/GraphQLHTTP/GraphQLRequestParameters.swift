import App
import GraphQLLanguage
import GraphQLType

/// The parameters of a GraphQL-over-HTTP request (spec §"Request Parameters"):
/// `query`, `operationName`, `variables` and `extensions`, from a POST body's
/// JSON object or from a GET request's query string; also `documentId`, of the
/// spec's draft Appendix A "Persisted Documents".
struct GraphQLRequestParameters: Sendable, Equatable {
    /// The document: `query`'s text, or a hash from `documentId` or
    /// `extensions.persistedQuery` (see ``PersistedDocumentParameters``).
    var document: DocumentSource
    var operationName: String?
    var variables: GraphQLObjectValue
    var extensions: GraphQLObjectValue

    /// Reads the parameters of a JSON request body (spec §"POST").
    ///
    /// `query` must be a string, unless a persisted document's hash stands in
    /// for it; `operationName` a string or null; `variables` and `extensions` a
    /// map or null. Other keys are ignored.
    init(json body: GraphQLValue) throws(GraphQLRequestFailure) {
        guard case .object(let object) = body else {
            throw .badRequest("The request body must be a JSON object with a \"query\" string.")
        }
        switch object["operationName"] {
        case nil, .null?: operationName = nil
        case .string(let name)?: operationName = name
        case let other?:
            throw .badRequest("The \"operationName\" parameter must be a string or null, not \(Self.describe(other)).")
        }
        variables = try Self.map(object["variables"], named: "variables")
        extensions = try Self.map(object["extensions"], named: "extensions")
        let documentID: String?
        switch object["documentId"] {
        case nil, .null?: documentID = nil
        case .string(let id)?: documentID = id
        case let other?: throw .badRequest("The \"documentId\" parameter must be a string, not \(Self.describe(other)).")
        }
        let persisted = try PersistedDocumentParameters(documentID: documentID, extensions: extensions)
        let query: String?
        switch object["query"] {
        case nil: query = nil
        case .string(let text)?: query = text
        case .null? where persisted.hash != nil: query = nil
        case let other?: throw .badRequest("The \"query\" parameter must be a string, not \(Self.describe(other)).")
        }
        document = try persisted.document(query: query)
    }

    /// Reads the parameters of a GET request's query string (spec §"GET"):
    /// `variables` and `extensions`, when present, are JSON texts of maps.
    init(queryItems: [String: String], parseJSON: (String) throws -> GraphQLValue) throws(GraphQLRequestFailure) {
        operationName = queryItems["operationName"].flatMap { $0.isEmpty ? nil : $0 }
        variables = try Self.jsonMap(queryItems["variables"], named: "variables", parseJSON: parseJSON)
        extensions = try Self.jsonMap(queryItems["extensions"], named: "extensions", parseJSON: parseJSON)
        let persisted = try PersistedDocumentParameters(
            documentID: queryItems["documentId"].flatMap { $0.isEmpty ? nil : $0 }, extensions: extensions
        )
        document = try persisted.document(query: queryItems["query"].flatMap { $0.isEmpty ? nil : $0 })
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
    static func describe(_ value: GraphQLValue) -> String {
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
