package extension Duration {
    /// The duration in (fractional) seconds, as SQL's `make_interval(secs => …)` takes it.
    var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
