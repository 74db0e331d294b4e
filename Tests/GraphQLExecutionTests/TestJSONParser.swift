import GraphQLType

/// A small JSON parser for test input (UTF-8 bytes to a value tree); the data files
/// are trusted, so it checks only what it needs to walk them.
struct TestJSONParser {
    let bytes: [UInt8]
    var index = 0

    static func parse(_ bytes: [UInt8]) -> GraphQLValue {
        var parser = TestJSONParser(bytes: bytes)
        return parser.value()
    }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    private mutating func value() -> GraphQLValue {
        skipSpace()
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var fields = GraphQLObjectValue()
            skipSpace()
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(fields) }
            while true {
                skipSpace()
                let key = string()
                skipSpace()
                index += 1  // :
                fields.append(key: key, value: value())
                skipSpace()
                let separator = bytes[index]
                index += 1
                if separator == UInt8(ascii: "}") { return .object(fields) }
            }
        case UInt8(ascii: "["):
            index += 1
            var items: [GraphQLValue] = []
            skipSpace()
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .list(items) }
            while true {
                items.append(value())
                skipSpace()
                let separator = bytes[index]
                index += 1
                if separator == UInt8(ascii: "]") { return .list(items) }
            }
        case UInt8(ascii: "\""):
            return .string(string())
        case UInt8(ascii: "t"): index += 4; return .bool(true)
        case UInt8(ascii: "f"): index += 5; return .bool(false)
        case UInt8(ascii: "n"): index += 4; return .null
        default:
            let start = index
            var isFloat = false
            while index < bytes.count, let byte = Optional(bytes[index]),
                (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
                    || byte == UInt8(ascii: "E")
            {
                if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { isFloat = true }
                index += 1
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            return isFloat ? .float(Double(text)!) : .int(Int(text)!)
        }
    }

    private mutating func string() -> String {
        index += 1  // opening quote
        var out: [UInt8] = []
        while bytes[index] != UInt8(ascii: "\"") {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 1
                switch bytes[index] {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    var code = UInt32(String(decoding: bytes[(index + 1)...(index + 4)], as: UTF8.self), radix: 16)!
                    index += 4
                    if code >= 0xD800, code < 0xDC00 {
                        let low = UInt32(String(decoding: bytes[(index + 3)...(index + 6)], as: UTF8.self), radix: 16)!
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                    out.append(contentsOf: Array(String(Unicode.Scalar(code)!).utf8))
                default: out.append(bytes[index])
                }
                index += 1
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        index += 1
        return String(decoding: out, as: UTF8.self)
    }
}
