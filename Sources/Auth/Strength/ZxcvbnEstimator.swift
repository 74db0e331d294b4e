import CZxcvbn
import Synchronization

/// The part of a password that zxcvbn-c explained with one pattern.
struct StrengthMatch: Equatable {
    /// The pattern, without zxcvbn-c's `MULTIPLE_MATCH` flag.
    var kind: ZxcTypeMatch_t
    /// zxcvbn-c's `MULTIPLE_MATCH`: the pattern repeats to fill `token`.
    var repeated: Bool
    var token: String
    var entropyBits: Double

    var guessesLog10: Double { entropyBits * log10Of2 }
}

let log10Of2 = 0.301_029_995_663_981_2

/// zxcvbn-c (Debian's `libzxcvbn-dev`): entropy in bits and the matches of
/// the cheapest explanation of a password. Its dictionary is compiled in, so
/// `ZxcvbnInit` (a macro that does nothing in this build) is not needed.
enum ZxcvbnEstimator {
    /// zxcvbn-c does not document being safe to call from several threads at
    /// once, so calls are serialised. One call takes well under a
    /// millisecond for passwords of `maximumLength`, so this costs little.
    private static let lock = Mutex(())

    /// Longer passwords are estimated on their first `maximumLength`
    /// characters: zxcvbn's matching grows faster than linearly with length,
    /// and this runs for unauthenticated callers (the strength query).
    /// A prefix this long that is weak still makes the password weak.
    static let maximumLength = 100

    static func estimate(_ password: String, userWords: [String]) -> (bits: Double, matches: [StrengthMatch]) {
        // C strings end at NUL; a NUL byte inside would hide the rest.
        let password = String(String(password.prefix(maximumLength)).unicodeScalars.filter { $0 != "\0" })
        let words = userWords.map { String($0.unicodeScalars.filter { $0 != "\0" }) }
        return lock.withLock { _ in
            withCStrings(words) { dictionary in
                var info: UnsafeMutablePointer<ZxcMatch_t>?
                let bits = ZxcvbnMatch(password, dictionary, &info)
                defer { ZxcvbnFreeInfo(info) }
                let bytes = Array(password.utf8)
                var matches: [StrengthMatch] = []
                var node = info
                while let match = node?.pointee {
                    let start = min(max(Int(match.Begin), 0), bytes.count)
                    let end = min(start + max(Int(match.Length), 0), bytes.count)
                    let multiple = match.`Type`.rawValue & MULTIPLE_MATCH.rawValue != 0
                    matches.append(StrengthMatch(
                        kind: ZxcTypeMatch_t(rawValue: match.`Type`.rawValue & ~MULTIPLE_MATCH.rawValue),
                        repeated: multiple,
                        token: String(decoding: bytes[start..<end], as: UTF8.self),
                        entropyBits: match.Entrpy
                    ))
                    node = match.Next
                }
                return (bits, matches)
            }
        }
    }

    /// A NULL-terminated array of C strings, as zxcvbn-c's `UserDict` wants.
    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies = strings.map { string in
            let bytes = string.utf8CString
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
            bytes.withUnsafeBufferPointer { copy.initialize(from: $0.baseAddress!, count: bytes.count) }
            return copy
        }
        defer { copies.forEach { $0.deallocate() } }
        var pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) }
        pointers.append(nil)
        return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}
