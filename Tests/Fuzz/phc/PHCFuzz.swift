/// libFuzzer's entry point: the PHC string parser (`PHCString`, which reads every stored
/// password hash at log-in to decide whether it needs re-hashing) must answer any text
/// with `nil` or a hash whose parameters and lengths are not negative.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let phc = PHCString(text) else { return 0 }
    precondition(phc.parameters.memoryKiB >= 0 && phc.parameters.iterations >= 0 && phc.parameters.parallelism >= 0)
    precondition(phc.saltByteCount > 0 && phc.hashByteCount > 0)
    return 0
}
