/// Phone numbers for verification codes by SMS (Foodstabook 2.1.1: "Only valid phone numbers
/// must be accepted"): E.164, a `+`, the country code and the number, 8 to 15 digits in all.
/// Blanks, dots, dashes and brackets people type between digits are dropped.
enum PhoneNumber {
    static let invalidMessage = "Please enter a valid phone number with its country code, e.g. +15551234567"
    static let missingMessage = "Please enter a phone number to receive the verification code"

    /// The number in E.164 form (`+15551234567`), or nil when it is not one.
    static func e164(_ text: String) -> String? {
        let kept = text.filter { !" .-()\u{a0}".contains($0) }
        guard kept.first == "+" else { return nil }
        let digits = kept.dropFirst()
        guard (8...15).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits.first != "0" else {
            return nil
        }
        return kept
    }
}
