import Foundation
import GraphQLLanguage
import GraphQLType

/// The one way a resolver reads its arguments, as the Swift values domain
/// code takes (domain functions never see a `GraphQLValue`). The executor
/// has already coerced every argument to its SDL type (spec §6.4.1
/// "CoerceArgumentValues"): a non-null argument is there and has its type, so
/// a required read that finds nothing means the SDL and the resolver disagree —
/// a bug, answered as an unexpected (masked) error rather than as an empty
/// string that would reach domain code as if a client had sent it.
package extension GraphQLObjectValue {
    /// A `String!` argument (or an enum value, carried by name).
    func string(_ name: String) throws(GraphQLError) -> String {
        guard let value = self[name]?.stringValue else { throw Self.missing(name) }
        return value
    }

    /// A nullable `String` argument; `nil` when absent or `null`.
    func optionalString(_ name: String) -> String? {
        self[name]?.stringValue
    }

    /// A nullable `Int` argument; `nil` when absent or `null`.
    func optionalInt(_ name: String) -> Int? {
        self[name]?.intValue
    }

    /// A nullable `Boolean` argument; `nil` when absent or `null`.
    func optionalBool(_ name: String) -> Bool? {
        self[name]?.boolValue
    }

    /// A nullable `DateTime` argument (``DateTimeScalar`` has checked and normalised it); `nil` when absent or `null`.
    func optionalDate(_ name: String) -> Date? {
        self[name]?.stringValue.flatMap(DateTimeScalar.parse)
    }

    /// A `DateTime!` argument (``DateTimeScalar`` has checked and normalised it).
    func date(_ name: String) throws(GraphQLError) -> Date {
        guard let value = optionalDate(name) else { throw Self.missing(name) }
        return value
    }

    /// A `UUID!` argument (``UUIDScalar`` has checked and normalised it).
    func uuid(_ name: String) throws(GraphQLError) -> UUID {
        guard let value = self[name]?.stringValue.flatMap(UUID.init(uuidString:)) else { throw Self.missing(name) }
        return value
    }

    /// A `Boolean!` argument (or one with a default value).
    func bool(_ name: String) throws(GraphQLError) -> Bool {
        guard let value = self[name]?.boolValue else { throw Self.missing(name) }
        return value
    }

    /// A `[String!]!` argument.
    func strings(_ name: String) throws(GraphQLError) -> [String] {
        guard let items = self[name]?.listValue else { throw Self.missing(name) }
        return items.compactMap(\.stringValue)
    }

    /// An input object argument, read field by field with these same readers.
    func object(_ name: String) throws(GraphQLError) -> GraphQLObjectValue {
        guard let value = self[name]?.objectValue else { throw Self.missing(name) }
        return value
    }

    /// The `Record` a global id argument names; `notFound` when the id is not
    /// one of ours or names an object of another type (areas answer a foreign
    /// id as they answer a missing object, so an id reveals nothing).
    func id<Record: NodeRecord>(of _: Record.Type, _ name: String, else notFound: GraphQLError) throws(GraphQLError) -> UUID {
        guard let id = GlobalID.id(of: Record.self, self[name]?.stringValue) else { throw notFound }
        return id
    }

    /// The `Record`s a list of global ids names, in the order given; `notFound`
    /// for any id that is not one of a `Record`.
    func ids<Record: NodeRecord>(
        of _: Record.Type, _ name: String, else notFound: GraphQLError
    ) throws(GraphQLError) -> [UUID] {
        var ids: [UUID] = []
        for text in try strings(name) {
            guard let id = GlobalID.id(of: Record.self, text) else { throw notFound }
            ids.append(id)
        }
        return ids
    }

    private static func missing(_ name: String) -> GraphQLError {
        GraphQLError("Argument \"\(name)\" is missing or not of its schema type; the SDL and its resolver disagree.")
    }
}
