import CLibPQ

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a connection guards with its lock: the libpq session and its prepared statements.
/// Each method starts one exchange (a prepare, an execution, a script) and returns at
/// the first wait; `PostgresConnection` awaits the socket and calls `session.resume`.
struct ConnectionCore: ~Copyable {
    var session: LibPQSession
    var statements = PreparedStatementCache()

    init(configuration: PostgresConfiguration) {
        session = LibPQSession(configuration: configuration)
    }

    /// Refuses parameters PostgreSQL cannot take, before anything is sent.
    static func invalidParameter(in sql: SQL) -> PostgresError? {
        for bind in sql.binds {
            if case .text(let text) = bind.value, text.utf8.contains(0) {
                return PostgresError(code: .invalidParameter, message: "a text parameter contains a NUL character, which PostgreSQL does not accept")
            }
        }
        return nil
    }

    /// Prepares `text` under `name` (extended protocol: Parse).
    mutating func beginPrepare(_ name: String, _ text: String, types: [UInt32]) -> LibPQSession.Progress {
        types.withUnsafeBufferPointer { types in
            session.begin(statement: text) { handle in
                PQsendPrepare(handle, name, text, Int32(types.count), types.baseAddress)
            }
        }
    }

    /// Describes the statement prepared as `name` (Describe): its result columns' types.
    mutating func beginDescribe(_ name: String, statement: String) -> LibPQSession.Progress {
        session.begin(statement: statement) { handle in PQsendDescribePrepared(handle, name) }
    }

    /// Executes the statement prepared as `name` with `binds` (Bind, Execute), its results in
    /// binary format when `binaryResults`, else in text.
    mutating func beginPrepared(
        _ name: String, _ binds: [PostgresBind], statement: String, binaryResults: Bool
    ) -> LibPQSession.Progress {
        Self.withParameterArrays(binds) { values, lengths, formats in
            session.begin(statement: statement) { handle in
                PQsendQueryPrepared(handle, name, Int32(binds.count), values, lengths, formats, binaryResults ? 1 : 0)
            }
        }
    }

    /// One execution of a prepared statement in a pipeline.
    struct Execution {
        let name: String
        let binds: [PostgresBind]
        let statement: String
        let binaryResults: Bool
        /// A ``PlainRead``: it may share its Sync with the plain reads next to it.
        let plainRead: Bool
    }

    /// Executes prepared statements in one pipeline (PostgreSQL manual 34.5 "Pipeline Mode"):
    /// each Bind/Execute is followed by its own Sync, so each statement runs in its own
    /// implicit transaction and one's failure leaves the others alone, as if they were sent
    /// one by one; they share the round trips. Plain reads next to each other share one Sync
    /// (``PlainRead``: one transaction, one flush from the server for all of them). libpq
    /// copies the parameters as each statement is queued, so each statement's arrays live
    /// only for its own call.
    mutating func beginPipeline(_ executions: [Execution]) -> LibPQSession.Progress {
        let syncAfter = executions.indices.map { index in
            !(executions[index].plainRead && index + 1 < executions.count && executions[index + 1].plainRead)
        }
        return session.begin(pipeline: executions.map(\.statement), syncs: syncAfter.count(where: { $0 })) { handle in
            guard PQenterPipelineMode(handle) == 1 else { return 0 }
            let socket = PQsocket(handle)
            Self.cork(socket, true)
            defer { Self.cork(socket, false) }
            for (execution, sync) in zip(executions, syncAfter) {
                let sent = Self.withParameterArrays(execution.binds) { values, lengths, formats in
                    PQsendQueryPrepared(
                        handle, execution.name, Int32(execution.binds.count), values, lengths, formats,
                        execution.binaryResults ? 1 : 0
                    )
                }
                guard sent == 1, !sync || PQpipelineSync(handle) == 1 else { return 0 }
            }
            return 1
        }
    }

    /// Holds back (`TCP_CORK`) a TCP socket's sends until uncorked, which sends them in one
    /// go: `PQpipelineSync` flushes at every Sync, so a pipeline of n statements would be n
    /// segments, each waking the backend. A Unix socket refuses the option, harmlessly.
    private static func cork(_ socket: Int32, _ on: Bool) {
        var value: Int32 = on ? 1 : 0
        _ = setsockopt(socket, Int32(IPPROTO_TCP), TCP_CORK, &value, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Executes `text` with `binds` as the unnamed statement (when the cache is full).
    mutating func beginUnnamed(_ text: String, _ binds: [PostgresBind], types: [UInt32]) -> LibPQSession.Progress {
        Self.withParameterArrays(binds) { values, lengths, formats in
            types.withUnsafeBufferPointer { types in
                session.begin(statement: text) { handle in
                    PQsendQueryParams(handle, text, Int32(types.count), types.baseAddress, values, lengths, formats, 0)
                }
            }
        }
    }

    /// Runs `text` through the simple protocol: several statements allowed, no parameters.
    /// Only for fixed text (transaction control, migration files).
    mutating func beginScript(_ text: String) -> LibPQSession.Progress {
        session.begin(statement: text) { handle in PQsendQuery(handle, text) }
    }

    /// Lays the parameters out as libpq wants them (C strings or byte buffers, lengths,
    /// formats) for the duration of `body`.
    private static func withParameterArrays<Result>(
        _ binds: [PostgresBind],
        _ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> Result
    ) -> Result {
        var buffers: [UnsafeMutablePointer<CChar>?] = []
        var lengths: [Int32] = []
        var formats: [Int32] = []
        for bind in binds {
            switch bind.value {
            case .null:
                buffers.append(nil)
                lengths.append(0)
                formats.append(0)
            case .text(let text):
                buffers.append(strdup(text))
                lengths.append(0)
                formats.append(0)
            case .binary(let bytes):
                let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: max(bytes.count, 1))
                bytes.withUnsafeBytes { raw in
                    if let base = raw.baseAddress { UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: raw.count) }
                }
                buffers.append(buffer)
                lengths.append(Int32(bytes.count))
                formats.append(1)
            }
        }
        defer {
            for (buffer, format) in zip(buffers, formats) {
                if format == 1 { buffer?.deallocate() } else { free(buffer) }
            }
        }
        let values = buffers.map { UnsafePointer($0) }
        return values.withUnsafeBufferPointer { values in
            lengths.withUnsafeBufferPointer { lengths in
                formats.withUnsafeBufferPointer { formats in
                    body(values.baseAddress, lengths.baseAddress, formats.baseAddress)
                }
            }
        }
    }
}
