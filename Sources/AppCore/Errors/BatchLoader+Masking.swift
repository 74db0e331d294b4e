import GraphQLExecution

extension BatchLoader {
    /// The one way an area makes a loader: its batch's failures become field
    /// errors exactly as a domain resolver's do (``ErrorMasking/fieldError(_:)``):
    /// client errors keep their code, a database outage is `DATABASE_UNAVAILABLE`,
    /// the rest is masked.
    ///
    /// Public and inlinable, as `BatchLoader.init` is, so that the loader's key handling is
    /// specialized in the area that makes it (ARCHITECTURE.md: generic code run for every
    /// row or key); the masking itself is out of line.
    @inlinable public convenience init(masking batch: @escaping Batch) {
        self.init(Self.masking(batch))
    }

    /// `batch` with its failures turned into field errors.
    @usableFromInline static func masking(_ batch: @escaping Batch) -> Batch {
        { keys in
            do {
                return try await batch(keys)
            } catch {
                throw ErrorMasking.fieldError(error)
            }
        }
    }
}
