#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The text log format's timestamps: local time to the second with the UTC
/// offset, as `strftime`'s `%Y-%m-%dT%H:%M:%S%z` writes them
/// (`2026-11-21T16:00:00+0100`), written digit by digit straight into the
/// line rather than through a 255-byte buffer, `strftime` and a `String`.
enum LocalTimestamp {
    /// Appends `seconds` since the epoch, in the process's time zone, to `out`.
    static func append(_ seconds: time_t, to out: inout [UInt8]) {
        var seconds = seconds
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else {
            out.append(contentsOf: "<unknown>".utf8)
            return
        }
        append(parts, to: &out)
    }

    /// Appends the broken-down time `parts` (its offset from `tm_gmtoff`) to `out`.
    static func append(_ parts: tm, to out: inout [UInt8]) {
        let offsetMinutes = abs(Int(parts.tm_gmtoff)) / 60
        append(Int(parts.tm_year) + 1900, width: 4, to: &out)
        out.append(UInt8(ascii: "-"))
        append(Int(parts.tm_mon) + 1, width: 2, to: &out)
        out.append(UInt8(ascii: "-"))
        append(Int(parts.tm_mday), width: 2, to: &out)
        out.append(UInt8(ascii: "T"))
        append(Int(parts.tm_hour), width: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        append(Int(parts.tm_min), width: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        append(Int(parts.tm_sec), width: 2, to: &out)
        out.append(parts.tm_gmtoff < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        append(offsetMinutes / 60 * 100 + offsetMinutes % 60, width: 4, to: &out)
    }

    /// The decimal digits of a non-negative `value`, zero-padded to at least `width`.
    private static func append(_ value: Int, width: Int, to out: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        while value / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }
}
