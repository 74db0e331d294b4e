/// Decodes an `application/x-www-form-urlencoded` string — the query string
/// of a GraphQL GET request (spec §"GET") — per the WHATWG URL standard:
/// `&`-separated `name=value` pairs, `+` meaning space, `%XX` bytes, UTF-8.
/// The first occurrence of a name wins. `nil` when a percent escape is broken
/// or the bytes are not UTF-8.
enum FormURLEncoded {
    static func decode(_ query: Substring) -> [String: String]? {
        var items: [String: String] = [:]
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = percentDecode(halves[0]) else { return nil }
            guard let value = halves.count == 2 ? percentDecode(halves[1]) : "" else { return nil }
            if items[name] == nil { items[name] = value }
        }
        return items
    }

    static func percentDecode(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
