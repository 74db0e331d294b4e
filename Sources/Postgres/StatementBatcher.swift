import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Gathers the single statements of concurrent callers (``PostgresPool/execute(_:)``) and
/// sends each gathering to PostgreSQL together on one connection, in one pipeline
/// (``PostgresConnection/executeBatch(_:)``).
///
/// Why: under load, a statement's cost was mostly its exchange's machinery, not PostgreSQL's
/// work: a send, wake-ups of the readiness loop and of the backend, a task resumed on the
/// pool, a connection leased and released (issue 17: `{ serverTime }` took ~140 µs of machine
/// time a statement where pgbench's same statement takes 26 µs). A batch pays the leasing and
/// the wake-ups once for all its statements, and its backend reads them in one go: on that VM
/// `{ serverTime }` went from 6,700–8,400 to 14,400–16,600 requests/s and PostgreSQL's CPU a
/// request from 40–52 to 11–12 µs (Benchmarks/README.md, 2026-11-28, third session).
///
/// How: a few batches run at once (`turns`, a core's worth, ``defaultTurns``).
/// A caller that finds a free turn runs its statement at once, alone, so an idle server
/// answers as fast as before; else it waits in line. A batch's leader, when done, hands its
/// turn to the first caller in line together with the callers behind it (up to
/// `maximumBatch`), so the line empties in batches. When no batch has finished for ``lineWait``
/// (slow statements hold the turns), the line gets a turn of its own, up to `maximumTurns`
/// (the pool's size): slow statements then hold back no more than a connection each, as
/// before batching. Each statement keeps its own outcome, and a write its own implicit
/// transaction; plain reads next to each other share one (``PlainRead``, which says what that
/// changes), so a caller sees what it would alone, only sooner.
final class StatementBatcher: Sendable {
    typealias Outcome = Result<PostgresQueryResult, PostgresError>

    /// A caller in line: its statement, and how it learns its turn.
    ///
    /// The continuation is unchecked: a member is resumed exactly once, by whoever takes it out
    /// of the line under the lock (a finishing leader, the line's watcher), or at once when a
    /// turn came free before it joined; the checked kind's canary object cost every statement in
    /// line an allocation and atomic updates, up to 3% of a `{ serverTime }`'s CPU in side-by-side
    /// runs (Benchmarks/README.md, 2026-11-28, fourth session).
    struct Member: Sendable {
        let sql: SQL
        let continuation: UnsafeContinuation<Turn, Never>
    }

    /// What a caller in line is resumed with: its statement's outcome, or the lead of a batch
    /// of its statement followed by those of `members`.
    enum Turn: Sendable {
        case finished(Outcome)
        case lead(members: [Member])
    }

    private struct State {
        var running = 0
        var line: [Member] = []
        /// When a turn was last taken or handed on.
        var lastProgress = ContinuousClock.now
        /// Whether a task watches the line for `lineWait` without progress.
        var watching = false

        /// Takes a turn when fewer than `limit` batches run.
        mutating func takeTurn(limit: Int) -> Bool {
            guard running < limit else { return false }
            running += 1
            lastProgress = .now
            return true
        }

        /// The first `maximumBatch` callers in line, taken out of it.
        mutating func takeBatch() -> ArraySlice<Member> {
            let batch = line.prefix(StatementBatcher.maximumBatch)
            line.removeFirst(batch.count)
            lastProgress = .now
            return batch
        }
    }

    /// The most statements one batch carries.
    static let maximumBatch = 32
    /// Batches that run at once by default: a core's worth each, so that PostgreSQL and Quarry
    /// both stay busy, at least two. On the 2-core VM of issue 17, two turns doubled
    /// `{ serverTime }`'s rate where a turn a connection (10) gained 10–28%, and one turn left a
    /// core idle (Benchmarks/README.md, 2026-11-28). A constant, not a `PostgresConfiguration`
    /// setting: it follows the machine, not the deployment; tests that need fewer turns pass
    /// them to the pool's initializer.
    static let defaultTurns = max(2, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    /// How long callers wait in line while no batch finishes before the line gets a turn of its
    /// own: far above a batch's usual time (under a millisecond), far below a slow statement's.
    static let lineWait: Duration = .milliseconds(10)

    private let turns: Int
    private let maximumTurns: Int
    private let state = Mutex(State())
    /// Statements that ran in a batch with others (for tests).
    let batchedStatements = Atomic<Int>(0)
    /// Callers waiting in line now (tests wait on it for a line to form).
    var lineCount: Int { state.withLock { $0.line.count } }

    init(turns: Int, maximumTurns: Int) {
        self.turns = turns
        self.maximumTurns = maximumTurns
    }

    /// Runs `sql`, alone or in a batch, on a connection of `pool`.
    func execute(_ sql: SQL, on pool: PostgresPool) async throws -> PostgresQueryResult {
        var members: [Member] = []
        if !state.withLock({ $0.takeTurn(limit: turns) }) {
            let turn = await withUnsafeContinuation { continuation in
                let (now, watch) = state.withLock { state -> (Bool, Bool) in
                    if state.takeTurn(limit: turns) { return (true, false) }
                    state.line.append(Member(sql: sql, continuation: continuation))
                    defer { state.watching = true }
                    return (false, !state.watching)
                }
                if now { continuation.resume(returning: .lead(members: [])) }
                if watch { Task { await self.watchLine() } }
            }
            switch turn {
            case .finished(let outcome): return try outcome.get()
            case .lead(let followers): members = followers
            }
        }
        if !members.isEmpty { batchedStatements.add(members.count + 1, ordering: .relaxed) }
        let outcomes: [Outcome]
        do {
            outcomes = try await pool.runBatch([sql] + members.map(\.sql))
        } catch {
            // A leader cancelled while waiting for a connection passes its batch on; any
            // other failure to get one (timeout, database down) is every member's.
            if Task.isCancelled, let next = members.first {
                next.continuation.resume(returning: .lead(members: Array(members.dropFirst())))
            } else {
                passTurn()
                let failure = error as? PostgresError ?? .unavailable("\(error)")
                for member in members { member.continuation.resume(returning: .finished(.failure(failure))) }
            }
            throw error
        }
        passTurn()
        for (member, outcome) in zip(members, outcomes.dropFirst()) {
            member.continuation.resume(returning: .finished(outcome))
        }
        return try outcomes[0].get()
    }

    /// Hands the turn, with the callers behind, to the first caller in line, or frees it.
    private func passTurn() {
        let batch = state.withLock { state in
            let batch = state.takeBatch()
            if batch.isEmpty { state.running -= 1 }
            return batch
        }
        lead(batch)
    }

    private func lead(_ batch: ArraySlice<Member>) {
        guard let first = batch.first else { return }
        first.continuation.resume(returning: .lead(members: Array(batch.dropFirst())))
    }

    /// While callers wait in line: each time no turn was taken or handed on for `lineWait`,
    /// gives the line a turn of its own, if the pool has a connection for one more.
    private func watchLine() async {
        var wait = Self.lineWait
        while true {
            try? await Task.sleep(for: wait)
            let batch = state.withLock { state -> ArraySlice<Member>? in
                guard !state.line.isEmpty else {
                    state.watching = false
                    return nil
                }
                let quiet = state.lastProgress.duration(to: .now)
                guard quiet >= Self.lineWait, state.running < maximumTurns else {
                    wait = quiet < Self.lineWait ? Self.lineWait - quiet : Self.lineWait
                    return []
                }
                state.running += 1
                wait = Self.lineWait
                return state.takeBatch()
            }
            guard let batch else { return }
            lead(batch)
        }
    }
}
