#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AsyncHTTPClient

/// Reads a JSON Web Key Set from a file or over HTTP(S).
struct JWKSLoader: Sendable {
    /// Present when some provider's keys come from a URL; owned by the verifier.
    let httpClient: HTTPClient?

    /// A JWKS is a few kilobytes; anything much larger is not one.
    static let maximumDocumentSize = 1 << 20

    func load(_ source: JWKSSource) async throws(IdentityTokenError) -> IdentityKeySet {
        switch source {
        case .file(let path):
            return try await IdentityKeySet.parse(readFile(path), source: path)
        case .url(let url):
            return try await IdentityKeySet.parse(fetch(url), source: url)
        }
    }

    /// A local file of a few kilobytes, read at most once per cache lifetime (or
    /// after a key rotation): a synchronous read of it costs microseconds, which is
    /// why it does not go through a thread pool.
    private func readFile(_ path: String) throws(IdentityTokenError) -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw IdentityTokenError(.keysUnavailable, "cannot read the JWKS file \(path)")
        }
        guard data.count <= Self.maximumDocumentSize else {
            throw IdentityTokenError(.keysUnavailable, "the JWKS file \(path) is too large")
        }
        return data
    }

    private func fetch(_ url: String) async throws(IdentityTokenError) -> Data {
        guard let httpClient else {
            throw IdentityTokenError(.keysUnavailable, "no HTTP client to fetch \(url)")
        }
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Accept", value: "application/json")
        do {
            // A provider that does not answer within 10 s is down; sign-in fails fast.
            let response = try await httpClient.execute(request, timeout: .seconds(10))
            guard response.status.code == 200 else {
                throw IdentityTokenError(.keysUnavailable, "\(url) answered \(response.status.code)")
            }
            let body = try await response.body.collect(upTo: Self.maximumDocumentSize)
            return Data(body.readableBytesView)
        } catch let error as IdentityTokenError {
            throw error
        } catch {
            throw IdentityTokenError(.keysUnavailable, "cannot fetch \(url): \(error)")
        }
    }
}
