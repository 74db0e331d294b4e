import CLibPQ

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a connection guards with its lock: the libpq session and its prepared statements.
struct ConnectionCore: ~Copyable {
    var session: LibPQSession
    var statements = PreparedStatementCache()

    init(configuration: PostgresConfiguration) {
        session = LibPQSession(configuration: configuration)
    }

    /// Runs a parameterized statement through the extended protocol, preparing it on first use.
    mutating func execute(_ sql: SQL, deadline: ContinuousClock.Instant?) -> Result<PostgresQueryResult, PostgresError> {
        for bind in sql.binds {
            if case .text(let text) = bind.value, text.utf8.contains(0) {
                return .failure(
                    PostgresError(code: .invalidParameter, message: "a text parameter contains a NUL character, which PostgreSQL does not accept")
                )
            }
        }
        let text = sql.text
        let key = PreparedStatementCache.Key(text: text, types: sql.binds.map(\.type.rawValue))
        if let name = statements.name(for: key) {
            let result = executePrepared(name, sql.binds, statement: text, deadline: deadline)
            // The server forgot it (e.g. `DEALLOCATE ALL` or `DISCARD ALL`): prepare it again.
            guard case .failure(let error) = result, error.sqlState == "26000" else { return result }
            statements.remove(key)
        }
        if statements.isFull {
            return executeUnnamed(text, sql.binds, types: key.types, deadline: deadline)
        }
        let name = statements.makeName()
        let prepared = key.types.withUnsafeBufferPointer { types in
            session.exchange(deadline: deadline, statement: text) { handle in
                PQsendPrepare(handle, name, text, Int32(types.count), types.baseAddress)
            }
        }
        if case .failure(let error) = prepared { return .failure(error) }
        statements.insert(name, for: key)
        return executePrepared(name, sql.binds, statement: text, deadline: deadline)
    }

    /// Runs `text` through the simple protocol: several statements allowed, no parameters.
    /// Only for fixed text (transaction control, migration files).
    mutating func executeScript(_ text: String, deadline: ContinuousClock.Instant?) -> Result<PostgresQueryResult, PostgresError> {
        session.exchange(deadline: deadline, statement: text) { handle in PQsendQuery(handle, text) }
    }

    private mutating func executePrepared(
        _ name: String, _ binds: [PostgresBind], statement: String, deadline: ContinuousClock.Instant?
    ) -> Result<PostgresQueryResult, PostgresError> {
        Self.withParameterArrays(binds) { values, lengths, formats in
            session.exchange(deadline: deadline, statement: statement) { handle in
                PQsendQueryPrepared(handle, name, Int32(binds.count), values, lengths, formats, 0)
            }
        }
    }

    private mutating func executeUnnamed(
        _ text: String, _ binds: [PostgresBind], types: [UInt32], deadline: ContinuousClock.Instant?
    ) -> Result<PostgresQueryResult, PostgresError> {
        Self.withParameterArrays(binds) { values, lengths, formats in
            types.withUnsafeBufferPointer { types in
                session.exchange(deadline: deadline, statement: text) { handle in
                    PQsendQueryParams(handle, text, Int32(types.count), types.baseAddress, values, lengths, formats, 0)
                }
            }
        }
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
