import GraphQLType

/// One position of the response while it is being built: the response is a flat
/// array of these (an object's entries, a list's items in consecutive positions), so
/// building it allocates no dictionary per object, and a value that arrives later
/// (an awaited resolver, a batch) fills its position in place.
enum ResultNode {
    /// Not filled: under an object dropped by null propagation, never written.
    case pending
    case null
    /// `null` in a non-null position (its error is recorded): the nearest nullable
    /// ancestor becomes `null` when the response is written (spec §6.4.4).
    case nonNullViolation
    case bool(Bool)
    case int(Int)
    case float(Double)
    case string(String)
    case value(GraphQLValue)
    case object(ResponseShape, base: Int)
    case list(base: Int, count: Int)
}

/// Writes the built response as JSON; a non-null violation truncates the bytes
/// back to the start of the nearest nullable ancestor, which is written as `null`.
struct ResponseWriter {
    let nodes: [ResultNode]
    var writer: JSONWriter

    /// Writes position `slot` of type `type`; `false` when it must propagate a null.
    mutating func write(_ slot: Int, type: GraphQLTypeRef) -> Bool {
        switch nodes[slot] {
        case .pending, .null:
            if type.isNonNull { return false }
            writer.null()
        case .nonNullViolation:
            return false
        case .bool(let bool): writer.bool(bool)
        case .int(let int): writer.int(int)
        case .float(let double): writer.double(double)
        case .string(let string): writer.string(string)
        case .value(let value): writer.value(value)
        case .object(let shape, let base):
            let mark = writer.bytes.count
            writer.byte(UInt8(ascii: "{"))
            for index in shape.keys.indices {
                if index > 0 { writer.byte(UInt8(ascii: ",")) }
                writer.bytes.append(contentsOf: shape.keys[index])
                if !write(base + index, type: shape.types[index]) {
                    return nullify(from: mark, type: type)
                }
            }
            writer.byte(UInt8(ascii: "}"))
        case .list(let base, let count):
            let mark = writer.bytes.count
            let itemType = type.nullable.ofType ?? type
            writer.byte(UInt8(ascii: "["))
            for index in 0..<count {
                if index > 0 { writer.byte(UInt8(ascii: ",")) }
                if !write(base + index, type: itemType) {
                    return nullify(from: mark, type: type)
                }
            }
            writer.byte(UInt8(ascii: "]"))
        }
        return true
    }

    private mutating func nullify(from mark: Int, type: GraphQLTypeRef) -> Bool {
        writer.bytes.removeSubrange(mark...)
        if type.isNonNull { return false }
        writer.null()
        return true
    }
}
