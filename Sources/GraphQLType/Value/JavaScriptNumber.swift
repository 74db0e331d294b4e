/// Formats a number as JavaScript's `Number.prototype.toString` does
/// (ECMA-262 §6.1.6.1.20, shortest round-trip digits): `1.0` → `1`, `1.5` → `1.5`,
/// `1e21` → `1e+21`, `1.5e-7` → `1.5e-7`, `123456789012345680000` stays in full.
///
/// graphql-js is the behavioural anchor for error messages, printed default values and
/// response numbers, and all of them go through this conversion.
public func formatJavaScriptNumber(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
    if value == 0 { return "0" }
    if value < 0 { return "-" + formatJavaScriptNumber(-value) }
    if value < 1e15, value == value.rounded(), value >= 1 {
        return String(Int64(value))
    }
    let (digits, exponent) = shortestDigits(of: value)
    return layOut(digits: digits, pointPosition: exponent)
}

/// The shortest round-trip decimal digits of a positive finite `value` and `n` such
/// that value = 0.d₁d₂…dₖ × 10ⁿ. Swift's `description` already yields the shortest
/// digits; only their layout differs from JavaScript's.
private func shortestDigits(of value: Double) -> (digits: [UInt8], pointPosition: Int) {
    let text = value.description.utf8
    var digits: [UInt8] = []
    var pointPosition: Int?
    var exponent = 0
    var iterator = text.makeIterator()
    var exponentSign = 1
    var inExponent = false
    while let byte = iterator.next() {
        switch byte {
        case UInt8(ascii: "."):
            pointPosition = digits.count
        case UInt8(ascii: "e"), UInt8(ascii: "E"):
            inExponent = true
        case UInt8(ascii: "-") where inExponent:
            exponentSign = -1
        case UInt8(ascii: "+"):
            continue
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            if inExponent {
                exponent = exponent * 10 + Int(byte - UInt8(ascii: "0"))
            } else {
                digits.append(byte)
            }
        default:
            continue
        }
    }
    var position = (pointPosition ?? digits.count) + exponentSign * exponent
    // Drop leading zeros (0.001 → 1 with the point moved) and trailing zeros.
    while let first = digits.first, first == UInt8(ascii: "0"), digits.count > 1 {
        digits.removeFirst()
        position -= 1
    }
    while let last = digits.last, last == UInt8(ascii: "0"), digits.count > 1 {
        digits.removeLast()
    }
    return (digits, position)
}

/// Number::toString's layout rules for k digits and point position n.
private func layOut(digits: [UInt8], pointPosition n: Int) -> String {
    let k = digits.count
    var out: [UInt8] = []
    if k <= n, n <= 21 {
        out = digits + [UInt8](repeating: UInt8(ascii: "0"), count: n - k)
    } else if 0 < n, n <= 21 {
        out = Array(digits[0..<n]) + [UInt8(ascii: ".")] + Array(digits[n...])
    } else if -6 < n, n <= 0 {
        out = [UInt8(ascii: "0"), UInt8(ascii: ".")] + [UInt8](repeating: UInt8(ascii: "0"), count: -n) + digits
    } else {
        out = [digits[0]]
        if k > 1 { out += [UInt8(ascii: ".")] + Array(digits[1...]) }
        let e = n - 1
        out += Array("e\(e < 0 ? "-" : "+")\(abs(e))".utf8)
    }
    return String(decoding: out, as: UTF8.self)
}
