import App
import GraphQLExecution
import GraphQLType

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Persisted documents' part of the configuration (issue 11; README lists
/// every variable): the bound on automatic persisted queries, and the
/// trusted documents' mode and manifest.
public struct PersistedDocumentsConfiguration: Sendable, Equatable {
    /// Most automatic persisted queries kept in the database (`QUARRY_PERSISTED_QUERIES_MAX`).
    public var persistedQueriesMax: Int
    /// `QUARRY_TRUSTED_DOCUMENTS` with the documents of `QUARRY_TRUSTED_DOCUMENTS_MANIFEST`.
    public var trustedDocuments: TrustedDocuments
    /// The manifest's path, when the mode reads one.
    public var manifestPath: String?

    static let modeVariable = "QUARRY_TRUSTED_DOCUMENTS"
    static let manifestVariable = "QUARRY_TRUSTED_DOCUMENTS_MANIFEST"
    static let variables = ["QUARRY_PERSISTED_QUERIES_MAX", modeVariable, manifestVariable]

    /// Reads the variables; with `allow` or `only`, reads the manifest and
    /// checks that every key is the SHA-256 of its document (the documents are
    /// parsed and validated when the GraphQL service is built, which needs the schema).
    init(_ env: EnvironmentReader, absolutePath: (String) -> String) throws {
        persistedQueriesMax = try env.integer(
            "QUARRY_PERSISTED_QUERIES_MAX", default: GraphQLService.Options.shipped.persistedQueriesMax, in: 1...10_000_000
        )
        let mode = try env.choice(Self.modeVariable, default: TrustedDocuments.Mode.off)
        guard mode != .off else {
            trustedDocuments = .off
            manifestPath = nil
            return
        }
        guard let path = env.raw(Self.manifestVariable).map(absolutePath) else {
            throw ConfigurationError(
                variable: Self.manifestVariable, value: "",
                expected: "the path of the trusted documents' manifest (JSON {\"<sha256>\": \"<document>\", …}), "
                    + "required with \(Self.modeVariable)=\(mode.rawValue)"
            )
        }
        manifestPath = path
        trustedDocuments = TrustedDocuments(mode: mode, documents: try Self.readManifest(path))
    }

    /// The manifest `{"<sha256 hex>": "<document text>", …}` that Relay
    /// (`--repersist`/persist output) and GraphQL Codegen's persisted documents
    /// emit, and `quarry graphql hash` prints.
    static func readManifest(_ path: String) throws -> [String: String] {
        func invalid(_ expected: String) -> ConfigurationError {
            ConfigurationError(variable: manifestVariable, value: path, expected: expected)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw invalid("a readable file (the trusted documents' manifest)")
        }
        guard let json = try? JSONReader.read(Array(data)), case .object(let object) = json else {
            throw invalid("a JSON object {\"<sha256>\": \"<document>\", …}")
        }
        var documents: [String: String] = [:]
        for (key, value) in object {
            guard case .string(let text) = value else {
                throw invalid("a JSON object of document texts; the entry \"\(key)\" is not a string")
            }
            let hash = DocumentHash.sha256(text)
            guard key.lowercased() == hash else {
                throw invalid("every key the SHA-256 of its document's exact text; \"\(key)\" does not match (its document hashes to \(hash))")
            }
            documents[hash] = text
        }
        return documents
    }
}
