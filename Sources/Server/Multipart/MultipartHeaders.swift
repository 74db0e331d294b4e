import Foundation

/// The pieces of multipart headers the GraphQL multipart request reads.
enum MultipartHeaders {
    /// The `boundary` parameter of a `multipart/form-data` Content-Type, with
    /// its case kept (boundaries are case-sensitive, RFC 2046 §5.1.1); `nil`
    /// when the type is another or the boundary is missing or too long.
    static func boundary(contentType: String) -> String? {
        let pieces = contentType.split(separator: ";")
        guard let essence = pieces.first,
              essence.trimmingCharacters(in: .whitespaces).lowercased() == "multipart/form-data" else { return nil }
        for piece in pieces.dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return (1...70).contains(value.utf8.count) ? value : nil
        }
        return nil
    }

    /// Whether a Content-Type is `multipart/form-data` (whatever its parameters).
    ///
    /// Every POST to `/graphql` asks, so an ASCII header (all of them, in
    /// practice) is read byte by byte; one with other characters is split and
    /// trimmed as Unicode text, where a `;` may join the mark that follows it
    /// and whitespace is more than spaces and tabs.
    static func isMultipart(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        guard contentType.utf8.allSatisfy({ $0 < 0x80 }) else {
            guard let essence = contentType.split(separator: ";").first else { return false }
            return essence.trimmingCharacters(in: .whitespaces).lowercased() == "multipart/form-data"
        }
        // The first piece between semicolons that is not empty, as `split` finds it.
        let essence = contentType.utf8[...].drop { $0 == UInt8(ascii: ";") }.prefix { $0 != UInt8(ascii: ";") }
        return essence.trimmingSpacesAndTabs().equals(ignoringCase: "multipart/form-data")
    }

    /// The `name` and `filename` parameters of a `Content-Disposition: form-data` header.
    static func disposition(_ header: String?) -> (name: String, filename: String?)? {
        guard let header else { return nil }
        var name: String?
        var filename: String?
        var parameters = header[...]
        guard let first = parameters.split(separator: ";").first,
              first.trimmingCharacters(in: .whitespaces).lowercased() == "form-data" else { return nil }
        parameters = parameters.dropFirst(first.count)
        while let equals = parameters.firstIndex(of: "=") {
            let key = parameters[..<equals].trimmingCharacters(in: CharacterSet(charactersIn: "; \t")).lowercased()
            var rest = parameters[parameters.index(after: equals)...].drop { $0 == " " }
            let value: String
            if rest.first == "\"" {
                rest = rest.dropFirst()
                var text = ""
                var escaped = false
                var index = rest.startIndex
                while index < rest.endIndex {
                    let character = rest[index]
                    index = rest.index(after: index)
                    if escaped { text.append(character); escaped = false; continue }
                    if character == "\\" { escaped = true; continue }
                    if character == "\"" { break }
                    text.append(character)
                }
                value = text
                rest = rest[index...]
            } else {
                let end = rest.firstIndex(of: ";") ?? rest.endIndex
                value = rest[..<end].trimmingCharacters(in: .whitespaces)
                rest = rest[end...]
            }
            if key == "name" { name = value } else if key == "filename" { filename = value }
            parameters = rest
        }
        return name.map { ($0, filename) }
    }
}
