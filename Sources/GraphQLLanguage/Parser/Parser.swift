/// Limits that protect the server from hostile documents. Both are checked
/// while parsing, so an oversized document costs no more than the limit.
public struct ParseOptions: Sendable, Equatable {
    /// The default `maxDepth`: far deeper than real documents nest, shallow
    /// enough that the recursive parser, printer and walkers stay well
    /// within a thread's stack.
    public static let defaultMaxDepth = 128

    /// The most tokens (punctuators, names, numbers, strings) a document may
    /// have; nil for no limit (graphql-js `maxTokens`).
    public var maxTokens: Int?
    /// The deepest nesting of selection sets, list and object values and
    /// list types.
    public var maxDepth: Int

    public init(maxTokens: Int? = nil, maxDepth: Int = ParseOptions.defaultMaxDepth) {
        self.maxTokens = maxTokens
        self.maxDepth = maxDepth
    }
}

/// A recursive-descent parser for GraphQL documents (spec §2 "Language" and
/// §3 "Type System"): one method per grammar rule, the rule quoted in its
/// doc comment, as in graphql-js's parser. Errors are `GraphQLError`s with
/// graphql-js's messages, e.g. `Syntax Error: Expected Name, found <EOF>.`
///
/// Use the static entry points; a parser instance lives only inside one of
/// them, because its lexer reads the source's bytes in place.
public struct Parser {
    var lexer: Lexer
    let options: ParseOptions
    var scratch = ParserScratch()
    let names = NameTable()
    private var tokenCount = 0
    private var depth = 0

    private init(source: Source, bytes: UnsafeBufferPointer<UInt8>, options: ParseOptions) {
        self.lexer = Lexer(source: source, bytes: bytes)
        self.options = options
    }

    /// Parses a whole document: executable definitions, type system
    /// definitions and extensions.
    public static func parse(source: Source, options: ParseOptions = ParseOptions()) throws(GraphQLError) -> DocumentNode {
        try run(source, options) { (parser) throws(GraphQLError) in try parser.parseDocument() }
    }

    /// Parses a document from text, named "GraphQL request" in errors.
    public static func parse(_ text: String, options: ParseOptions = ParseOptions()) throws(GraphQLError) -> DocumentNode {
        try parse(source: Source(body: text), options: options)
    }

    /// Parses a lone value such as `[42, $x]` (graphql-js `parseValue`).
    public static func parseValue(source: Source, options: ParseOptions = ParseOptions()) throws(GraphQLError) -> ValueNode {
        try run(source, options) { (parser) throws(GraphQLError) in
            let value = try parser.parseValueLiteral(isConst: false)
            try parser.expectToken(.endOfFile)
            return value
        }
    }

    public static func parseValue(_ text: String, options: ParseOptions = ParseOptions()) throws(GraphQLError) -> ValueNode {
        try parseValue(source: Source(body: text), options: options)
    }

    /// Parses a lone constant value: like `parseValue`, but a variable is an error.
    public static func parseConstValue(
        source: Source, options: ParseOptions = ParseOptions()
    ) throws(GraphQLError) -> ValueNode {
        try run(source, options) { (parser) throws(GraphQLError) in
            let value = try parser.parseValueLiteral(isConst: true)
            try parser.expectToken(.endOfFile)
            return value
        }
    }

    public static func parseConstValue(_ text: String, options: ParseOptions = ParseOptions()) throws(GraphQLError) -> ValueNode {
        try parseConstValue(source: Source(body: text), options: options)
    }

    /// Parses a lone type reference such as `[Int!]!` (graphql-js `parseType`).
    public static func parseType(source: Source, options: ParseOptions = ParseOptions()) throws(GraphQLError) -> TypeNode {
        try run(source, options) { (parser) throws(GraphQLError) in
            let type = try parser.parseTypeReference()
            try parser.expectToken(.endOfFile)
            return type
        }
    }

    public static func parseType(_ text: String, options: ParseOptions = ParseOptions()) throws(GraphQLError) -> TypeNode {
        try parseType(source: Source(body: text), options: options)
    }

