/// Text made safe for HTML: the e-mail templates' HTML parts and the server's
/// web pages escape every value they insert with it.
public enum HTMLText {
    /// Escapes text for HTML element content and double-quoted attribute values.
    /// It reads Unicode scalars, as an HTML parser does, not `Character`s: a quote followed
    /// by a combining mark is one `Character` but still ends an attribute value.
    public static func escape(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result.append(contentsOf: "&amp;".unicodeScalars)
            case "<": result.append(contentsOf: "&lt;".unicodeScalars)
            case ">": result.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": result.append(contentsOf: "&quot;".unicodeScalars)
            case "'": result.append(contentsOf: "&#39;".unicodeScalars)
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}
