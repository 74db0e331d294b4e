import Synchronization

/// Counts the SQL statements executed within a scope, across tasks: Quarry counts the
/// statements one GraphQL request costs (DESIGN.md: "one round trip per level, not per row").
///
///     let counter = StatementCounter()
///     try await StatementCounter.$current.withValue(counter) { try await handle(request) }
///     counter.count  // statements run by `handle`, including its child tasks
///
/// Scopes nest: a statement counts in the innermost scope and in every enclosing one.
/// Transaction control (`BEGIN`, `COMMIT`, `ROLLBACK`, savepoints) is not counted.
public final class StatementCounter: Sendable {
    @TaskLocal public static var current: StatementCounter?

    private let value = Atomic<Int>(0)
    private let parent: StatementCounter?

    /// A counter that also counts into the scope it is created in, if any.
    public init() {
        parent = StatementCounter.current
    }

    init(parent: StatementCounter?) {
        self.parent = parent
    }

    public var count: Int { value.load(ordering: .relaxed) }

    func increment() {
        value.add(1, ordering: .relaxed)
        parent?.increment()
    }

    /// Runs `body` with a fresh counter and returns its result with the number of statements.
    public static func counting<Result>(
        _ body: () async throws -> Result
    ) async rethrows -> (result: Result, statements: Int) {
        let counter = StatementCounter()
        let result = try await $current.withValue(counter) { try await body() }
        return (result, counter.count)
    }
}
