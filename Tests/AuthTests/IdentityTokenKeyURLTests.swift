@testable import Auth
import Foundation
import Testing

/// Keys fetched from a JWKS URL (a local server, never the internet): caching,
/// rotation, throttling, outages.
@Suite("Identity token keys from a URL")
struct IdentityTokenKeyURLTests {
    typealias Maker = IdentityTokenMaker

    private static func withServer(
        keys: [IdentityTokenSigningKey] = [IdentityTokenKeys.rsa],
        _ body: (IdentityTokenTemporaryFolder, IdentityTokenKeyServer) async throws -> Void
    ) async throws {
        let folder = try IdentityTokenTemporaryFolder()
        defer { folder.remove() }
        try folder.writeJWKS(keys)
        let server = try IdentityTokenKeyServer(serving: folder.url)
        defer { server.stop() }
        try await body(folder, server)
    }

    private static func verifier(
        _ server: IdentityTokenKeyServer,
        lifetime: Duration = .seconds(3600),
        refetchInterval: Duration = .zero
    ) -> IdentityTokenVerifier {
        IdentityTokenVerifier(
            configurations: [.init(provider: .google, jwks: .url(server.url("jwks.json")), audience: Maker.audience)],
            keyCacheLifetime: lifetime,
            minimumRefetchInterval: refetchInterval
        )
    }

    private static func refusal(_ token: String, _ verifier: IdentityTokenVerifier) async -> IdentityTokenError.Reason? {
        await IdentityTokenVerifierTests.refusal(token, by: verifier)
    }

    @Test("keys are fetched once, on first use, then served from the cache")
    func fetchedOnce() async throws {
        try await Self.withServer { _, server in
            let verifier = Self.verifier(server)
            #expect(server.requests(for: "jwks.json") == 0)
            for _ in 0..<3 {
                #expect(await IdentityTokenVerifierTests.refusal(signing: Maker.googleClaims(), by: verifier) == nil)
            }
            #expect(server.requests(for: "jwks.json") == 1)
            await verifier.shutdown()
        }
    }

    @Test("concurrent first uses share one fetch")
    func concurrentFirstUse() async throws {
        try await Self.withServer { _, server in
            let verifier = Self.verifier(server)
            let token = try Maker.token(Maker.googleClaims())
            let refusals = await withTaskGroup(of: IdentityTokenError.Reason?.self) { group in
                for _ in 0..<8 {
                    group.addTask { await Self.refusal(token, verifier) }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(refusals.count == 8 && refusals.allSatisfy { $0 == nil })
            #expect(server.requests(for: "jwks.json") == 1)
            await verifier.shutdown()
        }
    }

    @Test("a new kid causes exactly one re-fetch; a still-unknown kid is refused after it")
    func rotation() async throws {
        try await Self.withServer { folder, server in
            let verifier = Self.verifier(server)
            #expect(await IdentityTokenVerifierTests.refusal(signing: Maker.googleClaims(), by: verifier) == nil)
            #expect(server.requests(for: "jwks.json") == 1)

            try folder.writeJWKS([IdentityTokenKeys.rsa, IdentityTokenKeys.rotated])
            let rotated = try Maker.token(Maker.googleClaims(), key: IdentityTokenKeys.rotated)
            #expect(await Self.refusal(rotated, verifier) == nil)
            #expect(server.requests(for: "jwks.json") == 2)
            #expect(await Self.refusal(rotated, verifier) == nil)
            #expect(server.requests(for: "jwks.json") == 2)

            let stranger = try Maker.token(Maker.googleClaims(), key: IdentityTokenKeys.stranger)
            #expect(await Self.refusal(stranger, verifier) == .badSignature)
            #expect(server.requests(for: "jwks.json") == 3)
            await verifier.shutdown()
        }
    }

    @Test("unknown kids re-fetch at most once per minimum interval")
    func throttled() async throws {
        try await Self.withServer { _, server in
            let verifier = Self.verifier(server, refetchInterval: .seconds(300))
            #expect(await IdentityTokenVerifierTests.refusal(signing: Maker.googleClaims(), by: verifier) == nil)
            let stranger = try Maker.token(Maker.googleClaims(), key: IdentityTokenKeys.stranger)
            for _ in 0..<5 {
                #expect(await Self.refusal(stranger, verifier) == .badSignature)
            }
            #expect(server.requests(for: "jwks.json") == 1)
            await verifier.shutdown()
        }
    }

    @Test("when a refresh fails, the previous keys stay in use")
    func staleKeysOnOutage() async throws {
        try await Self.withServer { folder, server in
            let verifier = Self.verifier(server, lifetime: .zero)
            #expect(await IdentityTokenVerifierTests.refusal(signing: Maker.googleClaims(), by: verifier) == nil)
            try FileManager.default.removeItem(at: folder.url.appendingPathComponent("jwks.json"))
            #expect(await IdentityTokenVerifierTests.refusal(signing: Maker.googleClaims(), by: verifier) == nil)
            #expect(server.requests(for: "jwks.json") == 2)
            await verifier.shutdown()
        }
    }

    @Test("after shutdown, keys that are not cached yet are unavailable")
    func afterShutdown() async throws {
        try await Self.withServer { _, server in
            let verifier = Self.verifier(server)
            await verifier.shutdown()
            #expect(await IdentityTokenVerifierTests.refusal(signing: Maker.googleClaims(), by: verifier) == .keysUnavailable)
            #expect(server.requests(for: "jwks.json") == 0)
            await verifier.shutdown()
        }
    }

    @Test("a URL that answers 404, no JSON or nothing at all makes the keys unavailable")
    func unavailable() async throws {
        try await Self.withServer { folder, server in
            let token = try Maker.token(Maker.googleClaims())
            try folder.write(Data("not json".utf8), named: "text.json")
            for name in ["absent.json", "text.json"] {
                let verifier = IdentityTokenVerifier(configurations: [
                    .init(provider: .google, jwks: .url(server.url(name)), audience: Maker.audience)
                ])
                #expect(await Self.refusal(token, verifier) == .keysUnavailable, "\(name)")
                await verifier.shutdown()
            }
        }
        // A port nobody listens on any more.
        let folder = try IdentityTokenTemporaryFolder()
        defer { folder.remove() }
        let stopped = try IdentityTokenKeyServer(serving: folder.url)
        stopped.stop()
        let closedPort = stopped.port
        let verifier = IdentityTokenVerifier(configurations: [
            .init(provider: .google, jwks: .url("http://127.0.0.1:\(closedPort)/jwks.json"), audience: Maker.audience)
        ])
        #expect(await IdentityTokenVerifierTests.refusal(signing: Maker.googleClaims(), by: verifier) == .keysUnavailable)
        await verifier.shutdown()
    }
}
