@testable import AppCore
import Foundation
import Testing

/// The hand-written `DateTime` formatter: the calendar date and time of day
/// as Foundation's `ISO8601FormatStyle` writes them, and the milliseconds of
/// the instant's whole microseconds, truncated (what PostgreSQL stores).
@Suite("DateTime formatting")
struct DateTimeScalarTests {
    @Test("agrees with ISO8601FormatStyle on 20,000 instants from 1900 to 2200, at microsecond precision")
    func agreesWithFoundation() {
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        for _ in 0..<20_000 {
            // 1900-01-01 to 2200-01-01, in microseconds.
            let drawn = Int64.random(in: -2_208_988_800_000_000...7_258_118_400_000_000)
            let date = Date(timeIntervalSince1970: Double(drawn) / 1e6)
            // The date's own whole microseconds: far from 1970 a Double holds an instant only to about a
            // microsecond, so the integer drawn may come back one off (2107-09-01T08:54:12.875999 did).
            let microseconds = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
            let seconds = microseconds >= 0 ? microseconds / 1_000_000 : (microseconds - 999_999) / 1_000_000
            let milliseconds = (microseconds - seconds * 1_000_000) / 1000
            let wholeSecond = Date(timeIntervalSince1970: Double(seconds)).formatted(style)
            let expected = wholeSecond.replacingOccurrences(of: ".000Z", with: "." + String(format: "%03d", milliseconds) + "Z")
            #expect(DateTimeScalar.format(date) == expected, "\(drawn)")
        }
    }

    @Test("leap days, the epoch and the last millisecond of a year")
    func edges() {
        #expect(DateTimeScalar.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(DateTimeScalar.format(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00.000Z")
        #expect(DateTimeScalar.format(Date(timeIntervalSince1970: 1_798_761_599.999)) == "2026-12-31T23:59:59.999Z")
        #expect(DateTimeScalar.format(Date(timeIntervalSince1970: -0.001)) == "1969-12-31T23:59:59.999Z")
    }
}
