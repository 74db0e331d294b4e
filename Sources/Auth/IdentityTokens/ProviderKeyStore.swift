/// The cached signing keys of one provider.
///
/// Keys are loaded on first use and kept for `lifetime`. A token whose `kid` is
/// not in the set triggers one re-fetch (providers rotate keys by publishing the
/// new one first), at most once per `minimumRefetchInterval`, so tokens with
/// made-up `kid`s cannot turn the server into a load generator against the
/// provider. Concurrent callers share one fetch in flight. When a refresh fails
/// after the lifetime ran out, the previous keys stay in use until a later
/// attempt succeeds: a provider outage must not turn into a sign-in outage for
/// keys that are still valid.
actor ProviderKeyStore {
    private let source: JWKSSource
    private let loader: JWKSLoader
    private let lifetime: Duration
    private let minimumRefetchInterval: Duration
    private let clock = ContinuousClock()

    private var cached: (keys: IdentityKeySet, loadedAt: ContinuousClock.Instant)?
    private var lastAttempt: ContinuousClock.Instant?
    private var inFlight: Task<IdentityKeySet, any Error>?

    init(source: JWKSSource, loader: JWKSLoader, lifetime: Duration, minimumRefetchInterval: Duration) {
        self.source = source
        self.loader = loader
        self.lifetime = lifetime
        self.minimumRefetchInterval = minimumRefetchInterval
    }

    /// The current keys, loading them when there are none or they are older than
    /// the lifetime.
    func keys() async throws(IdentityTokenError) -> IdentityKeySet {
        if let cached {
            if cached.loadedAt.duration(to: clock.now) < lifetime || recentlyAttempted {
                return cached.keys
            }
            do {
                return try await load()
            } catch {
                return cached.keys
            }
        }
        return try await load()
    }

    /// The keys after a token named a `kid` missing from the cached set: re-fetched
    /// unless a fetch started within the minimum interval or another caller already
    /// brought keys that hold it, in which case the cached set is the answer.
    func keys(afterUnknownKeyID keyID: String) async throws(IdentityTokenError) -> IdentityKeySet {
        let current = try await keys()
        if current.contains(keyID: keyID) || recentlyAttempted {
            return current
        }
        return try await load()
    }

    private var recentlyAttempted: Bool {
        guard let lastAttempt else { return false }
        return lastAttempt.duration(to: clock.now) < minimumRefetchInterval
    }

    private func load() async throws(IdentityTokenError) -> IdentityKeySet {
        let task: Task<IdentityKeySet, any Error>
        if let inFlight {
            task = inFlight
        } else {
            let loader = self.loader
            let source = self.source
            task = Task { try await loader.load(source) }
            inFlight = task
            lastAttempt = clock.now
        }
        do {
            let keys = try await task.value
            if inFlight == task {
                inFlight = nil
                cached = (keys, clock.now)
            }
            return keys
        } catch {
            if inFlight == task {
                inFlight = nil
            }
            throw error as? IdentityTokenError ?? IdentityTokenError(.keysUnavailable, "\(error)")
        }
    }
}
