/// A configuration value that Quarry refuses to start with.
///
/// The message always names the environment variable, so that an operator who
/// mistyped `QUARRY_HTTP_PORT=80800` learns which line of their environment to
/// fix without reading the source.
public struct ConfigurationError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The environment variable holding the bad value, e.g. `QUARRY_HTTP_PORT`.
    public let variable: String
    /// The value as it was given.
    public let value: String
    /// What a valid value looks like.
    public let expected: String

    public init(variable: String, value: String, expected: String) {
        self.variable = variable
        self.value = value
        self.expected = expected
    }

    public var description: String {
        "invalid \(variable)=\"\(value)\": expected \(expected)"
    }
}
