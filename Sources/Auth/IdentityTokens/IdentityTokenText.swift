/// Text handling shared by the identity-token configuration and claims.
enum IdentityTokenText {
    /// `value` without leading and trailing whitespace.
    static func trimmed(_ value: some StringProtocol) -> String {
        guard let first = value.firstIndex(where: { !$0.isWhitespace }),
            let last = value.lastIndex(where: { !$0.isWhitespace })
        else {
            return ""
        }
        return String(value[first...last])
    }
}
