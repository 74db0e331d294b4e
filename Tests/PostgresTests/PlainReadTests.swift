import Testing

@testable import Postgres

@Suite("Plain reads: the statements a batch may put under one Sync")
struct PlainReadTests {
    /// Reads that change nothing and lock no rows (PostgreSQL manual, SELECT: only `FOR UPDATE`/`SHARE`
    /// and `INTO` make a `SELECT` lock or write).
    @Test(
        "a SELECT that writes nothing and locks nothing is a plain read",
        arguments: [
            "SELECT now()",
            "select id, nickname from users where id = $1",
            "\n  SELECT u.updated_at, u.deleted_count FROM users u WHERE u.id = $1",
            "SELECT t.expires_at < now() + make_interval(secs => $1) AS token_slides FROM access_tokens t",
            "SELECT count(*) AS n FROM screenshots WHERE owner_id = ANY($1)",
            "SELECT txid_current() AS xid",
        ]
    )
    func plainRead(text: String) {
        #expect(PlainRead.test(text))
    }

    /// Statements that write, lock rows or call functions whose effects outlast the statement
    /// (sequences, advisory locks, settings, notifications, large objects), and those the test does
    /// not read far enough to clear (a `WITH` may hold a data-modifying statement).
    @Test(
        "a statement that writes, locks or has lasting effects is not",
        arguments: [
            "INSERT INTO t (id) VALUES ($1) RETURNING id",
            "UPDATE t SET label = $1",
            "DELETE FROM t WHERE id = $1",
            "WITH x AS (SELECT 1) SELECT * FROM x",
            "WITH gone AS (DELETE FROM t RETURNING id) SELECT count(*) FROM gone",
            "SELECT * FROM t WHERE id = $1 FOR UPDATE",
            "SELECT * FROM t FOR NO KEY UPDATE",
            "select * from t for share",
            "SELECT * INTO copy FROM t",
            "SELECT nextval('t_id_seq')",
            "SELECT setval('t_id_seq', 1)",
            "SELECT pg_advisory_xact_lock($1)",
            "SELECT 1 FROM pg_advisory_xact_lock_shared($1)",
            "SELECT set_config('statement_timeout', '1s', false)",
            "SELECT pg_notify('channel', 'payload')",
            "SELECT lo_unlink($1)",
            "SELECT pg_terminate_backend($1)",
            "SELECTä 1",
            "",
        ]
    )
    func notPlainRead(text: String) {
        #expect(!PlainRead.test(text))
    }
}
