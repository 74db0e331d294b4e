import GraphQLLanguage
import GraphQLType
import GraphQLValidation
import Synchronization

/// A bounded LRU of parsed and validated documents, keyed by the document text, so a
/// repeated query skips lexing, parsing and validation (spec §6.1: validation need
/// not run again for a document already known valid against the same schema).
///
/// Documents that fail are cached too, with their errors: a client repeating a broken
/// query costs as little as one repeating a good one. One cache belongs to one schema
/// and one set of rules. Lookups and insertions take a `Mutex` briefly; parsing and
/// validating happen outside it, so a miss never blocks other requests (two requests
/// missing on the same text at once both parse it, and the second insert is a no-op).
public final class DocumentCache: Sendable {
    /// Why a document cannot be executed: its syntax error, or its validation errors.
    public struct Failure: Error, Sendable, Equatable {
        public let errors: [GraphQLError]
    }

    public typealias Outcome = Result<DocumentNode, Failure>

    public let schema: GraphQLSchema
    public let capacity: Int
    private let parseOptions: ParseOptions
    private let rules: [ValidationRule]
    private let maxErrors: Int
    private let state: Mutex<LRUTable<String, Outcome>>
    private let counters = Mutex((hits: 0, misses: 0))

    /// - Parameters:
    ///   - capacity: the most documents kept; the least recently used goes first.
    ///   - rules: the validation rules documents must pass (e.g. with depth or cost limits).
    public init(
        schema: GraphQLSchema, capacity: Int = 1000, parseOptions: ParseOptions = ParseOptions(),
        rules: [ValidationRule] = specifiedRules, maxErrors: Int = defaultMaxValidationErrors
    ) {
        precondition(capacity > 0, "DocumentCache needs room for at least one document")
        self.schema = schema
        self.capacity = capacity
        self.parseOptions = parseOptions
        self.rules = rules
        self.maxErrors = maxErrors
        self.state = Mutex(LRUTable(capacity: capacity))
    }

    /// The parsed document if it is valid, or its errors; parsed and validated only
    /// when `text` is not in the cache.
    public func document(for text: String) -> Outcome {
        if let cached = state.withLock({ $0.value(for: text) }) {
            counters.withLock { $0.hits += 1 }
            return cached
        }
        counters.withLock { $0.misses += 1 }
        let outcome: Outcome
        do {
            let document = try Parser.parse(source: Source(body: text), options: parseOptions)
            let errors = validate(schema: schema, document: document, rules: rules, maxErrors: maxErrors)
            outcome = errors.isEmpty ? .success(document) : .failure(Failure(errors: errors))
        } catch {
            outcome = .failure(Failure(errors: [error]))
        }
        state.withLock { $0.insert(outcome, for: text) }
        return outcome
    }

    /// How many documents the cache holds.
    public var count: Int {
        state.withLock { $0.count }
    }

    /// Lookups answered from the cache, and those that parsed and validated.
    public var statistics: (hits: Int, misses: Int) {
        counters.withLock { $0 }
    }

    /// Forgets every document (e.g. after a schema reload, with a new cache being simpler).
    public func removeAll() {
        state.withLock { $0 = LRUTable(capacity: capacity) }
    }
}

/// A fixed-capacity map that evicts its least recently used entry: a dictionary from
/// key to slot, and the slots linked in recency order by index (no per-entry objects).
/// Not synchronised: wrap it in a `Mutex`, as ``DocumentCache`` does.
public struct LRUTable<Key: Hashable, Value> {
    private struct Slot {
        var key: Key
        var value: Value
        var newer: Int
        var older: Int
    }

    public let capacity: Int
    private var slots: [Slot] = []
    private var index: [Key: Int] = [:]
    /// Most and least recently used slots; -1 when empty.
    private var newest = -1
    private var oldest = -1

    public init(capacity: Int) {
        precondition(capacity > 0, "LRUTable needs room for at least one entry")
        self.capacity = capacity
        slots.reserveCapacity(min(capacity, 1024))
    }

    public var count: Int { slots.count }

    /// The keys from the most to the least recently used (for tests and diagnostics).
    var keysByRecency: [Key] {
        var keys: [Key] = []
        var slot = newest
        while slot >= 0 {
            keys.append(slots[slot].key)
            slot = slots[slot].older
        }
        return keys
    }

    /// The value for `key`, which becomes the most recently used.
    public mutating func value(for key: Key) -> Value? {
        guard let slot = index[key] else { return nil }
        moveToNewest(slot)
        return slots[slot].value
    }

    /// Stores `value` as the most recently used, evicting the oldest entry when full.
    /// A key already present keeps its first value (both were computed from the same key).
    public mutating func insert(_ value: Value, for key: Key) {
        if let slot = index[key] {
            moveToNewest(slot)
            return
        }
        let slot: Int
        if slots.count < capacity {
            slot = slots.count
            slots.append(Slot(key: key, value: value, newer: -1, older: -1))
        } else {
            slot = oldest
            unlink(slot)
            index[slots[slot].key] = nil
            slots[slot] = Slot(key: key, value: value, newer: -1, older: -1)
        }
        index[key] = slot
        linkAsNewest(slot)
    }

    private mutating func moveToNewest(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        linkAsNewest(slot)
    }

    private mutating func unlink(_ slot: Int) {
        let newer = slots[slot].newer
        let older = slots[slot].older
        if newer >= 0 { slots[newer].older = older } else { newest = older }
        if older >= 0 { slots[older].newer = newer } else { oldest = newer }
        slots[slot].newer = -1
        slots[slot].older = -1
    }

    private mutating func linkAsNewest(_ slot: Int) {
        slots[slot].older = newest
        slots[slot].newer = -1
        if newest >= 0 { slots[newest].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }
}
