/// An error as the spec's response format describes it (spec §7.1.2 "Errors"):
/// a message, the source locations it concerns, the response path of the field
/// it arose in, and free-form `extensions` (e.g. `["code": "FORBIDDEN"]`).
///
/// Syntax errors, validation errors and field errors all use this type. Build
/// one from the AST nodes it concerns and the locations follow from their
/// `loc` (graphql-js's `new GraphQLError(message, { nodes })`). Equality
/// compares message, locations, path and extensions.
public struct GraphQLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One step of a response path: an object key or a list index.
    public enum PathComponent: Sendable, Hashable, CustomStringConvertible,
        ExpressibleByStringLiteral, ExpressibleByIntegerLiteral
    {
        case key(String)
        case index(Int)

        public init(stringLiteral value: String) { self = .key(value) }
        public init(integerLiteral value: Int) { self = .index(value) }

        public var description: String {
            switch self {
            case .key(let key): key
            case .index(let index): String(index)
            }
        }
    }

    public var message: String
    /// Where in the source the error is, in the order of the nodes or positions given.
    public var locations: [SourceLocation]
    /// The response path of the field the error arose in; empty outside execution.
    public var path: [PathComponent]
    /// Extra data for clients, serialized as the error's `extensions` object
    /// (omitted when empty).
    public var extensions: ErrorExtensions

    public init(
        _ message: String, locations: [SourceLocation] = [], path: [PathComponent] = [],
        extensions: ErrorExtensions = [:]
    ) {
        self.message = message
        self.locations = locations
        self.path = path
        self.extensions = extensions
    }

    /// An error about the given nodes; each located node adds its start location.
    public init(
        _ message: String, nodes: [any ASTNode], path: [PathComponent] = [], extensions: ErrorExtensions = [:]
    ) {
        var locations: [SourceLocation] = []
        locations.reserveCapacity(nodes.count)
        for node in nodes {
            if let loc = node.loc { locations.append(loc.startLocation) }
        }
        self.init(message, locations: locations, path: path, extensions: extensions)
    }

    /// An error at byte offsets of a source.
    public init(
        _ message: String, source: Source, positions: [Int], path: [PathComponent] = [],
        extensions: ErrorExtensions = [:]
    ) {
        self.init(message, locations: positions.map { source.location(at: $0) }, path: path, extensions: extensions)
    }

    /// A lexer or parser error: `Syntax Error: <description>` at one position.
    public static func syntaxError(_ description: String, source: Source, position: Int) -> GraphQLError {
        GraphQLError("Syntax Error: " + description, source: source, positions: [position])
    }

    /// The message followed by its locations, e.g. `Unknown type "Foo". (1:9)`.
    public var description: String {
        if locations.isEmpty { return message }
        return message + " (" + locations.map(\.description).joined(separator: ", ") + ")"
    }
}
