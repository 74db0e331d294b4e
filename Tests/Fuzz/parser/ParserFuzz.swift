import GraphQLLanguage

/// libFuzzer's entry point: any bytes, read as UTF-8 the way the HTTP layer
/// reads a `query` (invalid sequences replaced), must parse or fail with a
/// `GraphQLError`: never trap, overflow the stack or touch memory it should not.
/// A document that parses is printed and parsed again, which walks every node.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let document = try? Parser.parse(text) else { return 0 }
    _ = try? Parser.parse(printAST(document))
    return 0
}
