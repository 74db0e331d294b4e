/// The columns of a result, shared by all of its rows.
public struct PostgresColumns: Sendable {
    public let names: [String]
    public let types: [PostgresDataType]
    /// Whether the cells are in binary format (see ``PostgresDataType/hasBinaryDecoding``), else text.
    public let binary: Bool

    init(names: [String], types: [PostgresDataType], binary: Bool = false) {
        self.names = names
        self.types = types
        self.binary = binary
    }

    /// Whether a statement with these result columns can have its results in binary format.
    var allHaveBinaryDecoding: Bool { types.allSatisfy(\.hasBinaryDecoding) }

    /// The position of the first column named `name` (the first wins, as with
    /// `SELECT a.id, b.id`), or `nil`.
    ///
    /// A scan that compares lengths before names: a result has a dozen columns, and a
    /// dictionary look-up hashed the name for every cell of every row (about 55 ns, against
    /// about 12 ns for this scan; issue 17).
    public func index(of name: String) -> Int? {
        let length = name.utf8.count
        for index in names.indices where names[index].utf8.count == length && names[index] == name {
            return index
        }
        return nil
    }

    /// ``index(of:)``, or an error naming the columns there are.
    public func position(of name: String) throws(PostgresError) -> Int {
        guard let index = index(of: name) else {
            throw .decoding("no column named '\(name)' (columns: \(names.joined(separator: ", ")))")
        }
        return index
    }
}

/// The cells of one result, copied out of libpq's result into one
/// buffer that all of its rows share.
///
/// Why not a `[String?]` per row: a page of records made one array per row and one
/// `String` per cell of more than 15 bytes (every uuid and timestamp), each allocated,
/// UTF-8-checked and freed, and uuids and timestamps were then parsed from those
/// strings (issue 17). Now a result costs three allocations, and a cell decodes from
/// its bytes.
///
/// `@unchecked Sendable`: the buffer is written once, before the rows exist, and only
/// read after; it is freed with the last row.
@usableFromInline
final class PostgresCells: @unchecked Sendable {
    @usableFromInline let bytes: UnsafeMutableBufferPointer<UInt8>
    /// Row after row, each cell's first byte in `bytes`.
    @usableFromInline let starts: [Int]
    /// Each cell's length in bytes; -1 is SQL NULL.
    @usableFromInline let lengths: [Int]

    /// Cells of the given `lengths`, laid out one after the other; `fill` writes them.
    init(lengths: [Int], fill: (UnsafeMutableBufferPointer<UInt8>, _ starts: [Int]) -> Void) {
        var starts: [Int] = []
        starts.reserveCapacity(lengths.count)
        var total = 0
        for length in lengths {
            starts.append(total)
            total += max(length, 0)
        }
        bytes = .allocate(capacity: total)
        self.starts = starts
        self.lengths = lengths
        fill(bytes, starts)
    }

    deinit {
        bytes.deallocate()
    }
}

/// One result row, copied out of libpq's result so it is a plain Swift value.
public struct PostgresRow: Sendable {
    public let columns: PostgresColumns
    @usableFromInline let cells: PostgresCells
    /// The row's first cell in `cells`.
    @usableFromInline let first: Int

    init(columns: PostgresColumns, cells: PostgresCells, first: Int) {
        self.columns = columns
        self.cells = cells
        self.first = first
    }

    /// A row of the given cells (`nil` is SQL NULL) in `columns`' format, as PostgreSQL would send it.
    public init(columns: PostgresColumns, cells: [String?]) {
        self.init(columns: columns, cells: cells.map { $0.map { Array($0.utf8) } })
    }

    /// A row of the given cells' bytes (`nil` is SQL NULL) in `columns`' format.
    init(columns: PostgresColumns, cells: [[UInt8]?]) {
        precondition(cells.count == columns.names.count, "PostgresRow: \(cells.count) cells for \(columns.names.count) columns")
        let storage = PostgresCells(lengths: cells.map { $0?.count ?? -1 }) { bytes, starts in
            for (cell, start) in zip(cells, starts) {
                _ = UnsafeMutableBufferPointer(rebasing: bytes[start...]).initialize(from: cell ?? [])
            }
        }
        self.init(columns: columns, cells: storage, first: 0)
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
        guard columns.names.indices.contains(index) else {
            throw .decoding("column index \(index) out of range (the row has \(columns.names.count) columns)")
        }
        return try decodeCell(index, as: type)
    }

    /// Decodes the column named `column`.
    @inlinable
    public func decode<Value: PostgresDecodable>(
        _ column: String, as type: Value.Type = Value.self
    ) throws(PostgresError) -> Value {
        try decodeCell(try columns.position(of: column), as: type)
    }

    /// True when the named column is present and NULL.
    public func isNull(_ column: String) -> Bool {
        guard let index = columns.index(of: column) else { return false }
        return cells.lengths[first + index] < 0
    }

    /// Whether column `index` holds the same bytes in this row and in `other` (both NULL counts as
    /// the same), without decoding either: rows that come grouped by a column (`ORDER BY` it) tell
    /// where a group ends by this, and decode the column once a group (issue 17: the pages of a
    /// friends list parsed every row's parent uuid).
    @inlinable
    public func cell(_ index: Int, equalsCellOf other: PostgresRow) -> Bool {
        let mine = first + index
        let theirs = other.first + index
        let length = cells.lengths[mine]
        guard length == other.cells.lengths[theirs] else { return false }
        guard length > 0 else { return true }
        let start = cells.starts[mine]
        let otherStart = other.cells.starts[theirs]
        return UnsafeBufferPointer(rebasing: cells.bytes[start..<start + length])
            .elementsEqual(UnsafeBufferPointer(rebasing: other.cells.bytes[otherStart..<otherStart + length]))
    }

    @inlinable
    func decodeCell<Value: PostgresDecodable>(_ index: Int, as type: Value.Type) throws(PostgresError) -> Value {
        do {
            let length = cells.lengths[first + index]
            guard length >= 0 else { return try Value.postgresNull() }
            let start = cells.starts[first + index]
            // `self` holds `cells` (and so the bytes) for the whole call.
            let cell = UnsafeBufferPointer(rebasing: cells.bytes[start..<start + length])
            return try columns.binary
                ? Value(postgresBinaryCell: cell, type: columns.types[index])
                : Value(postgresCell: cell, type: columns.types[index])
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
    /// The result's columns, also when it has no rows; `nil` for a command without rows.
    let columns: PostgresColumns?
    /// The number of rows affected or returned (libpq's `PQcmdTuples`), 0 for other commands.
    public let affectedRows: Int
    /// The command tag, e.g. `INSERT 0 1`.
    public let commandTag: String

    public init(rows: [PostgresRow], affectedRows: Int, commandTag: String) {
        self.init(rows: rows, columns: rows.first?.columns, affectedRows: affectedRows, commandTag: commandTag)
    }

    init(rows: [PostgresRow], columns: PostgresColumns?, affectedRows: Int, commandTag: String) {
        self.rows = rows
        self.columns = columns
        self.affectedRows = affectedRows
        self.commandTag = commandTag
    }
}
