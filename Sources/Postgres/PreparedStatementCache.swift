/// Per-connection map from statement text (and parameter types) to the name of the
/// statement prepared on the server, so a statement is parsed and planned once per
/// connection and executed by name afterwards. Bounded: once full, further statements
/// run unnamed (still parameterized) rather than evicting, so a hot set stays prepared.
struct PreparedStatementCache {
    struct Key: Hashable {
        var text: String
        var types: [UInt32]
    }

    let capacity: Int
    private var names: [Key: String] = [:]
    private var nextNumber = 1

    init(capacity: Int = 512) {
        self.capacity = capacity
    }

    var count: Int { names.count }

    func name(for key: Key) -> String? { names[key] }

    var isFull: Bool { names.count >= capacity }

    /// A fresh server-side name, unique within the connection.
    mutating func makeName() -> String {
        defer { nextNumber += 1 }
        return "quarry_\(nextNumber)"
    }

    mutating func insert(_ name: String, for key: Key) {
        names[key] = name
    }

    mutating func remove(_ key: Key) {
        names[key] = nil
    }
}
