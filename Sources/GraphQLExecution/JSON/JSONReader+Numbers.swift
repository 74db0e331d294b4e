import GraphQLType

extension Reader {
    /// number = [ minus ] int [ frac ] [ exp ] (RFC 8259 §6), where int has no leading
    /// zeros. Integers that fit in `Int` read exactly; other numbers read as the nearest
    /// `Double`; a number beyond `Double`'s range is an error, not infinity.
    mutating func readNumber() throws(JSONReadError) -> GraphQLValue {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw error("Expected a digit after '-', found \(describeCurrent())")
        }
        var magnitude: UInt64 = 0
        var significantDigits = 0
        var overflowed = false
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw error("Leading zeros are not allowed in JSON numbers", at: start)
            }
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                let digit = UInt64(bytes[index] - UInt8(ascii: "0"))
                let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(digit)
                if overflow1 || overflow2 { overflowed = true } else { magnitude = sum }
                significantDigits += 1
                index += 1
            }
        }
        var isInteger = true
        var fractionDigits = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("Expected a digit after the decimal point, found \(describeCurrent())")
            }
            while index < bytes.count, isDigit(bytes[index]) {
                if !overflowed, magnitude < 1 << 53 {
                    magnitude = magnitude * 10 + UInt64(bytes[index] - UInt8(ascii: "0"))
                    fractionDigits += 1
                } else {
                    overflowed = true
                }
                index += 1
            }
        }
        var exponent = 0
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("Expected a digit in the exponent, found \(describeCurrent())")
            }
            while index < bytes.count, isDigit(bytes[index]) {
                exponent = min(exponent * 10 + Int(bytes[index] - UInt8(ascii: "0")), 100_000)
                index += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        if isInteger, !overflowed {
            if negative, magnitude <= UInt64(Int.max) + 1 {
                return .int(magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude))
            }
            if !negative, magnitude <= UInt64(Int.max) { return .int(Int(magnitude)) }
        }
        let value = try double(from: start, magnitude: magnitude, overflowed: overflowed,
            decimalExponent: exponent - fractionDigits, negative: negative)
        return .float(value)
    }

    /// Clinger's fast path when the digits and the power of ten are both exact in a
    /// `Double`; otherwise the standard library's correctly rounded conversion of the text.
    private func double(
        from start: Int, magnitude: UInt64, overflowed: Bool, decimalExponent: Int, negative: Bool
    ) throws(JSONReadError) -> Double {
        if !overflowed, magnitude <= 1 << 53, abs(decimalExponent) <= 22 {
            let power = exactPowersOfTen[abs(decimalExponent)]
            let value = decimalExponent < 0 ? Double(magnitude) / power : Double(magnitude) * power
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("The number \(text) is too large", at: start)
        }
        return value
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}

/// 10⁰ … 10²², every one exactly representable in a `Double`.
private let exactPowersOfTen: [Double] = (0 ... 22).map { exponent in
    var value = 1.0
    for _ in 0 ..< exponent { value *= 10 }
    return value
}
