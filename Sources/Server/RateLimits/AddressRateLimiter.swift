import Synchronization

/// Counts calls per (mutation, client address) in fixed windows, in memory: one
/// instance's view, so with several instances behind a load balancer each allows the
/// limit (a shared store would be needed for one limit across them). Behind a reverse
/// proxy every client has the proxy's address, so the limits then apply to all together.
///
/// A `Mutex` rather than an actor: each check is a few dictionary operations, and
/// requests should not queue behind one another's hops to an actor.
public final class AddressRateLimiter: Sendable {
    let limits: AccountRateLimits
    private let windows = Mutex<[Key: Window]>([:])
    /// Past this many addresses and mutations tracked, expired windows are swept, so an
    /// attacker cycling addresses grows the table only while their windows last.
    static let sweepThreshold = 10_000

    struct Key: Hashable {
        let mutation: String
        let address: String
    }

    struct Window {
        var start: ContinuousClock.Instant
        var count: Int
    }

    public init(limits: AccountRateLimits) {
        self.limits = limits
    }

    /// Counts one call of each of `mutations` (field names, repeated for repeated
    /// fields) from `address`; all are allowed, or none is counted and the answer is
    /// the first over its limit with the whole seconds until its window ends.
    func admit(_ mutations: [String], from address: String?, now: ContinuousClock.Instant = .now)
        -> (mutation: String, retryAfterSeconds: Int)?
    {
        let limited = mutations.filter { limits.limits[$0] != nil }
        guard !limited.isEmpty else { return nil }
        let address = address ?? "unknown"
        return windows.withLock { windows in
            if windows.count > Self.sweepThreshold { Self.sweep(&windows, limits: limits, now: now) }
            var wanted: [String: Int] = [:]
            for mutation in limited { wanted[mutation, default: 0] += 1 }
            for (mutation, calls) in wanted.sorted(by: { $0.key < $1.key }) {
                let limit = limits.limits[mutation]!
                let window = Self.current(windows[Key(mutation: mutation, address: address)], limit: limit, now: now)
                if window.count + calls > limit.count {
                    let ends = window.start + .seconds(limit.windowSeconds)
                    let (seconds, attoseconds) = (ends - now).components
                    return (mutation, max(1, Int(seconds) + (attoseconds > 0 ? 1 : 0)))
                }
            }
            for (mutation, calls) in wanted {
                let key = Key(mutation: mutation, address: address)
                var window = Self.current(windows[key], limit: limits.limits[mutation]!, now: now)
                window.count += calls
                windows[key] = window
            }
            return nil
        }
    }

    /// The window in force: the stored one, or a new empty one if it has ended.
    private static func current(_ window: Window?, limit: AccountRateLimits.Limit, now: ContinuousClock.Instant) -> Window {
        guard let window, now < window.start + .seconds(limit.windowSeconds) else { return Window(start: now, count: 0) }
        return window
    }

    private static func sweep(_ windows: inout [Key: Window], limits: AccountRateLimits, now: ContinuousClock.Instant) {
        windows = windows.filter { key, window in
            guard let limit = limits.limits[key.mutation] else { return false }
            return now < window.start + .seconds(limit.windowSeconds)
        }
    }
}
