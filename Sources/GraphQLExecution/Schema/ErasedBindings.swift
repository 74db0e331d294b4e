import GraphQLLanguage
import GraphQLType

/// What the executor hands a resolver, before the context gets its static type.
///
/// Why erase the context type: the executor is generic over nothing, so it is
/// compiled once, fully specialized, in this module. A generic executor would run
/// as unspecialized code for a context type declared in another module, paying a
/// runtime metadata lookup for every generic type it touches on every field.
@usableFromInline struct ResolveParts: Sendable {
    @usableFromInline let source: any Sendable
    @usableFromInline let args: GraphQLObjectValue
    @usableFromInline let context: any Sendable
    @usableFromInline let path: [GraphQLError.PathComponent]
    @usableFromInline let selection: FieldSelection
    @usableFromInline let request: ExecutionRequest

    init(
        source: any Sendable, args: GraphQLObjectValue, context: any Sendable, path: [GraphQLError.PathComponent],
        selection: FieldSelection, request: ExecutionRequest
    ) {
        self.source = source
        self.args = args
        self.context = context
        self.path = path
        self.selection = selection
        self.request = request
    }

    @inlinable func info<Context: Sendable>(_: Context.Type) -> ResolveInfo<Context> {
        // The executor is only ever given a `Context` by `ExecutableSchema<Context>`.
        ResolveInfo(
            source: source, args: args, context: context as! Context, path: path, selection: selection,
            request: request)
    }
}

/// A resolver with its context type erased.
@usableFromInline enum ErasedResolver: Sendable {
    case sync(@Sendable (ResolveParts) throws -> (any Sendable)?)
    case async(@Sendable (ResolveParts) async throws -> (any Sendable)?)
    /// A ``GraphQLRecord`` table entry: reads the source, needs no ``ResolveParts``.
    case read(@Sendable (any Sendable) throws -> (any Sendable)?)
}

/// A field guard with its context type erased.
@usableFromInline struct BoundGuard: Sendable {
    let check: @Sendable (ResolveParts) throws -> Void
    /// For a guard made from the object type's directive (the field has none of its own),
    /// which guard it is (its position among the builder's guards); `nil` for a field's own.
    /// Such a check decides for the whole object value (``ObjectGuardOutcome``).
    var objectLevel: Int?

    @usableFromInline init(check: @escaping @Sendable (ResolveParts) throws -> Void) {
        self.check = check
    }
}

/// The outcome of an object-level guard for the object value being executed: the first
/// selected field runs the check, the object's other fields take its outcome.
///
/// Why: `@auth` on a type (`Screenshot`) guarded each selected field of each value with the
/// same check of the same source, and the check's cast to `OwnedByUser` was about 3% of
/// the friends query's CPU time (issue 17).
struct ObjectGuardOutcome {
    let guardPosition: Int
    /// The check's error; `nil` when it passed.
    let error: (any Error)?

    /// Whether this outcome is `check`'s for the object value (`check` is the same object-level guard).
    func decides(_ check: BoundGuard) -> Bool {
        check.objectLevel == guardPosition
    }
}

/// Everything bound to one field of an object type, context type erased.
struct ErasedBinding: Sendable {
    var resolver: ErasedResolver?
    var subscribe: (@Sendable (ResolveParts) async throws -> any AsyncSequence<any Sendable, any Error> & Sendable)?
    var guards: [BoundGuard] = []
}

/// The executable schema as the executor sees it.
final class ExecutionCore: Sendable {
    let schema: GraphQLSchema
    /// `bindings[type index][field position]` for object types.
    let bindings: [[ErasedBinding]]
    /// Meta-field resolvers (`__schema`, `__type`) on the query type, by field name.
    let metaFieldResolvers: [String: ErasedResolver]
    /// `resolveType` hooks by abstract type index.
    let typeResolvers: [(@Sendable (any Sendable, any Sendable, GraphQLNamedType) -> String?)?]

    init(
        schema: GraphQLSchema, bindings: [[ErasedBinding]], metaFieldResolvers: [String: ErasedResolver],
        typeResolvers: [(@Sendable (any Sendable, any Sendable, GraphQLNamedType) -> String?)?]
    ) {
        self.schema = schema
        self.bindings = bindings
        self.metaFieldResolvers = metaFieldResolvers
        self.typeResolvers = typeResolvers
    }

    /// The binding of a field of an object type; `nil` for meta-fields.
    func binding(type: GraphQLObjectType, field name: String) -> ErasedBinding? {
        guard let position = type.fieldPosition(named: name) else { return nil }
        return bindings[Int(type.id.index)][position]
    }
}
