extension OutboxSender {
    /// Timing of deliveries and retries. The defaults suit production; tests shorten them.
    public struct Options: Sendable, Equatable {
        /// How long a claimed message stays reserved for its sender. A message whose
        /// sender crashed mid-send becomes claimable again after this. Always kept above
        /// `connectTimeout + sendTimeout`, so a live sender never loses its lease mid-send.
        public var lease: Duration = .seconds(300)
        /// The delay after the first failed attempt; it doubles with each further failure.
        public var backoffBase: Duration = .seconds(30)
        /// The longest delay between two attempts.
        public var maxBackoff: Duration = .seconds(3600)
        /// After this many failed attempts the message is given up (`failed_at` is set;
        /// the row stays for inspection). The defaults retry for about a day.
        public var maxAttempts: Int = 30
        /// libcurl's limit for connecting to the SMTP server.
        public var connectTimeout: Duration = .seconds(10)
        /// libcurl's limit for a whole SMTP dialogue.
        public var sendTimeout: Duration = .seconds(60)
        /// Messages logged per statement when no SMTP server is configured.
        public var logBatchSize: Int = 50

        public init() {}

        /// The delay before attempt `failures + 1`, after `failures` ≥ 1 failed attempts:
        /// `backoffBase · 2^(failures − 1)`, at most `maxBackoff`.
        public func backoff(afterFailures failures: Int) -> Duration {
            var delay = backoffBase
            for _ in 1..<max(1, failures) {
                delay *= 2
                if delay >= maxBackoff { return maxBackoff }
            }
            return min(delay, maxBackoff)
        }

        /// The lease actually used: `lease`, raised to outlast a whole send attempt.
        var effectiveLease: Duration { max(lease, connectTimeout + sendTimeout + .seconds(5)) }
    }
}
