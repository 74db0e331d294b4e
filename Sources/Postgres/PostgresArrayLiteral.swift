/// PostgreSQL's text form of one-dimensional arrays: `{a,"b c",NULL,"say \"hi\""}`.
/// Elements are always quoted when formatting, so no element text can change the
/// array's shape (PostgreSQL manual 8.15.6 "Array Input and Output Syntax").
enum PostgresArrayLiteral {
    /// Written byte by byte: `"` and `\` are ASCII, so escaping the UTF-8 bytes escapes the
    /// same characters as escaping `Character`s, without grapheme breaking (a friends page
    /// binds 50 UUIDs this way for each level it reads).
    static func format(_ elements: [String?]) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        bytes.reserveCapacity(2 + elements.reduce(0) { $0 + ($1?.utf8.count ?? 4) + 3 })
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            guard let element else {
                bytes.append(contentsOf: "NULL".utf8)
                continue
            }
            bytes.append(UInt8(ascii: "\""))
            for byte in element.utf8 {
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { bytes.append(UInt8(ascii: "\\")) }
                bytes.append(byte)
            }
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Parses a one-dimensional array literal; unquoted `NULL` is a null element.
    static func parse(_ text: String) throws(PostgresError) -> [String?] {
        var scalars = Substring(text).unicodeScalars[...]
        // A lower bound decoration such as `[0:2]={...}` precedes the braces.
        if scalars.first == "[", let equals = scalars.firstIndex(of: "=") {
            scalars = scalars[scalars.index(after: equals)...]
        }
        guard scalars.first == "{", scalars.last == "}" else {
            throw .decoding("malformed array literal")
        }
        scalars = scalars.dropFirst().dropLast()
        if scalars.isEmpty { return [] }
        var elements: [String?] = []
        var current = String.UnicodeScalarView()
        var quoted = false
        var wasQuoted = false
        var escaped = false
        for scalar in scalars {
            if escaped {
                current.append(scalar)
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else if scalar == "\"" {
                quoted.toggle()
                wasQuoted = true
            } else if scalar == "{" && !quoted {
                throw .decoding("multi-dimensional arrays are not supported")
            } else if scalar == "," && !quoted {
                elements.append(element(current, wasQuoted: wasQuoted))
                current = String.UnicodeScalarView()
                wasQuoted = false
            } else {
                current.append(scalar)
            }
        }
        if quoted || escaped { throw .decoding("malformed array literal") }
        elements.append(element(current, wasQuoted: wasQuoted))
        return elements
    }

    private static func element(_ scalars: String.UnicodeScalarView, wasQuoted: Bool) -> String? {
        let text = String(scalars)
        return !wasQuoted && text == "NULL" ? nil : text
    }
}
