/// Polls `condition` until it holds, for a state that announces no event of its own
/// (a gauge, a count); throws `TimedOut` once `limit` has passed instead of polling forever.
public func waitUntil(
    _ limit: Duration = eventTimeout, fileID: String = #fileID, line: Int = #line,
    _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + limit
    while try await !condition() {
        guard ContinuousClock.now < deadline else { throw TimedOut(limit: limit, place: "\(fileID):\(line)") }
        try await Task.sleep(for: .milliseconds(10))
    }
}
