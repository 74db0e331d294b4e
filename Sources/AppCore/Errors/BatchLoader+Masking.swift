import GraphQLExecution

package extension BatchLoader {
    /// The one way an area makes a loader: its batch's failures become field
    /// errors exactly as a domain resolver's do (``ErrorMasking/fieldError(_:)``):
    /// client errors keep their code, a database outage is `DATABASE_UNAVAILABLE`,
    /// the rest is masked.
    convenience init(masking batch: @escaping Batch) {
        self.init { keys in
            do {
                return try await batch(keys)
            } catch {
                throw ErrorMasking.fieldError(error)
            }
        }
    }
}
