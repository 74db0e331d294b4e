import Postgres

/// How the rows of a keyset-paged list are read, as statement text (never
/// input): the rows of a root list (``ListPages``: the admin lists) or one
/// parent's children around `k.parent`, the parent's id (``ChildPages``: a
/// user's screenshots, a user's friends, the messages of a conversation).
public struct PageQuery: Sendable {
    /// The select list of one row (a record's `columns`).
    let columns: SQL
    /// The tables the rows come from, e.g. `screenshots s JOIN media m ON m.id = s.media_id`.
    let from: SQL
    /// Which rows are listed: any filter, and for ``ChildPages`` which rows are
    /// `k.parent`'s children, e.g. `s.owner_id = k.parent`.
    let condition: SQL
    /// The keyset the list is ordered by (``Cursor``): its time and id columns.
    let time: SQL
    let id: SQL

    package init(columns: SQL, from: SQL, condition: SQL, time: SQL, id: SQL) {
        self.columns = columns
        self.from = from
        self.condition = condition
        self.time = time
        self.id = id
    }
}
