import GraphQLLanguage
import GraphQLType

/// How a field's value is produced (spec §6.4.2 "ResolveFieldValue").
///
/// Synchronous resolvers run inline: their value completes at once, with no task and
/// no suspension. Only asynchronous resolvers are awaited, each as one child task of
/// the request, so independent slow fields overlap. A synchronous resolver that needs
/// batched data returns a ``LoadRequest`` instead of awaiting.
public struct FieldResolver<Context: Sendable>: Sendable {
    public typealias Sync = @Sendable (ResolveInfo<Context>) throws -> (any Sendable)?
    public typealias Async = @Sendable (ResolveInfo<Context>) async throws -> (any Sendable)?

    /// The resolver with its context type erased, as the executor calls it.
    @usableFromInline let erased: ErasedResolver

    @usableFromInline init(erased: ErasedResolver) {
        self.erased = erased
    }

    /// A resolver whose value is at hand (or a ``LoadRequest``).
    ///
    /// Inlinable so that the wrapper restoring the context's type is specialized in
    /// the module that knows the context type.
    @inlinable public static func sync(_ resolve: @escaping Sync) -> FieldResolver {
        FieldResolver(erased: .sync { parts in try resolve(parts.info(Context.self)) })
    }

    /// A resolver that may suspend.
    @inlinable public static func async(_ resolve: @escaping Async) -> FieldResolver {
        FieldResolver(erased: .async { parts in try await resolve(parts.info(Context.self)) })
    }
}

/// The source stream of a subscription field (spec §6.2.3.1 "ResolveFieldEventStream").
public typealias SubscribeResolver<Context: Sendable> =
    @Sendable (ResolveInfo<Context>) async throws -> any AsyncSequence<any Sendable, any Error> & Sendable

/// Picks the object type of a value of an interface or union (spec §6.4.3
/// "ResolveAbstractType"): the object type's name, `nil` when unknown.
public typealias TypeResolver<Context: Sendable> =
    @Sendable (_ value: any Sendable, _ context: Context, _ abstractType: GraphQLNamedType) -> String?
