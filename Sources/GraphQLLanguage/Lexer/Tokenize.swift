/// A token together with its value: the text of a name or number, the
/// decoded value of a string; nil for punctuators and the end of file.
public struct LexedToken: Sendable, Equatable {
    public var token: Token
    public var value: String?

    public init(token: Token, value: String?) {
        self.token = token
        self.value = value
    }
}

/// Every token of `source` up to and including `<EOF>`, skipping ignored
/// tokens (spec §2.1). For tools and tests; the parser pulls tokens one at a
/// time instead.
public func tokenize(_ source: Source) throws(GraphQLError) -> [LexedToken] {
    let outcome = source.body.withUnsafeBufferPointer { bytes -> Result<[LexedToken], GraphQLError> in
        var lexer = Lexer(source: source, bytes: bytes)
        var tokens: [LexedToken] = []
        do throws(GraphQLError) {
            repeat {
                try lexer.advance()
                let token = lexer.token
                let value: String? =
                    switch token.kind {
                    case .name, .int, .float: lexer.text(of: token)
                    case .string, .blockString: lexer.stringValue
                    default: nil
                    }
                tokens.append(LexedToken(token: token, value: value))
            } while lexer.token.kind != .endOfFile
            return .success(tokens)
        } catch {
            return .failure(error)
        }
    }
    return try outcome.get()
}
