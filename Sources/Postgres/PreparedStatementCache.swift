/// Per-connection map from statement text (and parameter types) to the name of the
/// statement prepared on the server, so a statement is parsed and planned once per
/// connection and executed by name afterwards. Bounded: once full, further statements
/// run unnamed (still parameterized) rather than evicting, so a hot set stays prepared.
struct PreparedStatementCache {
    struct Key: Hashable {
        var text: String
        var types: [UInt32]
    }

    /// A prepared statement: its server-side name, whether it is executed with binary
    /// results (its description showed columns the decoders read in binary), and whether it
    /// is a ``PlainRead`` (tested once, here, rather than at every execution).
    struct Entry {
        let name: String
        let binaryResults: Bool
        let plainRead: Bool
    }

    let capacity: Int
    private var entries: [Key: Entry] = [:]
    private var nextNumber = 1

    init(capacity: Int = 512) {
        self.capacity = capacity
    }

    var count: Int { entries.count }

    func entry(for key: Key) -> Entry? { entries[key] }

    var isFull: Bool { entries.count >= capacity }

    /// A fresh server-side name, unique within the connection.
    mutating func makeName() -> String {
        defer { nextNumber += 1 }
        return "quarry_\(nextNumber)"
    }

    /// Records the statement `key` prepared as `name`; returns its entry.
    mutating func insert(_ name: String, binaryResults: Bool, for key: Key) -> Entry {
        let entry = Entry(name: name, binaryResults: binaryResults, plainRead: PlainRead.test(key.text))
        entries[key] = entry
        return entry
    }

    mutating func remove(_ key: Key) {
        entries[key] = nil
    }
}

extension PreparedStatementCache.Key {
    /// The key of `sql`: its text and its parameters' types.
    init(_ sql: SQL) {
        self.init(text: sql.text, types: sql.binds.map(\.type.rawValue))
    }
}
