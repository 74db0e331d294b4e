/// Which browser origins may call Quarry (`QUARRY_CORS_ORIGINS`).
///
/// Unset means no CORS headers at all: browsers then only allow same-origin
/// calls, the safe default. `*` allows any origin (fine for a public API
/// without cookies, which Quarry never uses: credentials are bearer tokens).
public enum CORSPolicy: Sendable, Equatable {
    case disabled
    case anyOrigin
    /// Exact `scheme://host[:port]` origins as browsers send them in `Origin`.
    case origins(Set<String>)

    init(origins: [String]) throws {
        if origins.isEmpty {
            self = .disabled
            return
        }
        if origins == ["*"] {
            self = .anyOrigin
            return
        }
        for origin in origins where !Self.isOrigin(origin) {
            throw ConfigurationError(
                variable: "QUARRY_CORS_ORIGINS", value: origins.joined(separator: ","),
                expected: "* or a comma-separated list of origins like https://app.example.com (no path), got \"\(origin)\""
            )
        }
        self = .origins(Set(origins))
    }

    /// The `Access-Control-Allow-Origin` value for a request from `origin`, or
    /// `nil` when that origin is not allowed.
    func allowedOrigin(for origin: String) -> String? {
        switch self {
        case .disabled: nil
        case .anyOrigin: "*"
        case .origins(let allowed): allowed.contains(origin) ? origin : nil
        }
    }

    private static func isOrigin(_ text: String) -> Bool {
        for scheme in ["http://", "https://"] where text.hasPrefix(scheme) {
            let authority = text.dropFirst(scheme.count)
            return !authority.isEmpty && !authority.contains("/") && !authority.contains(where: \.isWhitespace)
        }
        return false
    }
}
