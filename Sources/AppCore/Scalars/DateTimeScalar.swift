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

    /// UTC with milliseconds, truncated. Written by hand: every timestamp of a
    /// response comes through here, and `ISO8601FormatStyle` costs more than the
    /// rest of a list item's fields. The instant is first rounded to whole
    /// microseconds (PostgreSQL's precision), so that a stored `.711000` is
    /// `.711` whatever binary fraction the `Date` holds.
    public static func format(_ date: Date) -> String {
        let totalMicroseconds = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
        let (totalMilliseconds, _) = floorDivision(totalMicroseconds, 1000)
        let (days, dayMilliseconds) = floorDivision(totalMilliseconds, 86_400_000)
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        let seconds = dayMilliseconds / 1000
        // Years outside 0...9999 take more digits (and a sign), as `String(year)` writes them.
        let yearText = (0...9999).contains(year) ? nil : String(year)
        let length = 20 + max(yearText?.utf8.count ?? 4, 4)
        return String(unsafeUninitializedCapacity: length) { out in
            var position = 0
            func put(_ value: Int64, width: Int, then separator: UInt8) {
                var value = value
                for offset in stride(from: width - 1, through: 0, by: -1) {
                    out[position + offset] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                out[position + width] = separator
                position += width + 1
            }
            if let yearText {
                for _ in yearText.utf8.count..<max(yearText.utf8.count, 4) { out[position] = UInt8(ascii: "0"); position += 1 }
                for byte in yearText.utf8 { out[position] = byte; position += 1 }
                out[position] = UInt8(ascii: "-")
                position += 1
            } else {
                put(year, width: 4, then: UInt8(ascii: "-"))
            }
            put(month, width: 2, then: UInt8(ascii: "-"))
            put(day, width: 2, then: UInt8(ascii: "T"))
            put(seconds / 3600, width: 2, then: UInt8(ascii: ":"))
            put(seconds / 60 % 60, width: 2, then: UInt8(ascii: ":"))
            put(seconds % 60, width: 2, then: UInt8(ascii: "."))
            put(dayMilliseconds % 1000, width: 3, then: UInt8(ascii: "Z"))
            return position
        }
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let remainder = (value % divisor + divisor) % divisor
        return ((value - remainder) / divisor, remainder)
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard
    /// Hinnant's `civil_from_days`, which works in 400-year eras).
    private static func civilDate(daysSinceEpoch days: Int64) -> (Int64, Int64, Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// An RFC 3339 date-time with or without fractional seconds, any offset.
    public static func parse(_ text: String) -> Date? {
        (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
            ?? (try? Date.ISO8601FormatStyle().parse(text))
    }
}
