/// A `QUARRY_OIDC_*` value that cannot be used.
public struct IdentityProviderConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The environment variable at fault, when the value came from one.
    public let variable: String?
    public let message: String

    init(variable: String? = nil, _ message: String) {
        self.variable = variable
        self.message = message
    }

    public var description: String {
        variable.map { "\($0): \(message)" } ?? message
    }
}
