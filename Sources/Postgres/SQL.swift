import Foundation

/// A statement whose interpolated values become bound parameters.
///
///     let rows = try await pool.query("SELECT id FROM users WHERE email = \(email) AND age > \(minAge)")
///
/// sends `SELECT id FROM users WHERE email = $1 AND age > $2` with `email` and `minAge` as
/// typed parameters: a value can never change the statement's shape, whatever it holds.
/// Text that must become part of the statement itself is spelled `\(unsafeSQL: text)` so it
/// stands out in review; identifiers have a safe, quoting form, `\(identifier: name)`.
/// `SQL` values compose: `\(fragment)` splices another `SQL`, renumbering its parameters.
public struct SQL: Sendable, Equatable, ExpressibleByStringInterpolation, CustomStringConvertible {
    enum Segment: Sendable, Equatable {
        case text(String)
        case parameter(Int)
    }

    private(set) var segments: [Segment]
    /// The bound parameters, in `$1, $2, …` order.
    public private(set) var binds: [PostgresBind]

    public init(stringLiteral value: String) {
        segments = [.text(value)]
        binds = []
    }

    public init(stringInterpolation: StringInterpolation) {
        segments = stringInterpolation.segments
        binds = stringInterpolation.binds
    }

    /// Raw statement text, used verbatim. Never build it from input.
    public init(unsafeSQL text: String) {
        self.init(stringLiteral: text)
    }

    /// The statement text with `$n` placeholders, as sent to the server.
    public var text: String {
        var result = ""
        for segment in segments {
            switch segment {
            case .text(let text): result += text
            case .parameter(let index): result += "$\(index + 1)"
            }
        }
        return result
    }

    /// The statement text only: parameters are never part of a description.
    public var description: String { text }

    /// Appends another statement, renumbering its parameters after this one's.
    public static func + (lhs: SQL, rhs: SQL) -> SQL {
        var result = lhs
        result.append(rhs)
        return result
    }

    mutating func append(_ other: SQL) {
        let offset = binds.count
        for segment in other.segments {
            switch segment {
            case .text(let text): segments.append(.text(text))
            case .parameter(let index): segments.append(.parameter(index + offset))
            }
        }
        binds += other.binds
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var segments: [Segment] = []
        var binds: [PostgresBind] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            segments.reserveCapacity(interpolationCount * 2 + 1)
            binds.reserveCapacity(interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) {
            segments.append(.text(literal))
        }

        /// Binds `value` as the next `$n` parameter.
        public mutating func appendInterpolation<Value: PostgresEncodable>(_ value: Value) {
            bind(value)
        }

        /// Binds an optional value, `nil` as SQL `NULL`. An overload of its own so
        /// that interpolating an optional is not mistaken for printing one.
        public mutating func appendInterpolation<Value: PostgresEncodable>(_ value: Value?) {
            bind(value)
        }

        private mutating func bind<Value: PostgresEncodable>(_ value: Value) {
            segments.append(.parameter(binds.count))
            binds.append(PostgresBind(type: Value.postgresType, value: value.postgresBindValue()))
        }

        /// Splices another statement fragment, keeping its parameters bound.
        public mutating func appendInterpolation(_ fragment: SQL) {
            var combined = SQL(unsafeSQL: "")
            combined.segments = segments
            combined.binds = binds
            combined.append(fragment)
            segments = combined.segments
            binds = combined.binds
        }

        /// A quoted identifier (table, column, channel name): `"my ""odd"" table"`.
        public mutating func appendInterpolation(identifier name: String) {
            segments.append(.text(SQL.quoteIdentifier(name)))
        }

        /// Verbatim statement text. Never pass input here: that is how injection happens.
        public mutating func appendInterpolation(unsafeSQL text: String) {
            segments.append(.text(text))
        }
    }

    /// Quotes an identifier the way PostgreSQL's `quote_ident` does (always quoting).
    public static func quoteIdentifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
