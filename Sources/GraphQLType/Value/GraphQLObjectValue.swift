/// The fields of an input object value, in order.
///
/// Input objects are small (a handful of fields), so a flat array with a linear
/// lookup beats a hash table and keeps the order the client or the schema gave.
/// Equality ignores order, as JSON object equality does.
public struct GraphQLObjectValue: Sendable, RandomAccessCollection {
    public typealias Element = (key: String, value: GraphQLValue)

    public private(set) var fields: [Element]

    public init(_ fields: [Element] = []) {
        self.fields = fields
    }

    public var startIndex: Int { fields.startIndex }
    public var endIndex: Int { fields.endIndex }
    public subscript(position: Int) -> Element { fields[position] }

    /// The field names, in order.
    public var keys: [String] { fields.map(\.key) }

    /// The value of the field named `key`; setting `nil` removes it, setting a new key appends it.
    public subscript(key: String) -> GraphQLValue? {
        get {
            for field in fields where field.key == key { return field.value }
            return nil
        }
        set {
            if let index = fields.firstIndex(where: { $0.key == key }) {
                if let newValue { fields[index].value = newValue } else { fields.remove(at: index) }
            } else if let newValue {
                fields.append((key: key, value: newValue))
            }
        }
    }

    /// Appends a field without checking for an existing one (the caller knows the key is new).
    public mutating func append(key: String, value: GraphQLValue) {
        fields.append((key: key, value: value))
    }
}

extension GraphQLObjectValue: Equatable {
    public static func == (lhs: GraphQLObjectValue, rhs: GraphQLObjectValue) -> Bool {
        guard lhs.fields.count == rhs.fields.count else { return false }
        for (index, field) in lhs.fields.enumerated() {
            // Fast path: same order.
            if rhs.fields[index].key == field.key {
                if rhs.fields[index].value != field.value { return false }
            } else if rhs[field.key] != field.value {
                return false
            }
        }
        return true
    }
}

extension GraphQLObjectValue: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, GraphQLValue)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }
}

extension GraphQLObjectValue: Hashable {
    /// Order-independent, to agree with `==`: each field is hashed on its own and
    /// the results are combined commutatively.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fields.count)
        var combined = 0
        for field in fields {
            var fieldHasher = Hasher()
            fieldHasher.combine(field.key)
            fieldHasher.combine(field.value)
            combined &+= fieldHasher.finalize()
        }
        hasher.combine(combined)
    }
}
