import ArgumentParser
import Foundation
import GraphQLLanguage

/// `quarry graphql …`: tools for GraphQL documents and schemas that work with any
/// schema, not only Quarry's, e.g. to check a client's queries in its CI.
struct GraphQLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graphql",
        abstract: "Parse, validate, print and hash GraphQL documents and schemas (any schema).",
        subcommands: [ParseDocument.self, ValidateDocument.self, PrintSchemaFiles.self, HashDocuments.self]
    )

    /// `quarry graphql parse FILE`: the canonical print, or the syntax error as JSON.
    struct ParseDocument: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "parse",
            abstract: "Print a document in canonical form, or its syntax error as JSON (exit 1).")

        @Argument(help: "A GraphQL document (executable or SDL).")
        var file: String

        func run() throws {
            try finish(GraphQLTool.parse(try readSource(file)))
        }
    }

    /// `quarry graphql validate --schema SDL_FILE... FILE`: `[]`, or the errors as JSON.
    struct ValidateDocument: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Validate a document against a schema; print the errors as JSON [{message, locations}].",
            discussion: "Exit status: 0 valid, 1 invalid (or a syntax error), 2 when the schema itself is invalid.")

        @Option(name: .long, parsing: .upToNextOption, help: "SDL files of the schema (extensions across files apply).")
        var schema: [String]

        @Argument(help: "The GraphQL document to validate (the last file named when it follows --schema's files).")
        var file: String?

        func run() throws {
            // `--schema a.graphql b.graphql query.graphql`: the option takes every file up to
            // the next option, so the document is the last of them.
            var schemaFiles = schema
            guard let document = file ?? (schemaFiles.count > 1 ? schemaFiles.removeLast() : nil) else {
                throw ValidationError("Name the document to validate: quarry graphql validate --schema SDL_FILE... FILE")
            }
            try finish(GraphQLTool.validate(schema: try schemaFiles.map(readSource), document: try readSource(document)))
        }
    }

    /// `quarry graphql print-schema --schema SDL_FILE...`: the merged schema as SDL.
    struct PrintSchemaFiles: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "print-schema",
            abstract: "Print the schema built from SDL files, in graphql-js printSchema form.")

        @Option(name: .long, parsing: .upToNextOption, help: "SDL files of the schema.")
        var schema: [String]

        func run() throws {
            try finish(GraphQLTool.printSchema(try schema.map(readSource)))
        }
    }
}

extension GraphQLCommand {
    /// `quarry graphql hash FILE...`: the trusted documents' manifest of the files.
    struct HashDocuments: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "hash",
            abstract: "Print the trusted documents' manifest {\"<sha256>\": \"<document>\"} of GraphQL documents.",
            discussion: """
                One document per file. Each key is the SHA-256 (lower-case hex) of the file's exact bytes: \
                nothing is trimmed or normalised, so a trailing newline is kept in the text and in the hash \
                (clients hash exactly the text they send, as Relay does). The keys are sorted; identical files give one entry. The output is what \
                QUARRY_TRUSTED_DOCUMENTS_MANIFEST reads, and clients send a document by its key \
                (extensions.persistedQuery.sha256Hash, or documentId "sha256:<key>"). \
                A file that cannot be read, is not UTF-8 or does not parse is named on standard error (exit 1).
                """)

        @Argument(help: "GraphQL documents, one per file.")
        var files: [String]

        func validate() throws {
            guard !files.isEmpty else { throw ValidationError("Name at least one document: quarry graphql hash FILE...") }
        }

        func run() throws {
            let read = try files.map { path -> (path: String, bytes: [UInt8]) in
                guard let data = FileManager.default.contents(atPath: path) else { throw ValidationError("Cannot read \(path).") }
                return (path: path, bytes: Array(data))
            }
            try finish(GraphQLTool.hash(read))
        }
    }
}

/// Reads a file as a `Source` named after its path, so errors can say where they are.
private func readSource(_ path: String) throws -> Source {
    guard let data = FileManager.default.contents(atPath: path) else {
        throw ValidationError("Cannot read \(path).")
    }
    return Source(bytes: Array(data), name: path)
}

/// Prints the tool's output (to stderr when it failed before reaching the document) and exits with its status.
private func finish(_ outcome: GraphQLTool.Outcome) throws {
    if outcome.toStandardError {
        FileHandle.standardError.write(Data((outcome.output + "\n").utf8))
    } else {
        print(outcome.output)
    }
    if outcome.exitCode != 0 { throw ExitCode(outcome.exitCode) }
}
