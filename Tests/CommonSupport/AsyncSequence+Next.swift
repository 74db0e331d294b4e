extension AsyncSequence where Self: Sendable, Element: Sendable {
    /// The next element (nil once the sequence has ended), waited for at most `limit`.
    /// It is read through a new iterator: the iterators of an `AsyncStream` or
    /// `AsyncThrowingStream` share its buffer, so successive calls read successive elements.
    public func next(
        within limit: Duration = eventTimeout, fileID: String = #fileID, line: Int = #line
    ) async throws -> Element? {
        try await withTimeout(limit, fileID: fileID, line: line) {
            var iterator = self.makeAsyncIterator()
            return try await iterator.next()
        }
    }
}
