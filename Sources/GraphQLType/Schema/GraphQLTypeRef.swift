/// A type as written at a use site: a named type wrapped in lists and non-nulls (spec §3.4.1, §3.12, §3.13).
///
/// Stored as a named type's ``TypeID`` plus the wrappers packed into bits, outermost
/// first, so that a reference is a small trivial value: no allocation, copy by
/// value, equality and hashing in two integer compares, unwrapping by a shift.
/// Nesting is limited to 64 wrappers (``maxWrapperDepth``); builders report deeper
/// types as errors.
public struct GraphQLTypeRef: Hashable, Sendable {
    /// The innermost named type.
    public let namedType: TypeID
    /// Bit `i` describes wrapper `i` counted from the outside: 1 = list, 0 = non-null.
    @usableFromInline let wrapperBits: UInt64
    @usableFromInline let depth: UInt8

    /// The deepest wrapping a reference can hold.
    public static let maxWrapperDepth = 64

    @inlinable init(namedType: TypeID, wrapperBits: UInt64, depth: UInt8) {
        self.namedType = namedType
        self.wrapperBits = wrapperBits
        self.depth = depth
    }

    /// A reference to the named type itself.
    @inlinable public static func named(_ id: TypeID) -> GraphQLTypeRef {
        GraphQLTypeRef(namedType: id, wrapperBits: 0, depth: 0)
    }

    /// `[inner]`; `nil` past ``maxWrapperDepth``.
    @inlinable public static func list(_ inner: GraphQLTypeRef) -> GraphQLTypeRef? {
        guard Int(inner.depth) < maxWrapperDepth else { return nil }
        return GraphQLTypeRef(namedType: inner.namedType, wrapperBits: inner.wrapperBits << 1 | 1, depth: inner.depth + 1)
    }

    /// `inner!`; a reference that is already non-null is returned as is. `nil` past ``maxWrapperDepth``.
    @inlinable public static func nonNull(_ inner: GraphQLTypeRef) -> GraphQLTypeRef? {
        if inner.isNonNull { return inner }
        guard Int(inner.depth) < maxWrapperDepth else { return nil }
        return GraphQLTypeRef(namedType: inner.namedType, wrapperBits: inner.wrapperBits << 1, depth: inner.depth + 1)
    }

    /// The outermost layer of a reference, for `switch`.
    public enum Shape: Sendable, Equatable {
        case named(TypeID)
        case list(of: GraphQLTypeRef)
        case nonNull(of: GraphQLTypeRef)
    }

    /// The outermost layer and what it wraps.
    @inlinable public var shape: Shape {
        if depth == 0 { return .named(namedType) }
        let inner = GraphQLTypeRef(namedType: namedType, wrapperBits: wrapperBits >> 1, depth: depth - 1)
        return wrapperBits & 1 == 1 ? .list(of: inner) : .nonNull(of: inner)
    }

    /// Whether the outermost layer is non-null.
    @inlinable public var isNonNull: Bool { depth > 0 && wrapperBits & 1 == 0 }

    /// Whether the outermost layer is a list (`[T]`, not `[T]!`).
    @inlinable public var isList: Bool { depth > 0 && wrapperBits & 1 == 1 }

    /// Whether this is a bare named type.
    @inlinable public var isNamed: Bool { depth == 0 }

    /// This type without an outer non-null (the type itself when nullable).
    @inlinable public var nullable: GraphQLTypeRef {
        isNonNull ? GraphQLTypeRef(namedType: namedType, wrapperBits: wrapperBits >> 1, depth: depth - 1) : self
    }

    /// The wrapped type of a list or non-null; `nil` for a named type.
    @inlinable public var ofType: GraphQLTypeRef? {
        depth == 0 ? nil : GraphQLTypeRef(namedType: namedType, wrapperBits: wrapperBits >> 1, depth: depth - 1)
    }
}
