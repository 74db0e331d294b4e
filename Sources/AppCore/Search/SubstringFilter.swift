import Postgres

/// "The column contains this text, ignoring case" (`searchUsers` and the
/// `search` of `User.friends` on nicknames, `users(search:)` on nicknames and
/// e-mail addresses): a `LIKE` pattern on `lower(column)`, which a trigram index
/// serves (db/migrations/0005_friends_search.sql, 0009_administration.sql). The
/// text is taken as typed: `%`, `_` and `\` are escaped so they match themselves,
/// and nothing is split into words (Screen Cache: "without attempting to tokenize").
package struct SubstringFilter: Sendable, Hashable {
    let text: String

    /// A filter for `text`, `nil` when it is empty or only whitespace (no filter).
    package init?(_ text: String?) {
        guard let text, !text.allSatisfy(\.isWhitespace) else { return nil }
        self.text = text
    }

    /// `text` with `LIKE`'s wildcards and its escape character escaped. It reads Unicode
    /// scalars, as PostgreSQL does: a `%` followed by a combining mark is one `Character`
    /// but still a wildcard.
    var escaped: String {
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "%" || scalar == "_" || scalar == "\\" { escaped.append("\\") }
            escaped.append(scalar)
        }
        return String(escaped)
    }

    /// The condition on the nickname column `column` (statement text, never input).
    package func matches(_ column: SQL) -> SQL {
        "lower(\(column)) LIKE lower(\("%" + escaped + "%"))"
    }

    /// Whether the nickname in `column` starts with the text: such matches are listed first.
    package func isPrefix(of column: SQL) -> SQL {
        "lower(\(column)) LIKE lower(\(escaped + "%"))"
    }
}
