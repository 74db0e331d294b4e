import Foundation
import Testing

/// ARCHITECTURE.md "Areas": in an area target (a `Sources/` folder whose code
/// imports AppCore, other than the App assembly), statements are written only
/// in Record, Queries and Changes files (or `Changes/` folders), so the
/// statement behind a field is where its file's role says. The expectation is
/// the written rule, not the code: a resolver or loader that gains a statement
/// fails here, naming the file.
@Suite("Layout of the area targets")
struct LayoutTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// The area targets: folders of `Sources` with a file importing AppCore, except the assembly and transport.
    static func areas() throws -> [URL] {
        let folders = try FileManager.default.contentsOfDirectory(at: sources, includingPropertiesForKeys: nil)
        return try folders.filter { folder in
            guard !["App", "AppCore", "Server", "quarry"].contains(folder.lastPathComponent) else { return false }
            return try swiftFiles(in: folder).contains { try String(contentsOf: $0, encoding: .utf8).contains(/(^|\n)import AppCore\n/) }
        }
    }

    static func swiftFiles(in folder: URL) throws -> [URL] {
        var files: [URL] = []
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = enumerator?.nextObject() as? URL {
            if file.pathExtension == "swift" { files.append(file) }
        }
        return files
    }

    /// Whether a file's role allows statements: `XRecord`, `XQueries`, `XChanges` (also `XQueries+Y`), or a `Changes/` folder.
    static func mayHoldStatements(_ file: URL) -> Bool {
        let role = file.deletingPathExtension().lastPathComponent.split(separator: "+")[0]
        return ["Record", "Queries", "Changes"].contains { role.hasSuffix($0) }
            || file.deletingLastPathComponent().lastPathComponent == "Changes"
    }

    /// A statement sent, or statement text: `.query(`, `.execute(`, or a DML keyword.
    static func holdsStatement(_ text: String) -> Bool {
        text.contains(/\.(query|execute)\(|\b(SELECT|INSERT INTO|UPDATE|DELETE FROM)\b/)
    }

    @Test("the areas are Accounts, Friends and ScreenCache, each a target of its own")
    func areasFound() throws {
        #expect(try Set(Self.areas().map(\.lastPathComponent)).isSuperset(of: ["Accounts", "Friends", "ScreenCache"]))
    }

    @Test("statements are written only in Record, Queries and Changes files")
    func statementsInTheirRoles() throws {
        var misplaced: [String] = []
        for area in try Self.areas() {
            for file in try Self.swiftFiles(in: area) where !Self.mayHoldStatements(file) {
                if Self.holdsStatement(try String(contentsOf: file, encoding: .utf8)) {
                    misplaced.append("\(area.lastPathComponent)/\(file.lastPathComponent)")
                }
            }
        }
        #expect(misplaced == [])
    }

    @Test("the rule sees a statement in a resolver file")
    func ruleDetectsAStatement() {
        let resolvers = URL(fileURLWithPath: "/x/Sources/Feed/FeedResolvers.swift")
        #expect(!Self.mayHoldStatements(resolvers))
        #expect(Self.holdsStatement("try await database.query(\"SELECT 1\")"))
        #expect(Self.mayHoldStatements(URL(fileURLWithPath: "/x/Sources/Feed/FeedQueries+Search.swift")))
        #expect(Self.mayHoldStatements(URL(fileURLWithPath: "/x/Sources/Accounts/Changes/SignUp.swift")))
    }
}
