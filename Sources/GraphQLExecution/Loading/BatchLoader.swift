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

    let batch: Batch

    public init(_ batch: @escaping Batch) {
        self.batch = batch
    }

    /// A pending value for one key: `Value`, or `null` when the batch did not answer the key.
    public func load(_ key: Key) -> LoadRequest {
        LoadRequest(loader: self, keys: [key], isList: false, transform: nil)
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
        LoadRequest(loader: self, keys: keys, isList: true, transform: nil)
    }
}

/// A value a resolver will have once a batch is loaded: returned by a synchronous
/// resolver, it makes the field wait for its loader's next batch. ``map(_:)`` turns
/// the loaded value into the field's value (which may itself be a `LoadRequest`).
public struct LoadRequest: Sendable {
    let loader: any ErasedBatchLoader
    let keys: [any Sendable]
    let isList: Bool
    let transform: (@Sendable ((any Sendable)?) throws -> (any Sendable)?)?

    /// A request whose value is `transform` applied to this one's.
    public func map(_ transform: @escaping @Sendable ((any Sendable)?) throws -> (any Sendable)?) -> LoadRequest {
        let previous = self.transform
        let chained: @Sendable ((any Sendable)?) throws -> (any Sendable)? =
            if let previous { { try transform(try previous($0)) } } else { transform }
        return LoadRequest(loader: loader, keys: keys, isList: isList, transform: chained)
    }

    /// The value of this request from a batch's answer.
    func value(from answers: [AnyKeyBox: any Sendable]) throws -> (any Sendable)? {
        let loaded: (any Sendable)?
        if isList {
            loaded = keys.map { answers[loader.box($0)] } as [(any Sendable)?]
        } else {
            loaded = answers[loader.box(keys[0])]
        }
        return try transform.map { try $0(loaded) } ?? loaded
    }
}

/// A key wrapped for a dictionary of any key type.
struct AnyKeyBox: Hashable, Sendable {
    let base: AnyHashableSendable
}

/// `AnyHashable` is not `Sendable`; this wrapper only ever holds `Sendable` keys.
struct AnyHashableSendable: Hashable, @unchecked Sendable {
    // Sound: it is built only from values of a `Hashable & Sendable` key type (see
    // `BatchLoader.box`), and `AnyHashable` adds no shared mutable state.
    let value: AnyHashable
}

/// The loader behind a ``LoadRequest``, with its key and value types erased.
protocol ErasedBatchLoader: AnyObject, Sendable {
    func box(_ key: any Sendable) -> AnyKeyBox
    /// Loads all `keys` (deduplicated) with one call of the batch function.
    func loadBatch(_ keys: [any Sendable]) async throws -> [AnyKeyBox: any Sendable]
}

extension BatchLoader: ErasedBatchLoader {
    func box(_ key: any Sendable) -> AnyKeyBox {
        AnyKeyBox(base: AnyHashableSendable(value: AnyHashable(key as! Key)))
    }

    func loadBatch(_ keys: [any Sendable]) async throws -> [AnyKeyBox: any Sendable] {
        var seen = Set<Key>()
        var unique: [Key] = []
        for key in keys {
            let typed = key as! Key
            if seen.insert(typed).inserted { unique.append(typed) }
        }
        let answers = try await batch(unique)
        var boxed: [AnyKeyBox: any Sendable] = [:]
        boxed.reserveCapacity(answers.count)
        for (key, value) in answers {
            boxed[AnyKeyBox(base: AnyHashableSendable(value: AnyHashable(key)))] = value
        }
        return boxed
    }
}
