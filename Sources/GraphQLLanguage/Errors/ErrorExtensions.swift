/// A JSON-like value inside `GraphQLError.extensions`.
///
/// Only what clients can read from a JSON response: null, booleans, numbers,
/// strings, lists and ordered objects. Literals build it directly:
/// `["code": "BAD_USER_INPUT", "retryAfter": 30, "fields": ["email"]]`.
public indirect enum ErrorExtensionValue: Sendable, Equatable, ExpressibleByNilLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([ErrorExtensionValue])
    case object(ErrorExtensions)

    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: ErrorExtensionValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, ErrorExtensionValue)...) {
        self = .object(ErrorExtensions(entries: elements.map { ErrorExtensions.Entry(key: $0.0, value: $0.1) }))
    }
}

/// An ordered string-keyed map of `ErrorExtensionValue`s: the `extensions`
/// object of an error, kept in insertion order so responses are stable.
public struct ErrorExtensions: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var value: ErrorExtensionValue

        public init(key: String, value: ErrorExtensionValue) {
            self.key = key
            self.value = value
        }
    }

    public private(set) var entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = []
        for entry in entries { self[entry.key] = entry.value }
    }

    public init(dictionaryLiteral elements: (String, ErrorExtensionValue)...) {
        self.init(entries: elements.map { Entry(key: $0.0, value: $0.1) })
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// Reads a key; setting a key keeps its first position, setting nil removes it.
    public subscript(key: String) -> ErrorExtensionValue? {
        get { entries.first { $0.key == key }?.value }
        set {
            let index = entries.firstIndex { $0.key == key }
            switch (index, newValue) {
            case (let index?, let value?): entries[index].value = value
            case (let index?, nil): entries.remove(at: index)
            case (nil, let value?): entries.append(Entry(key: key, value: value))
            case (nil, nil): break
            }
        }
    }
}
