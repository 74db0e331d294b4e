/// Text made safe for HTML: the e-mail templates' HTML parts and the server's
/// web pages escape every value they insert with it.
public enum HTMLText {
    /// Escapes text for HTML element content and double-quoted attribute values.
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
