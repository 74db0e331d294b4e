import AppCore
import Logging

extension GraphQLService {
    /// Resolves the document a request names (its text, or a hash: automatic
    /// persisted queries and trusted documents), then parses and validates it
    /// as ``prepare(query:operationName:)`` does.
    ///
    /// - A hash is looked up in the trusted documents' manifest (unless
    ///   `QUARRY_TRUSTED_DOCUMENTS=off`), then in the persisted documents
    ///   (unless `only`); unknown: `PERSISTED_QUERY_NOT_FOUND` (`only`:
    ///   `PERSISTED_QUERY_NOT_ALLOWED`).
    /// - A hash with its text registers it: the text must hash to it
    ///   (`PERSISTED_QUERY_HASH_MISMATCH`, nothing stored) and must parse and
    ///   validate (the usual errors, nothing stored). A manifest document is not
    ///   stored again; in `only` mode nothing is stored.
    /// - In `only` mode a text runs when it is a manifest document, or when it
    ///   selects only introspection while introspection is on.
    public func prepare(
        _ source: DocumentSource, operationName: String?, logger: Logger
    ) async -> Result<PreparedOperation, PreparationFailure> {
        switch source {
        case .text(let text):
            return prepareText(text, operationName: operationName)
        case .persistedQuery(let hash, let text?):
            guard DocumentHash.sha256(text) == hash else { return .failure(PersistedDocumentErrors.hashMismatch) }
            if trustedDocuments.mode == .only || trustedDocuments.document(for: hash) != nil {
                return prepareText(text, operationName: operationName)
            }
            let prepared = prepare(query: text, operationName: operationName)
            guard case .success = prepared else { return prepared }
            do {
                try await persistedDocuments.register(text, hash: hash)
            } catch {
                // The document is valid: run it now; the client registers it again on its next miss.
                logger.warning("a persisted query could not be stored", metadata: ["hash": "\(hash)", "error": "\(error)"])
            }
            return prepared
        case .persistedQuery(let hash, nil), .documentID(let hash):
            if let trusted = trustedDocuments.document(for: hash) {
                return prepare(query: trusted, operationName: operationName)
            }
            guard trustedDocuments.mode != .only else { return .failure(PersistedDocumentErrors.notAllowed) }
            let text: String?
            do {
                text = try await persistedDocuments.text(for: hash)
            } catch {
                // No credential is read before the document: the request id is the one the HTTP layer logs with.
                let scope = ErrorScope(
                    logger: logger, reporter: errorReporter, requestID: logger[metadataKey: "request_id"].map { "\($0)" },
                    operationName: operationName
                )
                return .failure(PreparationFailure(errors: ErrorMasking.masked([ErrorMasking.fieldError(error)], in: scope)))
            }
            guard let text else { return .failure(PersistedDocumentErrors.notFound) }
            return prepare(query: text, operationName: operationName)
        }
    }

    /// A document sent as text; in `only` mode, refused unless it is in the
    /// manifest or (introspection being on) selects only introspection.
    private func prepareText(_ text: String, operationName: String?) -> Result<PreparedOperation, PreparationFailure> {
        guard trustedDocuments.mode == .only, trustedDocuments.document(for: DocumentHash.sha256(text)) == nil else {
            return prepare(query: text, operationName: operationName)
        }
        guard introspection else { return .failure(PersistedDocumentErrors.notAllowed) }
        let prepared = prepare(query: text, operationName: operationName)
        guard case .success(let operation) = prepared, operation.document.isIntrospectionOnly else {
            return .failure(PersistedDocumentErrors.notAllowed)
        }
        return prepared
    }
}
