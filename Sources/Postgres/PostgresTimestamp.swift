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
    /// and the special values `infinity` / `-infinity`.
    static func parse(_ text: String) -> Date? {
        if text == "infinity" { return .distantFuture }
        if text == "-infinity" { return .distantPast }
        let bytes = Array(text.utf8)
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
        func expect(_ characters: String) -> Bool {
            guard position < bytes.count, characters.utf8.contains(bytes[position]) else { return false }
            position += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
            expect(" T"), let hour = number(2), expect(":"), let minute = number(2), expect(":"),
            let second = number(2)
        else { return nil }
        var fraction = 0.0
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
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
        if position < bytes.count {
            if bytes[position] == UInt8(ascii: "Z") {
                position += 1
            } else {
                let sign = bytes[position] == UInt8(ascii: "-") ? -1 : 1
                guard expect("+-"), let hours = number(2) else { return nil }
                offset = hours * 3600
                if expect(":"), let minutes = number(2) { offset += minutes * 60 }
                if expect(":"), let seconds = number(2) { offset += seconds }
                offset *= sign
            }
        }
        guard position == bytes.count else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        let epoch = timegm(&parts)
        return Date(timeIntervalSince1970: Double(epoch - offset) + fraction)
    }
}
