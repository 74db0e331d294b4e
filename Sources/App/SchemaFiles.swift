import GraphQLLanguage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The SDL files of `schema/`, one per area: the single source of the API's shape.
public enum SchemaFiles {
    /// Every `*.graphql` file of `directory`, sorted by name, as parser sources
    /// named after their file (so errors point at the right file).
    public static func load(directory: String) throws -> [Source] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasSuffix(".graphql") }
            .sorted()
        guard !names.isEmpty else { throw SchemaFilesError(directory: directory) }
        return try names.map { name in
            let path = directory + "/" + name
            return Source(body: try String(contentsOfFile: path, encoding: .utf8), name: "schema/" + name)
        }
    }

    /// The schema directory of this source tree: `schema/` beside `Package.swift`,
    /// found from a source file's path (for tests and tools run from the checkout).
    public static func directory(besideSourceFile file: String = #filePath) -> String {
        var url = URL(fileURLWithPath: file)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url.appendingPathComponent("schema").path
            }
        }
        return "schema"
    }
}

/// No SDL file where the schema should be.
public struct SchemaFilesError: Error, CustomStringConvertible {
    public let directory: String
    public var description: String { "no *.graphql schema files in \(directory)" }
}
