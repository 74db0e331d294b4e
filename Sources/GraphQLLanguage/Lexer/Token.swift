/// The kinds of lexical tokens (spec §2.1.6 "Lexical Tokens"), plus the
/// start and end of the file. Ignored tokens (whitespace, commas, comments,
/// line terminators, the byte order mark) are skipped by the lexer.
public enum TokenKind: UInt8, Sendable, Hashable, CustomStringConvertible {
    case startOfFile
    case endOfFile
    case bang
    case dollar
    case amp
    case parenL
    case parenR
    case spread
    case colon
    case equals
    case at
    case bracketL
    case bracketR
    case braceL
    case pipe
    case braceR
    case name
    case int
    case float
    case string
    case blockString

    /// The spelling graphql-js uses in messages: punctuators as themselves,
    /// other kinds by name (`Name`, `<EOF>`).
    public var description: String {
        switch self {
        case .startOfFile: "<SOF>"
        case .endOfFile: "<EOF>"
        case .bang: "!"
        case .dollar: "$"
        case .amp: "&"
        case .parenL: "("
        case .parenR: ")"
        case .spread: "..."
        case .colon: ":"
        case .equals: "="
        case .at: "@"
        case .bracketL: "["
        case .bracketR: "]"
        case .braceL: "{"
        case .pipe: "|"
        case .braceR: "}"
        case .name: "Name"
        case .int: "Int"
        case .float: "Float"
        case .string: "String"
        case .blockString: "BlockString"
        }
    }

    /// True for `! $ & ( ) ... : = @ [ ] { | }` (spec §2.1.8 "Punctuators").
    public var isPunctuator: Bool {
        rawValue >= TokenKind.bang.rawValue && rawValue <= TokenKind.braceR.rawValue
    }

    /// How a message names this kind: punctuators quoted (`"{"`), others bare (`Name`).
    var quotedDescription: String { isPunctuator ? "\"\(description)\"" : description }
}

/// One lexical token: its kind and where it is. A cheap value: the text of
/// names, numbers and strings is read from the source only when the parser
/// keeps it.
///
/// `column` counts UTF-16 code units from the start of the line, like
/// graphql-js and `Source.location(at:)`. Positions are stored in 32 bits so a
/// token fits in registers (sources are far smaller than 4 GiB).
public struct Token: Sendable, Equatable {
    public var kind: TokenKind
    private var storedStart: UInt32
    private var storedEnd: UInt32
    private var storedLine: UInt32
    private var storedColumn: UInt32

    public init(kind: TokenKind, start: Int, end: Int, line: Int, column: Int) {
        self.kind = kind
        storedStart = UInt32(truncatingIfNeeded: start)
        storedEnd = UInt32(truncatingIfNeeded: end)
        storedLine = UInt32(truncatingIfNeeded: line)
        storedColumn = UInt32(truncatingIfNeeded: column)
    }

    /// Byte offset of the first byte of the token.
    public var start: Int { Int(storedStart) }
    /// Byte offset just past the token.
    public var end: Int { Int(storedEnd) }
    /// 1-based line of the token's start.
    public var line: Int { Int(storedLine) }
    /// 1-based column of the token's start.
    public var column: Int { Int(storedColumn) }
}
