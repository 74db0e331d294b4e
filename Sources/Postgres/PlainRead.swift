/// Whether a statement is a plain read: a `SELECT` that writes nothing, locks no rows and calls
/// none of PostgreSQL's functions whose effects outlive its result (sequences, advisory locks,
/// settings, notifications, large objects, other backends).
///
/// Why: the plain reads that stand next to each other in a batch share one Sync
/// (``ConnectionCore/beginPipeline(_:)``), so PostgreSQL runs them in one implicit transaction
/// and answers them with one flush instead of one each (PostgreSQL manual 55.2.3, "Extended
/// Query": the implicit transaction block lasts until Sync). For such statements that changes
/// nothing a caller can see, but the transaction's timestamp (`now()`), which they share, and
/// a failure, which aborts the reads after it in the group: those run again alone.
///
/// The test reads the statement's words (letters, digits and `_`), case-insensitively:
/// it must begin with `SELECT` and hold no word that writes (`INSERT`, `UPDATE`, `DELETE`,
/// `MERGE`, `INTO` of `SELECT … INTO`), locks (`FOR UPDATE`/`SHARE`) or names such a
/// function. A quoted identifier or a literal that holds one of these words makes a read
/// count as not plain: it then keeps a Sync of its own, as every statement had before.
enum PlainRead {
    static func test(_ text: String) -> Bool {
        // Once a prepared statement, so plain `String` work: letters of any script belong to a word,
        // so that `selectä` is not `select`.
        let words = text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "_") }
        guard words.first == "select" else { return false }
        return !words.contains { word in
            refused.contains { word == $0 } || refusedPrefixes.contains { word.hasPrefix($0) }
        }
    }

    /// Words that write, lock rows, or name a function with lasting effects.
    private static let refused = [
        "insert", "update", "delete", "merge", "into", "for", "nextval", "setval", "set_config", "pg_notify",
        "pg_cancel_backend", "pg_terminate_backend", "pg_reload_conf", "pg_rotate_logfile",
    ]

    /// Families of such functions: advisory locks, large objects, `dblink`.
    private static let refusedPrefixes = ["pg_advisory", "lo_", "dblink"]
}
