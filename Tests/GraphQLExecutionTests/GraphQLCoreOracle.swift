import Foundation

/// Runs a Python script with graphql-core 3.2.8 (the Python port of graphql-js), the
/// oracle these tests compare against; its answers are computed at test time. Inputs
/// travel as files, named in `sys.argv[1:]`.
enum GraphQLCoreOracle {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func run(_ script: String, inputs: [String]) throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("quarry-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for (index, input) in inputs.enumerated() {
            let url = directory.appendingPathComponent("input\(index)")
            try Data(input.utf8).write(to: url)
            paths.append(url.path)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + paths
        let output = directory.appendingPathComponent("stdout")
        let errors = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "python3 failed: " + (try String(contentsOf: errors, encoding: .utf8)))
        }
        var text = try String(contentsOf: output, encoding: .utf8)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// graphql-core's whole response to `query` on the schema built from `sdl` (no
    /// resolvers: introspection only), as compact JSON.
    static func execute(sdl: String, query: String) throws -> String {
        try run(
            """
            import json, sys
            from graphql import build_schema, graphql_sync
            sdl, query = (open(p, encoding="utf-8").read() for p in sys.argv[1:3])
            result = graphql_sync(build_schema(sdl), query)
            out = {"data": result.data}
            if result.errors:
                out["errors"] = [e.formatted for e in result.errors]
            print(json.dumps(out, ensure_ascii=False, separators=(",", ":")))
            """, inputs: [sdl, query])
    }
}
