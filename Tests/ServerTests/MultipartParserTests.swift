import NIOCore
import Testing

@testable import Server

/// The streaming multipart/form-data parser (RFC 7578, RFC 2046 §5.1.1).
@Suite("Multipart: the streaming parser")
struct MultipartParserTests {
    static let body = "preamble\r\n--XyZ\r\nContent-Disposition: form-data; name=\"operations\"\r\n\r\n{\"a\":1}\r\n"
        + "--XyZ\r\nContent-Disposition: form-data; name=\"0\"; filename=\"a b.png\"\r\nContent-Type: image/png\r\n\r\n"
        + "line one\r\n--Xy not a boundary\r\n\r\n--XyZ--\r\nepilogue"

    /// Parses `body` split into pieces of `size` bytes; returns the parts' headers and contents.
    private func parse(_ body: String, chunkSize size: Int) throws -> [([String: String], String)] {
        var parser = MultipartParser(boundary: "XyZ")
        var parts: [([String: String], String)] = []
        var content = ByteBuffer()
        var headers: [String: String] = [:]
        let bytes = Array(body.utf8)
        var offset = 0
        while offset < bytes.count {
            let piece = ByteBuffer(bytes: bytes[offset..<min(offset + size, bytes.count)])
            offset += size
            for event in try parser.feed(piece) {
                switch event {
                case .headers(let fields): headers = fields
                case .content(var bytes): content.writeBuffer(&bytes)
                case .partEnd:
                    parts.append((headers, String(buffer: content)))
                    content.clear()
                }
            }
        }
        try parser.finish()
        return parts
    }

    @Test("parts, headers and contents come out the same however the body is split", arguments: [1, 2, 3, 5, 7, 16, 1000])
    func anySplit(size: Int) throws {
        let parts = try parse(Self.body, chunkSize: size)
        #expect(parts.count == 2)
        #expect(parts[0].0["content-disposition"] == "form-data; name=\"operations\"")
        #expect(parts[0].1 == "{\"a\":1}")
        #expect(parts[1].0["content-type"] == "image/png")
        #expect(parts[1].1 == "line one\r\n--Xy not a boundary\r\n")
    }

    @Test("a body without its closing delimiter is truncated")
    func truncated() throws {
        let cut = String(Self.body.prefix(Self.body.count - 20))
        #expect(throws: MultipartParser.Failure.truncated) { try parse(cut, chunkSize: 10) }
    }

    @Test("garbage after a delimiter and a header line without colon are malformed")
    func malformed() throws {
        #expect(throws: MultipartParser.Failure.self) { try parse("--XyZxx\r\n", chunkSize: 4) }
        #expect(throws: MultipartParser.Failure.self) { try parse("--XyZ\r\nno colon here\r\n\r\nx\r\n--XyZ--", chunkSize: 4) }
    }

    @Test("boundary and Content-Disposition parameters are read exactly")
    func headerParameters() {
        #expect(MultipartHeaders.boundary(contentType: "multipart/form-data; boundary=AbC") == "AbC")
        #expect(MultipartHeaders.boundary(contentType: "Multipart/Form-Data; charset=utf-8; boundary=\"a b\"") == "a b")
        #expect(MultipartHeaders.boundary(contentType: "multipart/form-data") == nil)
        #expect(MultipartHeaders.boundary(contentType: "multipart/mixed; boundary=x") == nil)
        let disposition = MultipartHeaders.disposition(#"form-data; name="0"; filename="me \"x\".png""#)
        #expect(disposition?.name == "0")
        #expect(disposition?.filename == #"me "x".png"#)
        #expect(MultipartHeaders.disposition("attachment; name=x") == nil)
        #expect(MultipartHeaders.disposition("form-data; name=operations")?.filename == nil)
    }

    @Test(
        "multipart/form-data is recognised by the first non-empty piece between semicolons, trimmed, in any case",
        arguments: [
            ("multipart/form-data; boundary=x", true), (" Multipart/Form-Data\t; boundary=x", true), (";;multipart/form-data", true),
            ("MULTIPART/FORM-DATA", true), ("multipart/form-data\u{A0}; boundary=x", true), ("\u{3000}multipart/form-data", true),
            ("multipart/form-datax", false), ("multipart/mixed; boundary=x", false), ("application/json", false), ("", false),
            (";", false), (" ;multipart/form-data", false), ("multipart/form-data;\u{301}", false), ("multipart/form-dat\u{E4}", false),
            ("multipart/form-data\r\n", false),
        ] as [(String, Bool)]
    )
    func isMultipart(header: String, expected: Bool) {
        #expect(MultipartHeaders.isMultipart(header) == expected)
    }
}