    /// Runs `body` with a parser positioned on the first token of `source`.
    private static func run<Result>(
        _ source: Source, _ options: ParseOptions, _ body: (inout Parser) throws(GraphQLError) -> Result
    ) throws(GraphQLError) -> Result {
        let outcome = source.body.withUnsafeBufferPointer { bytes -> Swift.Result<Result, GraphQLError> in
            var parser = Parser(source: source, bytes: bytes, options: options)
            defer { parser.scratch.deallocate() }
            do throws(GraphQLError) {
                try parser.advance()
                return .success(try body(&parser))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    // MARK: - Tokens

    /// Moves to the next token, enforcing `maxTokens`.
    mutating func advance() throws(GraphQLError) {
        try lexer.advance()
        if let maxTokens = options.maxTokens, lexer.token.kind != .endOfFile {
            tokenCount += 1
            if tokenCount > maxTokens {
                throw lexer.syntaxError(
                    "Document contains more than \(maxTokens) tokens. Parsing aborted.", at: lexer.token.start)
            }
        }
    }

    @inline(__always) func peek(_ kind: TokenKind) -> Bool { lexer.token.kind == kind }

    /// Consumes a token of `kind` and returns it, or throws `Expected X, found Y.`
    @discardableResult
    mutating func expectToken(_ kind: TokenKind) throws(GraphQLError) -> Token {
        let token = lexer.token
        guard token.kind == kind else {
            throw lexer.syntaxError("Expected \(kind.quotedDescription), found \(describe(token)).", at: token.start)
        }
        try advance()
        return token
    }

    /// Consumes a token of `kind` if it is next.
    @inline(__always) mutating func expectOptionalToken(_ kind: TokenKind) throws(GraphQLError) -> Bool {
        guard lexer.token.kind == kind else { return false }
        try advance()
        return true
    }

    /// Whether the current token is the name `keyword`.
    func peekKeyword(_ keyword: StaticString) -> Bool {
        lexer.token.kind == .name && lexer.token(lexer.token, is: keyword)
    }

    /// Consumes the name `keyword`, or throws `Expected "keyword", found Y.`
    mutating func expectKeyword(_ keyword: StaticString) throws(GraphQLError) {
        guard peekKeyword(keyword) else {
            throw lexer.syntaxError("Expected \"\(keyword)\", found \(describe(lexer.token)).", at: lexer.token.start)
        }
        try advance()
    }

    /// Consumes the name `keyword` if it is next.
    mutating func expectOptionalKeyword(_ keyword: StaticString) throws(GraphQLError) -> Bool {
        guard peekKeyword(keyword) else { return false }
        try advance()
        return true
    }

    /// `Unexpected <token>.` at `token` (default: the current token).
    func unexpected(_ token: Token? = nil) -> GraphQLError {
        let token = token ?? lexer.token
        return lexer.syntaxError("Unexpected \(describe(token)).", at: token.start)
    }

    /// A token as messages show it: its kind, then its value in quotes when it has one.
    func describe(_ token: Token) -> String {
        let kind = token.kind.quotedDescription
        switch token.kind {
        case .name, .int, .float:
            return kind + " \"" + lexer.text(of: token) + "\""
        case .string, .blockString:
            return kind + " \"" + stringValue(of: token) + "\""
        default:
            return kind
        }
    }

    /// The decoded value of a string token, re-read if it is not the current one.
    private func stringValue(of token: Token) -> String {
        if token == lexer.token { return lexer.stringValue }
        var copy = lexer
        let reread = token.kind == .blockString
            ? try? copy.readBlockString(from: token.start) : try? copy.readString(from: token.start)
        return reread == nil ? "" : copy.stringValue
    }

    // MARK: - Nodes

    /// The location from `start` to the end of the last consumed token.
    @inline(__always) func location(from start: Token) -> Location {
        Location(start: start.start, end: lexer.lastTokenEnd, line: start.line, column: start.column)
    }

    /// The text of a name or number token, shared with earlier equal tokens.
    @inline(__always) func text(of token: Token) -> String {
        names.string(lexer.bytes, from: token.start, to: token.end)
    }

    /// Enters one level of nesting, enforcing `maxDepth`.
    @inline(__always) mutating func enterNesting() throws(GraphQLError) {
        depth += 1
        if depth > options.maxDepth {
            throw lexer.syntaxError(
                "Document contains more than \(options.maxDepth) levels of nesting. Parsing aborted.",
                at: lexer.token.start)
        }
    }

    @inline(__always) mutating func leaveNesting() { depth -= 1 }

    /// Name :: /[_A-Za-z][_0-9A-Za-z]*/
    mutating func parseName() throws(GraphQLError) -> NameNode {
        let token = try expectToken(.name)
        return NameNode(value: text(of: token), loc: location(from: token))
    }
}
