#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AsyncHTTPClient
import JWTKit

/// Verifies the OpenID Connect ID tokens that Google, Facebook (Limited Login) and
/// Apple give an app at sign-in, for `signInWithProvider` (API.md, "Accounts").
///
/// A token is accepted only when (OpenID Connect Core 1.0 §3.1.3.7):
/// its signature verifies with the provider's published key named by `kid`, using
/// the algorithm that key is for (never `none`, never one the token chooses);
/// `iss` is one of the provider's issuers; `aud` is this application's client id
/// and nothing else; `exp` has not passed; and `nbf` / `iat` are not in the
/// future beyond ``clockSkewLeeway``.
///
/// Keys are loaded lazily and cached per provider (see ``ProviderKeyStore``).
/// When any provider's keys come from a URL the verifier owns an `HTTPClient`,
/// so ``shutdown()`` must be called before the verifier is released.
public final class IdentityTokenVerifier: Sendable {
    /// Tolerated clock difference for `nbf` and `iat`: a phone's clock may run a
    /// little ahead of the provider's and ours.
    public static let clockSkewLeeway: Double = 60

    private struct Provider: Sendable {
        let configuration: IdentityProviderConfiguration
        let keys: ProviderKeyStore
    }

    private let providers: [IdentityProvider: Provider]
    private let httpClient: HTTPClient?

    /// - Parameters:
    ///   - configurations: the enabled providers; a provider absent here refuses
    ///     every token with ``IdentityTokenError/Reason/providerNotConfigured``.
    ///   - keyCacheLifetime: how long loaded keys are used before being re-read.
    ///   - minimumRefetchInterval: the shortest time between two loads of one
    ///     provider's keys caused by unknown `kid`s or by failed refreshes.
    public init(
        configurations: [IdentityProviderConfiguration],
        keyCacheLifetime: Duration = .seconds(3600),
        minimumRefetchInterval: Duration = .seconds(30)
    ) {
        let needsHTTP = configurations.contains { if case .url = $0.jwks { true } else { false } }
        let httpClient = needsHTTP ? HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup) : nil
        let loader = JWKSLoader(httpClient: httpClient)
        var providers: [IdentityProvider: Provider] = [:]
        for configuration in configurations {
            let store = ProviderKeyStore(
                source: configuration.jwks,
                loader: loader,
                lifetime: keyCacheLifetime,
                minimumRefetchInterval: minimumRefetchInterval
            )
            providers[configuration.provider] = Provider(configuration: configuration, keys: store)
        }
        self.providers = providers
        self.httpClient = httpClient
    }

    /// The providers that accept tokens, in declaration order.
    public var enabledProviders: [IdentityProvider] {
        IdentityProvider.allCases.filter { providers[$0] != nil }
    }

    /// Verifies `idToken` as issued by `provider` for this application and returns
    /// what it says about the person.
    public func verify(_ idToken: String, from provider: IdentityProvider) async throws(IdentityTokenError)
        -> VerifiedIdentity
    {
        guard let entry = providers[provider] else {
            throw IdentityTokenError(.providerNotConfigured, "sign-in with \(provider.rawValue) is not configured")
        }
        let header = try IdentityTokenHeader(token: idToken)
        guard IdentityKeySet.supportedAlgorithms.contains(header.algorithm) else {
            throw IdentityTokenError(.badSignature, "the ID token's algorithm \(header.algorithm) is not accepted")
        }
        var keys = try await entry.keys.keys()
        if let keyID = header.keyID, !keys.contains(keyID: keyID) {
            keys = try await entry.keys.keys(afterUnknownKeyID: keyID)
        }
        let candidates = keys.candidates(keyID: header.keyID, algorithm: header.algorithm)
        guard !candidates.isEmpty else {
            throw IdentityTokenError(
                .badSignature,
                "\(provider.rawValue) publishes no \(header.algorithm) key with kid \(header.keyID ?? "(none)")"
            )
        }
        let claims = try await verifySignature(idToken, with: candidates)
        return try identity(from: claims, configuration: entry.configuration)
    }

    /// Shuts down the HTTP client used for JWKS URLs, if there is one. Verifying
    /// a token with keys from a URL afterwards fails with `keysUnavailable`.
    public func shutdown() async {
        try? await httpClient?.shutdown()
    }

    /// The claims of the token, once one of the candidate keys verifies its
    /// signature (more than one only when the header has no `kid`).
    private func verifySignature(_ token: String, with candidates: [IdentityKeySet.Key]) async throws(IdentityTokenError)
        -> IdentityTokenClaims
    {
        for key in candidates {
            do {
                return try await key.collection.verify(token, as: IdentityTokenClaims.self)
            } catch let error as JWTError where error.errorType == .malformedToken {
                // jwt-kit decodes the claims only after the signature verified.
                throw IdentityTokenError(.malformed, "the ID token's claims are not the JSON an ID token has")
            } catch {
                continue
            }
        }
        throw IdentityTokenError(.badSignature, "the ID token's signature does not verify")
    }

    private func identity(from claims: IdentityTokenClaims, configuration: IdentityProviderConfiguration)
        throws(IdentityTokenError) -> VerifiedIdentity
    {
        let name = configuration.provider.rawValue
        guard let subject = claims.subject, !subject.isEmpty else {
            throw IdentityTokenError(.malformed, "the \(name) ID token has no sub")
        }
        guard let issuer = claims.issuer, configuration.issuers.contains(issuer) else {
            throw IdentityTokenError(.wrongIssuer, "the ID token was issued by \(claims.issuer ?? "nobody"), not \(name)")
        }
        guard claims.audiences.contains(configuration.audience),
            claims.audiences.allSatisfy({ $0 == configuration.audience })
        else {
            throw IdentityTokenError(
                .wrongAudience,
                "the \(name) ID token is for \(claims.audiences.joined(separator: ", ")), not this application"
            )
        }
        guard let expiresAt = claims.expiresAt else {
            throw IdentityTokenError(.malformed, "the \(name) ID token has no exp")
        }
        let now = Date().timeIntervalSince1970
        guard now < expiresAt else {
            throw IdentityTokenError(.expired, "the \(name) ID token has expired")
        }
        for (claim, time) in [("nbf", claims.notBefore), ("iat", claims.issuedAt)] {
            if let time, time > now + Self.clockSkewLeeway {
                throw IdentityTokenError(.notYetValid, "the \(name) ID token's \(claim) is in the future")
            }
        }
        let email = claims.email.map { IdentityTokenText.trimmed($0).lowercased() }.flatMap { $0.isEmpty ? nil : $0 }
        let isRelay =
            configuration.provider == .apple
            && (claims.isPrivateEmail || email?.hasSuffix("@privaterelay.appleid.com") == true)
        return VerifiedIdentity(
            provider: configuration.provider,
            subject: subject,
            email: email,
            emailVerified: email != nil && claims.emailVerified,
            isPrivateRelayEmail: isRelay,
            givenName: claims.givenName,
            familyName: claims.familyName,
            phone: claims.phoneNumber
        )
    }
}
