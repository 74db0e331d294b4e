/// The columns of a result, shared by all of its rows.
public struct PostgresColumns: Sendable {
    public let names: [String]
    public let types: [PostgresDataType]
    @usableFromInline let indexByName: [String: Int]

    init(names: [String], types: [PostgresDataType]) {
        self.names = names
        self.types = types
        var indexByName: [String: Int] = [:]
        // The first column of a name wins, as with `SELECT a.id, b.id`.
        for (index, name) in names.enumerated() where indexByName[name] == nil {
            indexByName[name] = index
        }
        self.indexByName = indexByName
    }
}

/// One result row, copied out of libpq's result so it is a plain Swift value.
public struct PostgresRow: Sendable {
    public let columns: PostgresColumns
    /// The cells in text format; `nil` is SQL NULL.
    public let cells: [String?]

    public init(columns: PostgresColumns, cells: [String?]) {
        self.columns = columns
        self.cells = cells
    }

    /// Decodes column `index` (0-based).
    ///
    /// The decoding methods are `@inlinable` so that each caller's module specializes them
    /// for the type it asks for: unspecialized, every cell paid for generic metadata and a
    /// witness call (a tenth of the friends query's CPU time, issue 17).
    @inlinable
    public func decode<Value: PostgresDecodable>(
        _ type: Value.Type = Value.self, at index: Int
    ) throws(PostgresError) -> Value {
        guard cells.indices.contains(index) else {
            throw .decoding("column index \(index) out of range (the row has \(cells.count) columns)")
        }
        return try decodeCell(index, as: type)
    }

    /// Decodes the column named `column`.
    @inlinable
    public func decode<Value: PostgresDecodable>(
        _ column: String, as type: Value.Type = Value.self
    ) throws(PostgresError) -> Value {
        guard let index = columns.indexByName[column] else {
            throw .decoding("no column named '\(column)' (columns: \(columns.names.joined(separator: ", ")))")
        }
        return try decodeCell(index, as: type)
    }

    /// True when the named column is present and NULL.
    public func isNull(_ column: String) -> Bool {
        guard let index = columns.indexByName[column] else { return false }
        return cells[index] == nil
    }

    @inlinable
    func decodeCell<Value: PostgresDecodable>(_ index: Int, as type: Value.Type) throws(PostgresError) -> Value {
        do {
            guard let text = cells[index] else { return try Value.postgresNull() }
            return try Value(postgresText: text, type: columns.types[index])
        } catch {
            throw named(error, column: index)
        }
    }

    /// `error` with the column's name and type added.
    @usableFromInline
    func named(_ error: PostgresError, column index: Int) -> PostgresError {
        let name = columns.names[index]
        var error = error
        error.column = name
        error.message = "column '\(name)' (\(columns.types[index])): \(error.message)"
        return error
    }
}

/// What a statement returned: its rows and, for INSERT/UPDATE/DELETE, the affected count.
public struct PostgresQueryResult: Sendable {
    public let rows: [PostgresRow]
    /// The number of rows affected or returned (libpq's `PQcmdTuples`), 0 for other commands.
    public let affectedRows: Int
    /// The command tag, e.g. `INSERT 0 1`.
    public let commandTag: String

    public init(rows: [PostgresRow], affectedRows: Int, commandTag: String) {
        self.rows = rows
        self.affectedRows = affectedRows
        self.commandTag = commandTag
    }
}
