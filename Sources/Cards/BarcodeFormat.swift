/// The symbologies a card's code may use (`BarcodeFormat`), each with the values it can carry: what the
/// app's scanner reads and its renderer draws. A value that could not be drawn is refused when the card
/// is saved, with a message naming the rule, rather than shown as a broken barcode at the till.
package enum BarcodeFormat: String, Sendable, CaseIterable {
    case qr = "QR"
    case ean13 = "EAN_13"
    case ean8 = "EAN_8"
    case code128 = "CODE_128"
    case code39 = "CODE_39"
    case pdf417 = "PDF_417"
    case aztec = "AZTEC"
    case dataMatrix = "DATA_MATRIX"
    case upcA = "UPC_A"

    /// Code 39's characters (ISO/IEC 16388): digits, capitals, space and `- . $ / + %`.
    static let code39Characters = Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ -.$/+%")

    /// The most a value may hold: the symbology's capacity in bytes for the 2-D codes (QR version 40-L,
    /// PDF417 in byte mode, Aztec full-range, Data Matrix 144 × 144), and 80 characters for the linear codes
    /// Quarry accepts beyond the fixed-length ones (longer would not fit a card's width at a scannable size).
    var maxLength: Int {
        switch self {
        case .qr: 2_953
        case .pdf417: 1_108
        case .aztec: 1_914
        case .dataMatrix: 1_556
        case .code128, .code39: 80
        case .ean13: 13
        case .ean8: 8
        case .upcA: 12
        }
    }

    /// Why `value` cannot be drawn in this format, as the user reads it; `nil` when it can.
    func problem(with value: String) -> String? {
        switch self {
        case .ean13: return Self.gtinProblem(value, digits: 13, name: "An EAN-13 barcode")
        case .ean8: return Self.gtinProblem(value, digits: 8, name: "An EAN-8 barcode")
        case .upcA: return Self.gtinProblem(value, digits: 12, name: "A UPC-A barcode")
        case .code39:
            if value.count > maxLength { return "A Code 39 barcode can hold at most \(maxLength) characters." }
            if !value.allSatisfy(Self.code39Characters.contains) {
                return "A Code 39 barcode can hold only capital letters A–Z, digits, spaces and - . $ / + %."
            }
            return nil
        case .code128:
            if value.count > maxLength { return "A Code 128 barcode can hold at most \(maxLength) characters." }
            if !value.unicodeScalars.allSatisfy(\.isASCII) {
                return "A Code 128 barcode can hold only ASCII characters (no accents or symbols beyond ASCII)."
            }
            return nil
        case .qr, .pdf417, .aztec, .dataMatrix:
            if value.utf8.count > maxLength {
                return "This code can hold at most \(maxLength) bytes; the value has \(value.utf8.count)."
            }
            return nil
        }
    }

    /// The rule of EAN-13, EAN-8 and UPC-A (GS1 "check digit calculator"): exactly `digits` digits, the last
    /// of which is the check digit over the others (weights 3 and 1 alternating from the right).
    private static func gtinProblem(_ value: String, digits: Int, name: String) -> String? {
        let numbers = value.compactMap { $0.isASCII ? $0.wholeNumberValue : nil }
        guard numbers.count == value.count, numbers.count == digits else {
            return "\(name) has exactly \(digits) digits (0–9) and nothing else."
        }
        guard checkDigit(of: numbers.dropLast()) == numbers.last else {
            return "\(name)'s last digit does not match the others: check the number for a typing mistake."
        }
        return nil
    }

    /// The GS1 check digit of `payload` (every digit but the check digit).
    package static func checkDigit(of payload: some BidirectionalCollection<Int>) -> Int {
        var sum = 0
        for (position, digit) in payload.reversed().enumerated() { sum += digit * (position.isMultiple(of: 2) ? 3 : 1) }
        return (10 - sum % 10) % 10
    }
}
