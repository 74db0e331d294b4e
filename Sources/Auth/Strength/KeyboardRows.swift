/// Rows of a US keyboard, for telling a straight row of keys from a
/// pattern with turns.
enum KeyboardRows {
    /// Unshifted and shifted rows, letters in lower case.
    private static let rows = [
        "`1234567890-=", "qwertyuiop[]\\", "asdfghjkl;'", "zxcvbnm,./",
        "~!@#$%^&*()_+", "qwertyuiop{}|", "asdfghjkl:\"", "zxcvbnm<>?",
    ]
    private static let reversedRows = rows.map { String($0.reversed()) }

    /// Whether `token` (3+ characters) runs along one keyboard row, in
    /// either direction, ignoring case.
    static func isStraightRow(_ token: String) -> Bool {
        guard token.count >= 3 else { return false }
        let lowered = token.lowercased()
        return rows.contains { $0.contains(lowered) } || reversedRows.contains { $0.contains(lowered) }
    }
}
