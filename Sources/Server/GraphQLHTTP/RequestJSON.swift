import GraphQLType

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Request JSON (a POST body, a GET `variables` parameter) read into a
/// `GraphQLValue`, keeping JSON's distinction between booleans, integers,
/// other numbers, strings, arrays, objects and null, which the GraphQL-over-HTTP
/// checks and input coercion rely on.
enum RequestJSON {
    static func parse(_ bytes: some Collection<UInt8>) throws -> GraphQLValue {
        try JSONDecoder().decode(DecodedValue.self, from: Data(bytes)).value
    }

    static func parse(_ text: String) throws -> GraphQLValue {
        try parse(Array(text.utf8))
    }

    /// `Decodable` adapter: tries each JSON kind in turn, integers before other numbers.
    private struct DecodedValue: Decodable {
        let value: GraphQLValue

        init(from decoder: any Decoder) throws {
            if var array = try? decoder.unkeyedContainer() {
                var items: [GraphQLValue] = []
                while !array.isAtEnd { items.append(try array.decode(DecodedValue.self).value) }
                value = .list(items)
            } else if let object = try? decoder.container(keyedBy: AnyKey.self) {
                var fields = GraphQLObjectValue()
                for key in object.allKeys {
                    fields.append(key: key.stringValue, value: try object.decode(DecodedValue.self, forKey: key).value)
                }
                value = .object(fields)
            } else {
                let single = try decoder.singleValueContainer()
                if single.decodeNil() {
                    value = .null
                } else if let bool = try? single.decode(Bool.self) {
                    value = .bool(bool)
                } else if let int = try? single.decode(Int.self) {
                    value = .int(int)
                } else if let double = try? single.decode(Double.self) {
                    value = .float(double)
                } else {
                    value = .string(try single.decode(String.self))
                }
            }
        }
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
