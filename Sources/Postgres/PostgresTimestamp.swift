import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `timestamptz` in text form, at microsecond precision (PostgreSQL's own precision).
/// Connections run with `TimeZone = 'UTC'` and `DateStyle = 'ISO, YMD'`, so the server
/// prints `2024-05-06 07:08:09.123456+00`; parameters are sent as ISO 8601 in UTC.
enum PostgresTimestamp {
    static func format(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        var seconds = interval.rounded(.down)
        var micros = ((interval - seconds) * 1_000_000).rounded()
        if micros >= 1_000_000 {
            seconds += 1
            micros -= 1_000_000
        }
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))."
            + "\(pad(Int32(micros), 6))Z"
    }

    /// Parses `YYYY-MM-DD HH:MM:SS[.ffffff][±HH[:MM[:SS]]]` (a missing offset means UTC)
    /// and the special values `infinity` / `-infinity`, from a cell's bytes as libpq returns
    /// them: no `String`, no array, no `timegm` (a page of records has hundreds of
    /// timestamps, issue 17).
    ///
    /// The special values are compared only for a cell that begins as they do (`i`, `-`): a
    /// date begins with a digit, and comparing every cell with both was 0.5% of the friends
    /// query's samples.
    static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        if let first = bytes.first, first == UInt8(ascii: "i") || first == UInt8(ascii: "-") {
            if bytes.elementsEqual("infinity".utf8) { return .distantFuture }
            if bytes.elementsEqual("-infinity".utf8) { return .distantPast }
        }
        var position = 0
        func number(_ count: Int) -> Int? {
            guard position + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[position..<position + count] {
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            position += count
            return value
        }
        func expect(_ first: UInt8, or second: UInt8? = nil) -> Bool {
            guard position < bytes.count, bytes[position] == first || bytes[position] == second else { return false }
            position += 1
            return true
        }
        guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2), (1...12).contains(month),
            expect(UInt8(ascii: "-")), let day = number(2), expect(UInt8(ascii: " "), or: UInt8(ascii: "T")),
            let hour = number(2), expect(UInt8(ascii: ":")), let minute = number(2), expect(UInt8(ascii: ":")),
            let second = number(2)
        else { return nil }
        var fraction = 0.0
        if expect(UInt8(ascii: ".")) {
            var digits = 0
            var divisor = 1.0
            while position < bytes.count, bytes[position] >= 48, bytes[position] <= 57 {
                digits = digits * 10 + Int(bytes[position] - 48)
                divisor *= 10
                position += 1
            }
            fraction = Double(digits) / divisor
        }
        var offset = 0
        if !expect(UInt8(ascii: "Z")), position < bytes.count {
            let sign = bytes[position] == UInt8(ascii: "-") ? -1 : 1
            guard expect(UInt8(ascii: "+"), or: UInt8(ascii: "-")), let hours = number(2) else { return nil }
            offset = hours * 3600
            if expect(UInt8(ascii: ":")), let minutes = number(2) { offset += minutes * 60 }
            if expect(UInt8(ascii: ":")), let seconds = number(2) { offset += seconds }
            offset *= sign
        }
        guard position == bytes.count else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date, counted in 400-year eras of
    /// 146,097 days with March as the first month, so leap days fall at the end of a year
    /// (Howard Hinnant's `days_from_civil`; `DateTimeScalar` has the inverse).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
