import GraphQLExecution
import GraphQLType

/// libFuzzer's entry point: the request body reader (`JSONReader`, which reads every
/// POST body and WebSocket message) must answer any bytes with a value or a
/// `JSONReadError` whose position lies inside the input; a value it reads is written
/// back by `JSONWriter` and must read again as the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    do {
        let value = try JSONReader.read(bytes)
        var writer = JSONWriter(capacity: size)
        writer.value(value)
        let again: GraphQLValue
        do { again = try JSONReader.read(writer.bytes) } catch {
            preconditionFailure("JSONWriter's text of a value read from JSON does not read: \(error)")
        }
        precondition(same(value, again), "JSONWriter's text of a value read from JSON reads as another value")
    } catch {
        precondition(error.offset >= 0 && error.offset <= size, "JSONReadError offset \(error.offset) outside \(size) bytes")
    }
    return 0
}

/// Equality up to how JSONWriter prints numbers: like JavaScript, a whole Float is
/// written without a fraction (`1.0` → `1`), so it reads back as an Int of that value.
func same(_ a: GraphQLValue, _ b: GraphQLValue) -> Bool {
    switch (a, b) {
    case (.float(let x), .int(let y)), (.int(let y), .float(let x)): return x == Double(y)
    case (.list(let x), .list(let y)): return x.count == y.count && zip(x, y).allSatisfy(same)
    case (.object(let x), .object(let y)):
        return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && same($0.value, $1.value) }
    default: return a == b
    }
}
