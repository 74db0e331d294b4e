import GraphQLLanguage
import GraphQLType

/// Appends JSON text to a byte buffer, formatted as `JSON.stringify` (and Python's
/// `json.dumps(ensure_ascii=False)`) formats it: compact, UTF-8 kept raw, `"` `\` and
/// control characters escaped (short forms for \b \f \n \r \t), numbers as
/// JavaScript prints them. Responses are written with it directly, never through
/// Foundation's `JSONSerialization`.
public struct JSONWriter {
    public var bytes: [UInt8]

    public init(capacity: Int = 1024) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    @inlinable public mutating func byte(_ byte: UInt8) {
        bytes.append(byte)
    }

    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    public mutating func null() { raw("null") }

    public mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    public mutating func int(_ value: Int) {
        if value >= 0, value < 10 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(value))
            return
        }
        var magnitude = value.magnitude
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
            UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: buffer[(20 - count)...])
        }
    }

    /// A Float as JavaScript prints it: `1.0` → `1`, `1.5` → `1.5`, `1e+21`;
    /// non-finite values (which result coercion rejects) as `null`, as JSON.stringify does.
    public mutating func double(_ value: Double) {
        guard value.isFinite else { return null() }
        if value == value.rounded(), abs(value) < 1e15 {
            int(Int(value))
            return
        }
        bytes.append(contentsOf: formatJavaScriptNumber(value).utf8)
    }

    /// A string in quotes with JSON escapes.
    public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { escapeAndAppend($0) }
    }

    private mutating func escapeAndAppend(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        let count = utf8.count
        while index < count {
            let byte = utf8[index]
            if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
            appendEscape(for: byte)
            index += 1
            runStart = index
        }
        if runStart < count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count])) }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscape(for byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            let hex: [UInt8] = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }

    /// A value tree: objects keep their field order.
    public mutating func value(_ value: GraphQLValue) {
        switch value {
        case .null: null()
        case .bool(let bool): self.bool(bool)
        case .int(let int): self.int(int)
        case .float(let double): self.double(double)
        case .string(let string): self.string(string)
        case .list(let items):
            byte(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { byte(UInt8(ascii: ",")) }
                self.value(item)
            }
            byte(UInt8(ascii: "]"))
        case .object(let object):
            byte(UInt8(ascii: "{"))
            for (index, field) in object.enumerated() {
                if index > 0 { byte(UInt8(ascii: ",")) }
                string(field.key)
                byte(UInt8(ascii: ":"))
                self.value(field.value)
            }
            byte(UInt8(ascii: "}"))
        }
    }
}
