/// A Swift value that is the source of one GraphQL object type, with that
/// type's fields read from it declared once, in one table.
///
/// Why a table: a field otherwise has its name written in the SDL, the SQL, the
/// decoding and a `switch` of ``FieldReadable``, and nothing checks that the
/// `switch` covers the type: a misspelt case silently answers `null`. Bound with
/// ``ExecutableSchemaBuilder/readFields(of:)``, every entry is checked against
/// the SDL at start-up (an entry naming no field fails ``ExecutableSchemaBuilder/build()``,
/// and so does an SDL field that is neither in the table nor bound to a
/// resolver). Reading an entry costs a closure call: no ``ResolveInfo`` is made,
/// no name is looked up per value (spec §6.4.2 "ResolveFieldValue" leaves the
/// default resolution to the implementation).
public protocol GraphQLRecord: GraphQLFieldTable, GraphQLTyped {
    /// The object type whose values these are.
    static var objectTypeName: String { get }
}

extension GraphQLRecord {
    /// The record's object type, for interfaces and unions (spec §6.4.3).
    public var graphQLTypeName: String { Self.objectTypeName }
}

/// A value whose fields are read from a table, for shapes that serve several
/// object types (a Relay connection is `UserConnection` in one place and
/// `MessageConnection` in another): bound with
/// ``ExecutableSchemaBuilder/readFields(of:as:)``, which names the type.
public protocol GraphQLFieldTable: Sendable {
    /// The argument-less fields read straight from a value; the others are bound to resolvers.
    static var fieldReaders: [String: @Sendable (Self) -> (any Sendable)?] { get }
}
