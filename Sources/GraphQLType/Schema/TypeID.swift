/// The identity of a named type: its position in its schema's type table.
///
/// Why an index and not a class reference: types refer to each other in cycles
/// (`User.friends: [User]`), and immutable `Sendable` classes cannot be tied into
/// cycles without mutation after construction (which would need `@unchecked
/// Sendable`). An index is a plain value: comparing or hashing two types is one
/// integer compare, a field's return type fits in a register, and the schema
/// resolves it with one array access (``GraphQLSchema/subscript(_:)-(TypeID)``).
/// A `TypeID` is only meaningful with the schema that issued it.
public struct TypeID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let index: Int32

    @inlinable public init(_ index: Int) {
        self.index = Int32(index)
    }

    @inlinable public static func < (lhs: TypeID, rhs: TypeID) -> Bool { lhs.index < rhs.index }

    public var description: String { "TypeID(\(index))" }
}
