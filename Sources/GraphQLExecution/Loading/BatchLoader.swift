/// A DataLoader-style batch loader (DESIGN.md "One round trip per level"): resolvers
/// ask for keys with ``load(_:)`` and return the ``LoadRequest`` they get; the
/// executor collects every key requested while it completes one wave of fields (in
/// practice one level of the response) and calls `batch` once with all of them, so a
/// nested list query costs O(depth) loads, not O(rows).
///
/// The loader holds no state: what is waiting lives in the executing request, so one
/// loader can be made at start-up and shared by every request. Keys are deduplicated
/// within a batch; keys missing from the answer resolve to `null`.
public final class BatchLoader<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    public typealias Batch = @Sendable (_ keys: [Key]) async throws -> [Key: Value]

    /// ``ErasedBatchLoader/loadBatch(_:)``, made by the inlinable `init` where the loader is
    /// created, so that the casts and hashing of `Key` are specialized for it: the generic
    /// `loadBatch` of this class, called through the erased protocol, looked up `Key`'s
    /// witnesses for every key (3.9% of the friends query's samples, now 2.3%; issue 17).
    @usableFromInline let erasedLoad: @Sendable (_ keys: [any Sendable]) async throws -> [(any Sendable)?]

    @inlinable public init(_ batch: @escaping Batch) {
        erasedLoad = { keys in try await Self.load(keys, with: batch) }
    }

    /// Calls `batch` once with `keys` deduplicated, and answers each key by position.
    @inlinable static func load(_ keys: [any Sendable], with batch: Batch) async throws -> [(any Sendable)?] {
        var positions: [Key: Int] = [:]
        positions.reserveCapacity(keys.count)
        var unique: [Key] = []
        var slots: [Int] = []
        slots.reserveCapacity(keys.count)
        for key in keys {
            let typed = key as! Key
            let next = unique.count
            let slot = positions[typed, default: next]
            if slot == next {
                positions[typed] = next
                unique.append(typed)
            }
            slots.append(slot)
        }
        let answers = try await batch(unique)
        let values = unique.map { key -> (any Sendable)? in answers[key] }
        return slots.map { values[$0] }
    }

    /// A pending value for one key: `Value`, or `null` when the batch did not answer the key.
    public func load(_ key: Key) -> LoadRequest {
        LoadRequest(loader: self, keys: .one(key), transform: nil)
    }

    /// A pending value for `key`, handed to `transform` as the loader's own
    /// `Value` (`nil` when the batch did not answer the key). The loaded value
    /// came from this loader's batch, so it is a `Value` by construction: a
    /// resolver never casts it back, and no cast can fail into an empty answer.
    public func load(
        _ key: Key, then transform: @escaping @Sendable (Value?) throws -> (any Sendable)?
    ) -> LoadRequest {
        load(key).map { try transform($0 as? Value) }
    }

    /// A pending list of values, one per key (`null` for keys the batch did not answer).
    public func loadMany(_ keys: [Key]) -> LoadRequest {
        LoadRequest(loader: self, keys: .list(keys), transform: nil)
    }
}

/// A value a resolver will have once a batch is loaded: returned by a synchronous
/// resolver, it makes the field wait for its loader's next batch. ``map(_:)`` turns
/// the loaded value into the field's value (which may itself be a `LoadRequest`).
public struct LoadRequest: Sendable {
    /// The keys a request waits for: most ask for one, which needs no array of its own.
    enum Keys: Sendable {
        case one(any Sendable)
        case list([any Sendable])
    }

    let loader: any ErasedBatchLoader
    let keys: Keys
    let transform: (@Sendable ((any Sendable)?) throws -> (any Sendable)?)?

    /// A request whose value is `transform` applied to this one's.
    public func map(_ transform: @escaping @Sendable ((any Sendable)?) throws -> (any Sendable)?) -> LoadRequest {
        let previous = self.transform
        let chained: @Sendable ((any Sendable)?) throws -> (any Sendable)? =
            if let previous { { try transform(try previous($0)) } } else { transform }
        return LoadRequest(loader: loader, keys: keys, transform: chained)
    }

    /// How many keys this request adds to its batch.
    var keyCount: Int {
        switch keys {
        case .one: 1
        case .list(let list): list.count
        }
    }

    /// Appends this request's keys to a batch's.
    func appendKeys(to batch: inout [any Sendable]) {
        switch keys {
        case .one(let key): batch.append(key)
        case .list(let list): batch.append(contentsOf: list)
        }
    }

    /// The value of this request from the batch's answers to its own keys, in their order.
    func value(from answers: ArraySlice<(any Sendable)?>) throws -> (any Sendable)? {
        let loaded: (any Sendable)? = switch keys {
        case .one: answers[answers.startIndex]
        case .list: Array(answers)
        }
        return try transform.map { try $0(loaded) } ?? loaded
    }
}

/// The loader behind a ``LoadRequest``, with its key and value types erased.
protocol ErasedBatchLoader: AnyObject, Sendable {
    /// Loads all `keys` (deduplicated) with one call of the batch function and answers
    /// each key by position: its value, or `nil` when the batch did not answer it.
    ///
    /// By position, not in a dictionary keyed by the erased keys: each key of a request
    /// was boxed in an `AnyHashable` and hashed again to find its answer, about 3% of
    /// the friends query's CPU time (issue 17).
    func loadBatch(_ keys: [any Sendable]) async throws -> [(any Sendable)?]
}

extension BatchLoader: ErasedBatchLoader {
    func loadBatch(_ keys: [any Sendable]) async throws -> [(any Sendable)?] {
        try await erasedLoad(keys)
    }
}
