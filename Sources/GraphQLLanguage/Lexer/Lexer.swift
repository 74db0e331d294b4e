/// Turns the UTF-8 bytes of a `Source` into tokens, one at a time
/// (spec §2.1 "Source Text" and "Lexical Tokens").
///
/// Works on an `UnsafeBufferPointer` with integer offsets; the only strings
/// it makes are the decoded values of string literals (`stringValue`).
/// Errors match graphql-js's lexer word for word.
struct Lexer {
    let source: Source
    let bytes: UnsafeBufferPointer<UInt8>
    /// The current token.
    private(set) var token: Token
    /// The end offset of the token before the current one (a node's `loc.end`).
    private(set) var lastTokenEnd = 0
    /// The decoded value of the current token when it is a string or block string.
    private(set) var stringValue = ""
    /// 1-based line of the scan position.
    private var line = 1
    /// Offset that makes `offset - lineStart + 1` a UTF-16 column on the current line.
    private var lineStart = 0

    init(source: Source, bytes: UnsafeBufferPointer<UInt8>) {
        self.source = source
        self.bytes = bytes
        self.token = Token(kind: .startOfFile, start: 0, end: 0, line: 0, column: 0)
    }

    /// Moves to the next token.
    mutating func advance() throws(GraphQLError) {
        lastTokenEnd = token.end
        token = try readToken(from: token.end)
    }

    /// The token after the current one, without moving.
    func lookahead() throws(GraphQLError) -> Token {
        var copy = self
        try copy.advance()
        return copy.token
    }

