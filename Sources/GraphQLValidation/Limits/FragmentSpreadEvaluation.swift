/// What one selection set contributes to a measure of an operation (depth,
/// aliases, cost), with the fragments it spreads left as references: the
/// selection set's own `local` value, and for each spread the fragment's key
/// and a factor (the nesting level for depth, a multiplier for sums).
struct SpreadSummary<Key: Hashable> {
    var local = 0
    var spreads: [(key: Key, factor: Int)] = []
}

/// Evaluates a measure over an operation and the fragments it spreads, each
/// fragment summarized and evaluated once, so a fragment spread many times
/// costs nothing more and a document cannot make the work exponential.
///
/// Fragments are walked with an explicit stack, so a long chain of spreads does
/// not grow the thread's stack. A spread that closes a cycle counts as zero (the
/// "No Fragment Cycles" rule, spec §5.5.2.2, reports the document anyway).
/// Totals saturate at `Int.max` instead of overflowing.
struct FragmentSpreadEvaluation<Key: Hashable> {
    enum Combination {
        /// `max(local, factor + value)` over the spreads: depth, where the factor is the level.
        case maximumOfOffsets
        /// `local + Σ factor × value`: counts and costs, where the factor is a multiplier.
        case weightedSum
    }

    let combination: Combination
    /// The summary of the fragment a key names; nil for an unknown fragment.
    let summarize: (Key) -> SpreadSummary<Key>?
    private var values: [Key: Int] = [:]

    init(combination: Combination, summarize: @escaping (Key) -> SpreadSummary<Key>?) {
        self.combination = combination
        self.summarize = summarize
    }

    /// The measure of a selection set whose summary is `summary`.
    mutating func value(of summary: SpreadSummary<Key>) -> Int {
        var values: [Int] = []
        values.reserveCapacity(summary.spreads.count)
        for spread in summary.spreads { values.append(value(ofFragment: spread.key)) }
        return combine(summary, values)
    }

    /// The measure of the fragment `key` names (0 when unknown).
    mutating func value(ofFragment key: Key) -> Int {
        if let known = values[key] { return known }
        guard let root = summarize(key) else {
            values[key] = 0
            return 0
        }
        var stack: [(key: Key, summary: SpreadSummary<Key>, next: Int)] = [(key, root, 0)]
        var inProgress: Set<Key> = [key]
        while !stack.isEmpty {
            let top = stack.count - 1
            if stack[top].next < stack[top].summary.spreads.count {
                let dependency = stack[top].summary.spreads[stack[top].next].key
                stack[top].next += 1
                if values[dependency] != nil || inProgress.contains(dependency) { continue }
                if let summary = summarize(dependency) {
                    stack.append((dependency, summary, 0))
                    inProgress.insert(dependency)
                } else {
                    values[dependency] = 0
                }
                continue
            }
            let frame = stack.removeLast()
            inProgress.remove(frame.key)
            // A dependency still in progress closes a cycle and counts as zero.
            values[frame.key] = combine(frame.summary, frame.summary.spreads.map { values[$0.key] ?? 0 })
        }
        return values[key] ?? 0
    }

    private func combine(_ summary: SpreadSummary<Key>, _ dependencies: [Int]) -> Int {
        var result = summary.local
        for (spread, value) in zip(summary.spreads, dependencies) {
            switch combination {
            case .maximumOfOffsets:
                result = max(result, saturatingAdd(spread.factor, value))
            case .weightedSum:
                result = saturatingAdd(result, saturatingMultiply(spread.factor, value))
            }
        }
        return result
    }
}

/// `a + b`, or `Int.max` when that overflows (both are never negative here).
func saturatingAdd(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? Int.max : sum
}

/// `a × b`, or `Int.max` when that overflows (both are never negative here).
func saturatingMultiply(_ a: Int, _ b: Int) -> Int {
    let (product, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? Int.max : product
}
