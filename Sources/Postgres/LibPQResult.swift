import CLibPQ

/// Copies libpq results (`PGresult*`) into Swift values and frees them. Every cell is
/// copied (into one buffer a result, ``PostgresCells``), so nothing refers to libpq
/// memory once a statement's call returns.
enum LibPQResult {
    /// Converts the results of one exchange; the first error result wins. Frees them all.
    static func consume(_ results: [OpaquePointer], statement: String?) -> Result<PostgresQueryResult, PostgresError> {
        defer { results.forEach { PQclear($0) } }
        var outcome = PostgresQueryResult(rows: [], affectedRows: 0, commandTag: "")
        for result in results {
            let status = PQresultStatus(result)
            switch status {
            case PGRES_TUPLES_OK, PGRES_SINGLE_TUPLE:
                let columns = columns(of: result)
                outcome = PostgresQueryResult(
                    rows: rows(of: result, columns: columns), columns: columns, affectedRows: Int(PQntuples(result)),
                    commandTag: commandTag(of: result)
                )
            case PGRES_COMMAND_OK:
                // A statement's description (Describe) has its columns and no rows.
                outcome = PostgresQueryResult(
                    rows: [], columns: PQnfields(result) > 0 ? columns(of: result) : nil,
                    affectedRows: Int(String(cString: PQcmdTuples(result))) ?? 0, commandTag: commandTag(of: result)
                )
            case PGRES_EMPTY_QUERY:
                continue
            default:
                return .failure(error(of: result, statement: statement))
            }
        }
        return .success(outcome)
    }

    private static func commandTag(of result: OpaquePointer) -> String {
        PQcmdStatus(result).map { String(cString: $0) } ?? ""
    }

    /// The columns of a result, in the format the statement asked for (all text or all binary).
    private static func columns(of result: OpaquePointer) -> PostgresColumns {
        let columnCount = PQnfields(result)
        return PostgresColumns(
            names: (0..<columnCount).map { String(cString: PQfname(result, $0)) },
            types: (0..<columnCount).map { PostgresDataType(rawValue: PQftype(result, $0)) },
            binary: PQbinaryTuples(result) == 1
        )
    }

    private static func rows(of result: OpaquePointer, columns: PostgresColumns) -> [PostgresRow] {
        let rowCount = PQntuples(result)
        let columnCount = PQnfields(result)
        var lengths: [Int] = []
        lengths.reserveCapacity(Int(rowCount) * Int(columnCount))
        for row in 0..<rowCount {
            for column in 0..<columnCount {
                lengths.append(PQgetisnull(result, row, column) == 1 ? -1 : Int(PQgetlength(result, row, column)))
            }
        }
        let cells = PostgresCells(lengths: lengths) { bytes, starts in
            var cell = 0
            for row in 0..<rowCount {
                for column in 0..<columnCount {
                    if lengths[cell] > 0 {
                        UnsafeMutableRawPointer(bytes.baseAddress! + starts[cell])
                            .copyMemory(from: PQgetvalue(result, row, column), byteCount: lengths[cell])
                    }
                    cell += 1
                }
            }
        }
        return (0..<Int(rowCount)).map { PostgresRow(columns: columns, cells: cells, first: $0 * Int(columnCount)) }
    }

    /// The server's error fields, mapped to a `PostgresError` code.
    static func error(of result: OpaquePointer, statement: String?) -> PostgresError {
        func field(_ code: Int32) -> String? {
            PQresultErrorField(result, code).map { String(cString: $0) }
        }
        let sqlState = field(quarry_pg_diag_sqlstate)
        let message = field(quarry_pg_diag_message_primary)
            ?? trimmed(PQresultErrorMessage(result).map { String(cString: $0) } ?? "unknown error")
        var code = PostgresError.Code.serverError
        if sqlState == "57014" && message.contains("statement timeout") {
            code = .statementTimeout
        } else if let sqlState, sqlState.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(sqlState) {
            code = .databaseUnavailable
        }
        return PostgresError(
            code: code, message: message, sqlState: sqlState, detail: field(quarry_pg_diag_message_detail),
            hint: field(quarry_pg_diag_message_hint), schema: field(quarry_pg_diag_schema_name),
            table: field(quarry_pg_diag_table_name), column: field(quarry_pg_diag_column_name),
            constraint: field(quarry_pg_diag_constraint_name), statement: statement
        )
    }

    static func trimmed(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline).map { $0.trimmingPrefix(while: \.isWhitespace) }
            .joined(separator: " ")
    }
}
