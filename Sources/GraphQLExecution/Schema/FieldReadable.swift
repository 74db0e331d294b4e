import GraphQLType

/// A source value whose fields the executor can read without a bound resolver: the
/// default resolver (spec §6.4.2 "ResolveFieldValue" leaves it to the implementation;
/// graphql-js reads the property of the same name).
///
/// Why a protocol and not reflection: `Mirror` allocates per access and is far too
/// slow for the hot path. A conforming type answers by name, usually with a `switch`.
public protocol FieldReadable: Sendable {
    /// The value of the field named `name`; `nil` stands for `null`.
    func graphQLField(_ name: String) -> (any Sendable)?
}

/// A value that declares the object type it belongs to: how the executor resolves
/// an interface or union to an object type (spec §6.4.3 "ResolveAbstractType") when
/// no `resolveType` hook is bound for the abstract type.
public protocol GraphQLTyped: Sendable {
    /// The name of an object type of the schema.
    var graphQLTypeName: String { get }
}

extension GraphQLValue: FieldReadable {
    /// An object's field (JSON-shaped data reads as is).
    public func graphQLField(_ name: String) -> (any Sendable)? {
        guard case .object(let object) = self, let value = object[name] else { return nil }
        return value
    }
}

extension GraphQLObjectValue: FieldReadable {
    public func graphQLField(_ name: String) -> (any Sendable)? {
        self[name]
    }
}

extension Dictionary: FieldReadable where Key == String, Value == any Sendable {
    public func graphQLField(_ name: String) -> (any Sendable)? {
        self[name]
    }
}

/// The root value when the caller gives none: it has no fields.
struct EmptyRootValue: FieldReadable {
    func graphQLField(_ name: String) -> (any Sendable)? { nil }
}
