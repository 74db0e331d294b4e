import GraphQLLanguage
import GraphQLType

/// The state of one request's execution: the response being built, the errors, and
/// the work that waits (awaited resolvers, batched loads).
///
/// Confined to the task that executes the request: resolvers never see it, awaited
/// resolvers run in child tasks and hand their values back through the task group,
/// and only this task completes values. So the error list is not shared mutable
/// state: it is owned by one task and appended in the order errors arise.
final class ExecutionState {
    let core: ExecutionCore
    let schema: GraphQLSchema
    let request: ExecutionRequest
    let context: any Sendable
    var nodes: [ResultNode] = []
    var errors: [GraphQLError] = []
    /// The response path of the field being executed.
    var path: [GraphQLError.PathComponent] = []
    /// Fields waiting for a value, by continuation id.
    var continuations: [Continuation] = []
    /// Awaited resolvers not yet started.
    var asyncWork: [AsyncWork] = []
    /// Load requests waiting for their loader's next batch, by loader.
    var loadGroups: [ObjectIdentifier: LoadGroup] = [:]
    var loadOrder: [ObjectIdentifier] = []
    /// Whether values of a type may stand for `null` (see ``isNull(_:)``).
    var nullCapableTypes: [ObjectIdentifier: Bool] = [:]

    struct Continuation {
        let slot: Int
        let plan: FieldPlan
        let path: [GraphQLError.PathComponent]
    }

    struct AsyncWork {
        let continuation: Int
        let run: @Sendable () async throws -> (any Sendable)?
    }

    struct LoadGroup {
        let loader: any ErasedBatchLoader
        var requests: [(continuation: Int, request: LoadRequest)]
    }

    init(core: ExecutionCore, request: ExecutionRequest, context: any Sendable) {
        self.core = core
        self.schema = core.schema
        self.request = request
        self.context = context
        nodes.reserveCapacity(256)
    }

    /// Reserves `count` consecutive positions; returns the first.
    func allocate(_ count: Int) -> Int {
        let base = nodes.count
        nodes.append(contentsOf: repeatElement(.pending, count: count))
        return base
    }

    /// Records a field error (spec §6.4.4 "Handling Field Errors"): the error keeps its
    /// message and extensions and gets the field's locations and the current path.
    func recordFieldError(_ error: any Error, plan: FieldPlan) {
        var located = (error as? GraphQLError) ?? GraphQLError(String(describing: error))
        if located.locations.isEmpty {
            located.locations = plan.selection.fieldNodes.compactMap { $0.loc?.startLocation }
        }
        if located.path.isEmpty { located.path = path }
        errors.append(located)
    }

    /// After a field error: `null` in a nullable position (`true`), else propagate (`false`).
    func nullAfterError(_ type: GraphQLTypeRef, slot: Int) -> Bool {
        if type.isNonNull { return false }
        nodes[slot] = .null
        return true
    }

    /// The arguments given to resolvers of `plan`'s field at `source`.
    func resolveInfo(_ plan: FieldPlan, source: any Sendable, args: GraphQLObjectValue) -> ResolveParts {
        ResolveParts(source: source, args: args, context: context, path: path, selection: plan.selection, request: request)
    }

    /// Writes the response's `data`: the object at `slot` of type `rootType`, or `null`.
    func dataBytes(rootSlot: Int, rootType: GraphQLTypeRef) -> [UInt8] {
        var writer = ResponseWriter(nodes: nodes, writer: JSONWriter(capacity: nodes.count * 16))
        if !writer.write(rootSlot, type: rootType) {
            return Array("null".utf8)
        }
        return writer.writer.bytes
    }
}
