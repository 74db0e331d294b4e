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
/// The test reads the statement's words, ASCII letters, digits and `_`, case-insensitively:
/// it must begin with `SELECT` and hold no word that writes (`INSERT`, `UPDATE`, `DELETE`,
/// `MERGE`, `INTO` of `SELECT … INTO`), locks (`FOR UPDATE`/`SHARE`) or names such a
/// function. A quoted identifier or a literal that holds one of these words makes a read
/// count as not plain: it then keeps a Sync of its own, as every statement had before.
enum PlainRead {
    static func test(_ text: String) -> Bool {
        var words = Words(text.utf8)
        guard let first = words.next(), first.elementsEqual("select".utf8) else { return false }
        while let word = words.next() {
            if refused.contains(where: { word.elementsEqual($0.utf8) }) { return false }
            if refusedPrefixes.contains(where: { word.starts(with: $0.utf8) }) { return false }
        }
        return true
    }

    /// Words that write, lock rows, or name a function with lasting effects.
    private static let refused = [
        "insert", "update", "delete", "merge", "into", "for", "nextval", "setval", "set_config", "pg_notify",
        "pg_cancel_backend", "pg_terminate_backend", "pg_reload_conf", "pg_rotate_logfile",
    ]

    /// Families of such functions: advisory locks, large objects, `dblink`.
    private static let refusedPrefixes = ["pg_advisory", "lo_", "dblink"]

    /// The statement's words, lowercased, in order.
    private struct Words: IteratorProtocol {
        let bytes: [UInt8]
        var position = 0

        init(_ text: String.UTF8View) {
            bytes = Array(text)
        }

        mutating func next() -> [UInt8]? {
            while position < bytes.count, !Self.isWordByte(bytes[position]) { position += 1 }
            guard position < bytes.count else { return nil }
            var word: [UInt8] = []
            while position < bytes.count, Self.isWordByte(bytes[position]) {
                let byte = bytes[position]
                word.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
                position += 1
            }
            return word
        }

        private static func isWordByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
                true
            default:
                // Bytes of non-ASCII letters belong to words too, so that `selectä` is not `select`.
                byte >= 0x80
            }
        }
    }
}
