import GraphQLType

/// Why request JSON was rejected, with where: a byte offset and the 1-based line and
/// column (columns count Unicode scalars), so a client can find the mistake.
public struct JSONReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, e.g. `Expected ',' or '}' after an object member, found 'x'`.
    public let message: String
    /// Byte offset into the input.
    public let offset: Int
    public let line: Int
    public let column: Int

    public init(message: String, offset: Int, line: Int, column: Int) {
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
    }

    public var description: String {
        "JSON syntax error at line \(line), column \(column): \(message)"
    }
}

/// Reads request JSON (a GraphQL-over-HTTP body, a variables object) straight from
/// UTF-8 bytes into a ``GraphQLValue``, without Foundation.
///
/// Strict RFC 8259: one value with optional surrounding whitespace; no comments,
/// trailing commas, single quotes, `NaN`, leading zeros or bare control characters in
/// strings; invalid UTF-8 and lone surrogate escapes are errors, as are duplicate object
/// keys (RFC 8259 §4 leaves their meaning open, and a variables object whose `$id`
/// means two things should not be guessed at). Numbers without fraction or exponent
/// that fit in `Int` read as `.int`, every other number as `.float`; input coercion
/// (spec §3.5) then decides what a number may be.
public enum JSONReader {
    /// Deepest nesting of arrays and objects accepted: far beyond any real request,
    /// well within the stack of the recursive reader.
    public static let maxDepth = 512

    public static func read(_ bytes: UnsafeRawBufferPointer) throws(JSONReadError) -> GraphQLValue {
        var reader = Reader(bytes: bytes.bindMemory(to: UInt8.self))
        return try reader.readDocument()
    }

    public static func read(_ bytes: [UInt8]) throws(JSONReadError) -> GraphQLValue {
        let result = bytes.withUnsafeBytes { raw in Result { () throws(JSONReadError) in try read(raw) } }
        return try result.get()
    }

    public static func read(_ text: String) throws(JSONReadError) -> GraphQLValue {
        var text = text
        let result = text.withUTF8 { buffer in
            Result { () throws(JSONReadError) in try read(UnsafeRawBufferPointer(buffer)) }
        }
        return try result.get()
    }
}

/// The reader proper: recursive descent over the bytes, one method per RFC 8259 rule.
struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// JSON-text = ws value ws (RFC 8259 §2).
    mutating func readDocument() throws(JSONReadError) -> GraphQLValue {
        skipWhitespace()
        guard index < bytes.count else { throw error("Expected a JSON value, found the end of the input") }
        let value = try readValue()
        skipWhitespace()
        if index < bytes.count {
            throw error("Unexpected \(describeCurrent()) after the JSON value")
        }
        return value
    }

    /// value = false / null / true / object / array / number / string (RFC 8259 §3).
    mutating func readValue() throws(JSONReadError) -> GraphQLValue {
        guard index < bytes.count else { throw error("Expected a JSON value, found the end of the input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try readObject()
        case UInt8(ascii: "["): return try readArray()
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"): return try readNumber()
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        default:
            throw error("Expected a JSON value, found \(describeCurrent())")
        }
    }

    /// object = begin-object [ member *( value-separator member ) ] end-object (RFC 8259 §4).
    mutating func readObject() throws(JSONReadError) -> GraphQLValue {
        let start = index
        try enterNesting()
        index += 1
        var fields = GraphQLObjectValue()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(fields)
        }
        var keys: Set<String> = []
        while true {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("Expected a string key in the object, found \(describeCurrent())")
            }
            let keyStart = index
            let key = try readString()
            if fields.count < 8 {
                if fields.contains(where: { $0.key == key }) { throw duplicate(key, at: keyStart) }
            } else {
                if keys.isEmpty { keys = Set(fields.keys) }
                guard keys.insert(key).inserted else { throw duplicate(key, at: keyStart) }
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("Expected ':' after the object key \"\(key)\", found \(describeCurrent())")
            }
            index += 1
            skipWhitespace()
            fields.append(key: key, value: try readValue())
            skipWhitespace()
            guard index < bytes.count else {
                throw error("Unterminated object (opened at \(positionText(start))): expected ',' or '}'")
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return .object(fields)
            } else {
                throw error("Expected ',' or '}' after an object member, found \(describeCurrent())")
            }
        }
    }

    /// array = begin-array [ value *( value-separator value ) ] end-array (RFC 8259 §5).
    mutating func readArray() throws(JSONReadError) -> GraphQLValue {
        let start = index
        try enterNesting()
        index += 1
        var items: [GraphQLValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .list(items)
        }
        while true {
            items.append(try readValue())
            skipWhitespace()
            guard index < bytes.count else {
                throw error("Unterminated array (opened at \(positionText(start))): expected ',' or ']'")
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return .list(items)
            } else {
                throw error("Expected ',' or ']' after an array element, found \(describeCurrent())")
            }
        }
    }

    private mutating func enterNesting() throws(JSONReadError) {
        depth += 1
        if depth > JSONReader.maxDepth {
            throw error("Arrays and objects nest deeper than \(JSONReader.maxDepth) levels")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONReadError) {
        let count = literal.utf8CodeUnitCount
        let start = literal.utf8Start
        var offset = 0
        while offset < count {
            guard index + offset < bytes.count, bytes[index + offset] == start[offset] else {
                index += offset
                throw error("Expected '\(literal)', found \(describeCurrent())")
            }
            offset += 1
        }
        index += count
    }

    /// ws = *( %x20 / %x09 / %x0A / %x0D ) (RFC 8259 §2).
    @inline(__always)
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func duplicate(_ key: String, at offset: Int) -> JSONReadError {
        error("Duplicate object key \"\(key)\"", at: offset)
    }

    // MARK: Errors

    /// Names the byte at the current index for a message: a quoted character, or the end.
    func describeCurrent() -> String {
        guard index < bytes.count else { return "the end of the input" }
        let byte = bytes[index]
        switch byte {
        case 0x20 ..< 0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x00 ..< 0x20, 0x7F: return "the control character U+\(hex4(UInt32(byte)))"
        default:
            if let scalar = decodeScalar(at: index) { return "'\(Character(scalar.scalar))'" }
            return "an invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }

    func error(_ message: String) -> JSONReadError {
        error(message, at: index)
    }

    func error(_ message: String, at offset: Int) -> JSONReadError {
        let (line, column) = lineAndColumn(of: offset)
        return JSONReadError(message: message, offset: offset, line: line, column: column)
    }

    func positionText(_ offset: Int) -> String {
        let (line, column) = lineAndColumn(of: offset)
        return "line \(line), column \(column)"
    }

    /// 1-based line and column; lines end at LF, CR or CRLF, columns count scalars
    /// (continuation bytes of UTF-8 do not start a column).
    private func lineAndColumn(of offset: Int) -> (Int, Int) {
        var line = 1
        var column = 1
        var position = 0
        let end = min(offset, bytes.count)
        while position < end {
            let byte = bytes[position]
            if byte == 0x0A || (byte == 0x0D && !(position + 1 < bytes.count && bytes[position + 1] == 0x0A)) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80, byte != 0x0D {
                column += 1
            }
            position += 1
        }
        return (line, column)
    }
}

func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
