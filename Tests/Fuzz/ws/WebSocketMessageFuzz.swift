/// libFuzzer's entry point: the `graphql-transport-ws` message decoder
/// (`GraphQLWSClientMessage.parse`, which reads every text frame a subscription client
/// sends) must answer any text with a message or a 4400 close whose reason fits in a
/// WebSocket close frame (RFC 6455 §5.5: 125 bytes, 2 of them the code).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        _ = try GraphQLWSClientMessage.parse(text)
    } catch {
        precondition(error.code == 4400, "close code \(error.code) for a message")
        precondition(error.reason.utf8.count <= 123, "a close reason of \(error.reason.utf8.count) bytes")
    }
    return 0
}
