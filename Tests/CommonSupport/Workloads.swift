import Foundation

/// The engine benchmark's workload files (`Benchmarks/workloads`: the Snapfeed schema,
/// its documents, the dataset and graphql-core's expected results), which the engine
/// tests read too. They are the repository's own copy, so a clone tests alone.
public enum Workloads {
    /// `Benchmarks/workloads`, found from this file's path (`Tests/CommonSupport/` is two
    /// folders below the repository root) so that any working directory will do.
    public static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Benchmarks/workloads")

    public static func text(_ name: String) throws -> String {
        try String(contentsOf: try url(name), encoding: .utf8)
    }

    public static func data(_ name: String) throws -> Data {
        try Data(contentsOf: try url(name))
    }

    public static func bytes(_ name: String) throws -> [UInt8] {
        Array(try data(name))
    }

    /// A file of the folder; `data.json` is generated first when it is missing.
    public static func url(_ name: String) throws -> URL {
        if name == "data.json" { try dataset.get() }
        return directory.appendingPathComponent(name)
    }

    /// `data.json` (10 MB) is not committed: `gen_data.py` writes it byte for byte
    /// (a fixed seed) in about a second. Generated once per process, under a temporary
    /// name then renamed, so a test process running beside this one never reads half a file.
    private static let dataset = Result<Void, any Error> {
        let target = directory.appendingPathComponent("data.json")
        guard !FileManager.default.fileExists(atPath: target.path) else { return }
        let partial = directory.appendingPathComponent("data.json.\(ProcessInfo.processInfo.processIdentifier).partial")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", directory.appendingPathComponent("gen_data.py").path, "-o", partial.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            try? FileManager.default.removeItem(at: partial)
            throw GenerationFailed(description: "Benchmarks/workloads/gen_data.py exited with status \(process.terminationStatus)")
        }
        guard rename(partial.path, target.path) == 0 else {
            throw GenerationFailed(description: "could not rename \(partial.path) to data.json: errno \(errno)")
        }
    }

    struct GenerationFailed: Error, CustomStringConvertible {
        let description: String
    }
}
