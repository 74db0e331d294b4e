import GraphQLExecution

package extension ExecutableSchemaBuilder where Context == QuarryContext {
    /// Binds an asynchronous domain resolver whose thrown errors become field
    /// errors through ``ErrorMasking/fieldError(_:)``: client errors keep their
    /// code, a database outage becomes `DATABASE_UNAVAILABLE`, the rest is masked.
    mutating func resolveDomain(
        _ typeName: String, _ fieldName: String,
        _ resolve: @escaping @Sendable (ResolveInfo<QuarryContext>) async throws -> (any Sendable)?
    ) {
        resolveAsync(typeName, fieldName) { info in
            do {
                return try await resolve(info)
            } catch {
                throw ErrorMasking.fieldError(error)
            }
        }
    }
}
