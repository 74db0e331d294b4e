import Hummingbird

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `GET /terms` and `GET /privacy`: the configured documents (onboarding seed
/// stories 9–10: "Implement as a Web view; text should be provided
/// separately"), served as HTML, or as plain text for a `.txt` file.
struct LegalDocumentPages {
    let termsFile: String
    let privacyFile: String

    func register(on router: Router<QuarryRequestContext>) {
        router.get("/terms") { _, _ in try serve(termsFile) }
        router.get("/privacy") { _, _ in try serve(privacyFile) }
    }

    private func serve(_ path: String) throws -> Response {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw QuarryHTTPError(.notFound, code: "NOT_FOUND", message: "This document is not available.")
        }
        let type = path.hasSuffix(".txt") ? "text/plain; charset=utf-8" : "text/html; charset=utf-8"
        return Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "public, max-age=3600"],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }
}
