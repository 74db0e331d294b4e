import NIOCore

/// libFuzzer's entry point for the streaming multipart parser (`MultipartParser`, which
/// reads every file upload) and the header readers beside it (`MultipartHeaders`).
///
/// The input's first byte picks a chunk size, its first line (up to CRLF) is the
/// Content-Type the boundary is read from, and the rest is the body. The body is parsed
/// whole and again in chunks of that size: neither may trap, and since a chunk boundary
/// must never change what a body means, both must end the same way with the same parts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    guard let chunkSize = input.first.map({ Int($0) + 1 }) else { return 0 }
    let rest = input.dropFirst()
    let lineEnd = rest.firstIndex(of: 0x0A) ?? rest.endIndex
    let contentType = String(decoding: rest[rest.startIndex..<lineEnd], as: UTF8.self)
    let body = Array(rest[min(lineEnd + 1, rest.endIndex)...])
    guard let boundary = MultipartHeaders.boundary(contentType: contentType) else { return 0 }
    let whole = parse(body, boundary: boundary, chunkSize: max(body.count, 1))
    let chunked = parse(body, boundary: boundary, chunkSize: chunkSize)
    precondition(whole == chunked, "the body means another thing in chunks of \(chunkSize) bytes")
    return 0
}

/// What a body yields: each part's headers and content, or the failure.
enum Outcome: Equatable {
    case parts([[String: String]], [[UInt8]])
    case failed(MultipartParser.Failure)
}

func parse(_ body: [UInt8], boundary: String, chunkSize: Int) -> Outcome {
    var parser = MultipartParser(boundary: boundary)
    var headers: [[String: String]] = []
    var contents: [[UInt8]] = []
    do {
        var offset = 0
        repeat {
            let piece = ByteBuffer(bytes: body[offset..<min(offset + chunkSize, body.count)])
            offset += chunkSize
            for event in try parser.feed(piece) {
                switch event {
                case .headers(let fields):
                    headers.append(fields)
                    contents.append([])
                    _ = MultipartHeaders.disposition(fields["content-disposition"])
                case .content(let bytes): contents[contents.count - 1] += bytes.readableBytesView
                case .partEnd: break
                }
            }
        } while offset < body.count
        try parser.finish()
    } catch {
        return .failed(error)
    }
    return .parts(headers, contents)
}
