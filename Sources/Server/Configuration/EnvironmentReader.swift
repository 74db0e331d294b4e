/// Typed reads of `QUARRY_*` environment variables, each falling back to a
/// default when the variable is unset or empty and throwing a
/// ``ConfigurationError`` naming the variable when the value does not parse.
struct EnvironmentReader {
    let environment: [String: String]

    /// The trimmed value, or `nil` when unset or blank.
    func raw(_ name: String) -> String? {
        guard let value = environment[name]?.trimmingWhitespace(), !value.isEmpty else { return nil }
        return value
    }

    func string(_ name: String, default fallback: String) -> String {
        raw(name) ?? fallback
    }

    func integer(_ name: String, default fallback: Int, in range: ClosedRange<Int>) throws -> Int {
        guard let text = raw(name) else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw ConfigurationError(
                variable: name, value: text,
                expected: "an integer from \(range.lowerBound) to \(range.upperBound)"
            )
        }
        return value
    }

    func boolean(_ name: String, default fallback: Bool) throws -> Bool {
        guard let text = raw(name) else { return fallback }
        switch text.lowercased() {
        case "true", "on", "yes", "1": return true
        case "false", "off", "no", "0": return false
        default:
            throw ConfigurationError(variable: name, value: text, expected: "true or false")
        }
    }

    /// A value from a fixed set of lowercase words, e.g. `on`/`off`/`role`.
    func choice<T: RawRepresentable<String> & CaseIterable>(_ name: String, default fallback: T) throws -> T {
        guard let text = raw(name) else { return fallback }
        guard let value = T(rawValue: text.lowercased()) else {
            let words = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw ConfigurationError(variable: name, value: text, expected: "one of \(words)")
        }
        return value
    }

    /// A comma-separated list with blank items dropped.
    func list(_ name: String) -> [String] {
        guard let text = raw(name) else { return [] }
        return text.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