    /// The source text of a token (a name or a number).
    func text(of token: Token) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]), as: UTF8.self)
    }

    /// Whether the token's bytes spell `keyword` (ASCII).
    func token(_ token: Token, is keyword: StaticString) -> Bool {
        let length = keyword.utf8CodeUnitCount
        guard token.end - token.start == length else { return false }
        let pointer = keyword.utf8Start
        for offset in 0..<length where bytes[token.start + offset] != pointer[offset] {
            return false
        }
        return true
    }

    /// The byte at `index`, or 0 past the end (0 matches no token rule).
    @inline(__always) func byte(at index: Int) -> UInt8 {
        index < bytes.count ? bytes[index] : 0
    }

    @inline(never)
    func syntaxError(_ description: String, at position: Int) -> GraphQLError {
        GraphQLError.syntaxError(description, source: source, position: position)
    }

    @inline(__always) private func makeToken(_ kind: TokenKind, _ start: Int, _ end: Int) -> Token {
        Token(kind: kind, start: start, end: end, line: line, column: start - lineStart + 1)
    }

    /// Skips ignored tokens and reads the next token from `start`
    /// (spec §2.1.7 "Ignored Tokens", §2.1.8 "Punctuators").
    private mutating func readToken(from start: Int) throws(GraphQLError) -> Token {
        let count = bytes.count
        var position = start
        while position < count {
            let code = bytes[position]
            // The common cases first: indentation and names.
            if code == ASCII.space {
                position += 1
                continue
            }
            if ASCII.isNameStart(code) { return readName(from: position) }
            switch code {
            // WhiteSpace :: Horizontal Tab, Space; Comma :: ,
            case ASCII.tab, ASCII.space, ASCII.comma:
                position += 1
                continue
            // LineTerminator :: New Line | Carriage Return [lookahead != New Line] | Carriage Return New Line
            case ASCII.newline:
                position += 1
                line += 1
                lineStart = position
                continue
            case ASCII.carriageReturn:
                position += byte(at: position + 1) == ASCII.newline ? 2 : 1
                line += 1
                lineStart = position
                continue
            // Comment :: # CommentChar* [lookahead != CommentChar]
            case ASCII.hash:
                position = skipComment(from: position)
                continue
            // Punctuator :: one of ! $ & ( ) ... : = @ [ ] { | }
            case 0x21: return makeToken(.bang, position, position + 1)
            case 0x24: return makeToken(.dollar, position, position + 1)
            case 0x26: return makeToken(.amp, position, position + 1)
            case 0x28: return makeToken(.parenL, position, position + 1)
            case 0x29: return makeToken(.parenR, position, position + 1)
            case ASCII.dot:
                if byte(at: position + 1) == ASCII.dot && byte(at: position + 2) == ASCII.dot {
                    return makeToken(.spread, position, position + 3)
                }
            case 0x3A: return makeToken(.colon, position, position + 1)
            case 0x3D: return makeToken(.equals, position, position + 1)
            case 0x40: return makeToken(.at, position, position + 1)
            case 0x5B: return makeToken(.bracketL, position, position + 1)
            case 0x5D: return makeToken(.bracketR, position, position + 1)
            case ASCII.openBrace: return makeToken(.braceL, position, position + 1)
            case 0x7C: return makeToken(.pipe, position, position + 1)
            case ASCII.closeBrace: return makeToken(.braceR, position, position + 1)
            // StringValue
            case ASCII.quote:
                if byte(at: position + 1) == ASCII.quote && byte(at: position + 2) == ASCII.quote {
                    return try readBlockString(from: position)
                }
                return try readString(from: position)
            // IntValue | FloatValue
            case ASCII.minus, 0x30...0x39:
                return try readNumber(from: position)
            // UnicodeBOM :: "Byte Order Mark (U+FEFF)", EF BB BF in UTF-8
            case 0xEF where byte(at: position + 1) == 0xBB && byte(at: position + 2) == 0xBF:
                position += 3
                lineStart += 2
                continue
            default:
                break
            }
            throw unexpectedCharacter(at: position)
        }
        return makeToken(.endOfFile, count, count)
    }

    @inline(never)
    private func unexpectedCharacter(at position: Int) -> GraphQLError {
        if bytes[position] == 0x27 {
            return syntaxError(
                "Unexpected single quote character ('), did you mean to use a double quote (\")?", at: position)
        }
        let character = bytes.decodeCharacter(at: position)
        let described = bytes.describeCharacter(at: position)
        if character.isScalar {
            return syntaxError("Unexpected character: \(described).", at: position)
        }
        return syntaxError("Invalid character: \(described).", at: position)
    }

    /// Skips a comment; CommentChar :: SourceCharacter but not LineTerminator.
    /// A byte that is not a source character ends the comment, and is then
    /// reported by `readToken` (as graphql-js does).
    private mutating func skipComment(from start: Int) -> Int {
        let count = bytes.count
        var position = start + 1
        while position < count {
            let code = bytes[position]
            if code == ASCII.newline || code == ASCII.carriageReturn { break }
            if code < 0x80 {
                position += 1
                continue
            }
            let character = bytes.decodeCharacter(at: position)
            guard character.isScalar else { break }
            position += character.length
            lineStart += character.length - character.utf16Length
        }
        return position
    }

    /// Name :: NameStart NameContinue* [lookahead != NameContinue]
    private func readName(from start: Int) -> Token {
        let count = bytes.count
        var position = start + 1
        while position < count, ASCII.isNameContinue(bytes[position]) {
            position += 1
        }
        return makeToken(.name, start, position)
    }

    /// IntValue :: IntegerPart [lookahead != {Digit, `.`, NameStart}]
    /// FloatValue :: IntegerPart FractionalPart? ExponentPart? [lookahead != {Digit, `.`, NameStart}]
    /// IntegerPart :: NegativeSign? 0 | NegativeSign? NonZeroDigit Digit*
    /// FractionalPart :: . Digit+
    /// ExponentPart :: ExponentIndicator Sign? Digit+
    private func readNumber(from start: Int) throws(GraphQLError) -> Token {
        var position = start
        var isFloat = false
        if byte(at: position) == ASCII.minus { position += 1 }
        if byte(at: position) == ASCII.zero {
            position += 1
            if ASCII.isDigit(byte(at: position)) { throw unexpectedDigitAfterZero(at: position) }
        } else {
            position = try readDigits(from: position)
        }
        if byte(at: position) == ASCII.dot {
            isFloat = true
            position = try readDigits(from: position + 1)
        }
        let exponent = byte(at: position)
        if exponent == 0x45 || exponent == 0x65 {
            isFloat = true
            position += 1
            let sign = byte(at: position)
            if sign == 0x2B || sign == ASCII.minus { position += 1 }
            position = try readDigits(from: position)
        }
        let next = byte(at: position)
        if next == ASCII.dot || ASCII.isNameStart(next) { throw expectedDigit(at: position) }
        return makeToken(isFloat ? .float : .int, start, position)
    }

    @inline(never)
    private func unexpectedDigitAfterZero(at position: Int) -> GraphQLError {
        syntaxError("Invalid number, unexpected digit after 0: \(bytes.describeCharacter(at: position)).", at: position)
    }

    @inline(never)
    private func expectedDigit(at position: Int) -> GraphQLError {
        syntaxError("Invalid number, expected digit but got: \(bytes.describeCharacter(at: position)).", at: position)
    }

    /// Digit+ ; returns the offset after the last digit.
    private func readDigits(from start: Int) throws(GraphQLError) -> Int {
        guard ASCII.isDigit(byte(at: start)) else { throw expectedDigit(at: start) }
        let count = bytes.count
        var position = start + 1
        while position < count, ASCII.isDigit(bytes[position]) {
            position += 1
        }
        return position
    }

    /// Records that a non-ASCII character was passed on the current line, so
    /// later columns count it in UTF-16 units.
    mutating func passed(_ character: DecodedCharacter) {
        lineStart += character.length - character.utf16Length
    }

    /// Records a line terminator inside a block string ending at `position`.
    mutating func passedLineTerminator(endingAt position: Int) {
        line += 1
        lineStart = position
    }

    mutating func setString(_ value: String) {
        stringValue = value
    }

    /// A token of `kind` from `start` to `end`, at the line and column of `start`.
    func token(_ kind: TokenKind, from start: Int, to end: Int, line: Int, column: Int) -> Token {
        Token(kind: kind, start: start, end: end, line: line, column: column)
    }

    /// The line and column of an offset on the current line.
    func lineAndColumn(of position: Int) -> (line: Int, column: Int) {
        (line, position - lineStart + 1)
    }
}
