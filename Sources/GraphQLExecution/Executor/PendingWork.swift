import GraphQLLanguage
import GraphQLType

/// What a child task hands back to the executing task.
enum WorkResult: Sendable {
    /// An awaited resolver's value, for continuation `id`.
    case field(id: Int, Result<(any Sendable)?, any Error>)
    /// A batch's answers, for the waiting requests.
    case batch(requests: [WaitingLoad], Result<[(any Sendable)?], any Error>)
}

/// A load request and the continuation waiting for it.
struct WaitingLoad: Sendable {
    let continuation: Int
    let request: LoadRequest
}

extension ExecutionState {
    /// Runs the waiting work until none is left: awaited resolvers start at once, all
    /// as children of one task group (so sibling async fields run concurrently);
    /// loads are dispatched, one batch per loader, each time the executing task has
    /// completed everything that was ready, which groups the keys of one level.
    /// Arriving values are completed here, on the executing task, which may queue
    /// more work.
    ///
    /// While there is exactly one piece of work (one awaited root field such as a
    /// statement's result, one batch per level) it is awaited right here instead: a child
    /// task would cost a hand-off to another thread and back, for no concurrency.
    func runPendingWork() async {
        while let single = takeSingleWork() {
            complete(await single())
        }
        if asyncWork.isEmpty, loadOrder.isEmpty { return }
        await withTaskGroup(of: WorkResult.self) { group in
            var running = 0
            while true {
                for work in asyncWork {
                    group.addTask(operation: Self.operation(of: work))
                    running += 1
                }
                asyncWork.removeAll()
                for loaderID in loadOrder {
                    guard let waiting = loadGroups[loaderID] else { continue }
                    group.addTask(operation: Self.operation(of: waiting))
                    running += 1
                }
                loadGroups.removeAll(keepingCapacity: true)
                loadOrder.removeAll(keepingCapacity: true)
                guard running > 0, let result = await group.next() else { break }
                running -= 1
                complete(result)
            }
        }
    }

    /// The only piece of work waiting, taken off the lists; `nil` when there are none or several.
    private func takeSingleWork() -> (@Sendable () async -> WorkResult)? {
        if asyncWork.count == 1, loadGroups.isEmpty {
            loadOrder.removeAll(keepingCapacity: true)
            return Self.operation(of: asyncWork.removeFirst())
        }
        if asyncWork.isEmpty, loadGroups.count == 1, let waiting = loadGroups.values.first {
            loadGroups.removeAll(keepingCapacity: true)
            loadOrder.removeAll(keepingCapacity: true)
            return Self.operation(of: waiting)
        }
        return nil
    }

    /// An awaited resolver as work that reports its value (or error) for its continuation.
    private static func operation(of work: AsyncWork) -> @Sendable () async -> WorkResult {
        let run = work.run
        let id = work.continuation
        return {
            do {
                return .field(id: id, .success(try await run()))
            } catch {
                return .field(id: id, .failure(error))
            }
        }
    }

    /// One loader's batch over the keys of every waiting request, as work.
    private static func operation(of waiting: LoadGroup) -> @Sendable () async -> WorkResult {
        let loader = waiting.loader
        let requests = waiting.requests.map { WaitingLoad(continuation: $0.continuation, request: $0.request) }
        var batch: [any Sendable] = []
        batch.reserveCapacity(requests.count)
        for waiting in requests { waiting.request.appendKeys(to: &batch) }
        let keys = batch
        return {
            do {
                return .batch(requests: requests, .success(try await loader.loadBatch(keys)))
            } catch {
                return .batch(requests: requests, .failure(error))
            }
        }
    }

    private func complete(_ result: WorkResult) {
        switch result {
        case .field(let id, let value):
            resume(id, with: value)
        case .batch(let requests, .success(let answers)):
            var first = 0
            for waiting in requests {
                let end = first + waiting.request.keyCount
                let value = Result { try waiting.request.value(from: answers[first..<end]) }
                first = end
                resume(waiting.continuation, with: value)
            }
        case .batch(let requests, .failure(let error)):
            for waiting in requests {
                resume(waiting.continuation, with: .failure(error))
            }
        }
    }
}
