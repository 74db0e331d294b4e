import GraphQLLanguage

/// Two sets of fields that share a response name but cannot be merged
/// (spec §5.3.2), with the reason; graphql-js's `Conflict`.
///
/// `fields1` and `fields2` hold the two fields and, for conflicts found in their
/// subselections, the conflicting subfields of each side: together they are the
/// error's locations, in graphql-js's order.
struct FieldConflict {
    /// Why two fields conflict: a sentence, or the conflicts of their subfields.
    indirect enum Reason {
        case message(String)
        case subfields([(responseName: String, reason: Reason)])

        /// graphql-js's wording, e.g. `subfields "x" conflict because "a" and "b" are different fields`.
        var text: String {
            switch self {
            case .message(let message):
                message
            case .subfields(let reasons):
                reasons.map { "subfields \"\($0.responseName)\" conflict because \($0.reason.text)" }
                    .joined(separator: " and ")
            }
        }
    }

    let responseName: String
    let reason: Reason
    let fields1: [FieldNode]
    let fields2: [FieldNode]

    /// The validation error for this conflict.
    var error: GraphQLError {
        GraphQLError(
            "Fields \"\(responseName)\" conflict because \(reason.text). "
                + "Use different aliases on the fields to fetch both if this was intentional.",
            nodes: fields1 + fields2
        )
    }
}

/// Pairs of fragments (by number) already compared with each other, in either
/// order, and whether that comparison assumed their parents mutually exclusive.
/// Comparing two fragments again is what makes the naive algorithm exponential.
///
/// A pair compared as not mutually exclusive covers the mutually exclusive case
/// too (it checked more), but not the other way around.
struct FragmentPairSet {
    private var pairs: [Int: Bool] = [:]

    private func key(_ a: Int, _ b: Int) -> Int {
        a < b ? a << 32 | b : b << 32 | a
    }

    func contains(_ a: Int, _ b: Int, mutuallyExclusive: Bool) -> Bool {
        guard let recorded = pairs[key(a, b)] else { return false }
        return mutuallyExclusive || recorded == false
    }

    mutating func insert(_ a: Int, _ b: Int, mutuallyExclusive: Bool) {
        pairs[key(a, b)] = mutuallyExclusive
    }
}

/// Pairs of (field map, fragment) already compared, with whether that comparison
/// assumed mutual exclusion (graphql-js's `OrderedPairSet`). Remembering them stops
/// fragments that spread each other, directly or through fields, from being
/// compared with the same fields forever.
struct FieldsAndFragmentPairSet {
    private var pairs: [Int: Bool] = [:]

    func contains(_ fieldMap: OverlappingFieldMap, _ fragment: Int, mutuallyExclusive: Bool) -> Bool {
        guard let recorded = pairs[fieldMap.serial << 32 | fragment] else { return false }
        return mutuallyExclusive || recorded == false
    }

    mutating func insert(_ fieldMap: OverlappingFieldMap, _ fragment: Int, mutuallyExclusive: Bool) {
        pairs[fieldMap.serial << 32 | fragment] = mutuallyExclusive
    }
}
