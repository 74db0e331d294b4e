import App
import GraphQLExecution
import GraphQLLanguage

extension GraphQLTool {
    /// The trusted documents' manifest of the documents: `{"<sha256>": "<text>"}`
    /// with the keys sorted, one entry a line — the format Relay and GraphQL
    /// Codegen emit and `QUARRY_TRUSTED_DOCUMENTS_MANIFEST` reads. Each file's
    /// text is hashed byte for byte (a trailing newline is kept): clients hash
    /// exactly the text they send, as Relay does, so the key is the one a client
    /// computes when it sends this file's text. A file
    /// that is not UTF-8 or does not parse stops the command, named on standard
    /// error, with exit status 1.
    static func hash(_ files: [(path: String, bytes: [UInt8])]) -> Outcome {
        var documents: [String: String] = [:]
        for file in files {
            guard let text = String(validating: file.bytes, as: UTF8.self) else {
                return Outcome(output: "\(file.path): not UTF-8 text", exitCode: 1, toStandardError: true)
            }
            do {
                _ = try Parser.parse(source: Source(bytes: file.bytes, name: file.path))
            } catch {
                let at = error.locations.first.map { " (line \($0.line), column \($0.column))" } ?? ""
                return Outcome(output: "\(file.path): \(error.message)\(at)", exitCode: 1, toStandardError: true)
            }
            documents[DocumentHash.sha256(text)] = text
        }
        var writer = JSONWriter(capacity: 256)
        writer.raw("{")
        for (index, (hash, text)) in documents.sorted(by: { $0.key < $1.key }).enumerated() {
            writer.raw(index == 0 ? "\n  " : ",\n  ")
            writer.string(hash)
            writer.raw(": ")
            writer.string(text)
        }
        writer.raw(documents.isEmpty ? "}" : "\n}")
        return Outcome(output: String(decoding: writer.bytes, as: UTF8.self), exitCode: 0)
    }
}
