import GraphQLType

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `DateTime` scalar (schema/system.graphql): an RFC 3339 instant,
/// written in UTC with milliseconds, `2026-11-21T16:20:00.123Z`
/// (spec §3.5.1 "Custom scalars": result and input coercion).
public enum DateTimeScalar {
    public static let coercion = GraphQLScalarCoercion(
        serialize: { value in
            switch value {
            case let date as Date:
                return .string(format(date))
            case let text as String:
                guard let date = parse(text) else { throw ScalarCoercionError("DateTime cannot represent \"\(text)\": not an RFC 3339 date-time.") }
                return .string(format(date))
            default:
                throw ScalarCoercionError("DateTime cannot represent a non-date value: \(value)")
            }
        },
        parseValue: { value in
            guard case .string(let text) = value, let date = parse(text) else {
                throw ScalarCoercionError("DateTime must be an RFC 3339 date-time string such as \"2026-11-21T16:20:00Z\".")
            }
            return .string(format(date))
        }
    )

    /// UTC with milliseconds.
    public static func format(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// An RFC 3339 date-time with or without fractional seconds, any offset.
    public static func parse(_ text: String) -> Date? {
        (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
            ?? (try? Date.ISO8601FormatStyle().parse(text))
    }
}
