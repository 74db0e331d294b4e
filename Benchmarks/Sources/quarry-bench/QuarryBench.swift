import Foundation
import GraphQLLanguage
import GraphQLType

// Quarry's engine on workloads W0-W4 of ../shared/bench/workloads/README.md, with
// the peers' timing method, options and output columns (../shared/bench/peers).
//
//   swift build -c release --package-path Benchmarks
//   Benchmarks/.build/release/quarry-bench [--workloads DIR] [--only W1a,W3] [--json OUT] ...

/// One timed operation: returns a number derived from its result (folded into a checksum).
struct Workload {
    let id: String
    let name: String
    let bytes: Int?
    let operation: () async throws -> Int
}

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
}

@main
struct QuarryBench {
    static func main() async {
        do {
            try await run(try Options(CommandLine.arguments))
        } catch {
            FileHandle.standardError.write(Data("quarry-bench: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run(_ options: Options) async throws {
        let inputs = try Inputs(directory: options.workloads)
        let setupStart = clockNanoseconds(CLOCK_MONOTONIC)
        let schema = try buildSchema(sdl: inputs.schemaSDL)
        let setupMilliseconds = Double(clockNanoseconds(CLOCK_MONOTONIC) - setupStart) / 1e6

        // Correctness checks before anything is timed; any failure ends the run.
        let largeDocument = try Parser.parse(inputs.large)
        let introspectionDocument = try Parser.parse(inputs.introspection)
        let largeBytes = Array(inputs.large.utf8)
        let tokenCount = largeBytes.withUnsafeBufferPointer { scanTokenCount($0) }
        print("# Quarry GraphQL engine, \(compilerDescription), setup \(Int(setupMilliseconds)) ms, \(schema.types.count) types")
        print("# check: large.graphql parses (\(largeDocument.definitions.count) definitions); "
            + "introspection.graphql parses (\(introspectionDocument.definitions.count) definitions)")
        print("# check: W0c minimal tokenizer counts \(tokenCount) tokens in large.graphql")
        guard tokenCount == 5328, largeDocument.definitions.count == 80 else {
            throw BenchFailure(description: "large.graphql: expected 5328 tokens and 80 definitions")
        }
        if options.checkOnly { return }

        let table = tokenishTable
        let workloads: [Workload] = [
            Workload(id: "W0a", name: "scan large.graphql: byte sum", bytes: largeBytes.count) {
                largeBytes.withUnsafeBufferPointer { scanByteSum($0) }
            },
            Workload(id: "W0b", name: "scan large.graphql: token-ish classes", bytes: largeBytes.count) {
                largeBytes.withUnsafeBufferPointer { bytes in
                    table.withUnsafeBufferPointer { scanTokenish(bytes, table: $0) }
                }
            },
            Workload(id: "W0c", name: "scan large.graphql: minimal tokenizer", bytes: largeBytes.count) {
                largeBytes.withUnsafeBufferPointer { scanTokenCount($0) }
            },
            Workload(id: "W1a", name: "parse large.graphql", bytes: largeBytes.count) {
                try Parser.parse(source: Source(body: inputs.large)).definitions.count
            },
            Workload(id: "W1b", name: "parse introspection.graphql", bytes: inputs.introspection.utf8.count) {
                try Parser.parse(source: Source(body: inputs.introspection)).definitions.count
            },
        ]

        print(Table.header())
        var rows: [ResultRow] = []
        var checksum = 0
        for workload in workloads where options.only.isEmpty || options.only.contains(workload.id) {
            let samples = try await measure(
                warmup: options.warmup, time: options.time, minIterations: options.minIterations, workload.operation
            )
            checksum &+= samples.checksum
            let row = ResultRow(id: workload.id, name: workload.name, bytes: workload.bytes, samples: samples)
            rows.append(row)
            print(Table.line(row))
            fflush(nil)  // every output stream; `stdout` is a global var Swift 6 rejects
        }
        blackHole(checksum)
        if let path = options.json {
            let report = RunReport(
                engine: "Quarry", version: "main", runtime: compilerDescription,
                feed_response_bytes: 0, introspection_response_bytes: 0,
                warmup_s: options.warmup, time_s: options.time, min_iters: options.minIterations, results: rows
            )
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted]
            try encoder.encode(report).write(to: URL(fileURLWithPath: path))
        }
    }
}

/// The workload files, read before anything is timed.
struct Inputs {
    let directory: URL
    let schemaSDL: String
    let large: String
    let introspection: String
    let feed: String
    let feedVariables: Data

    init(directory path: String) throws {
        let directory = URL(fileURLWithPath: path)
        func text(_ name: String) throws -> String {
            String(decoding: try Data(contentsOf: directory.appendingPathComponent(name)), as: UTF8.self)
        }
        self.directory = directory
        schemaSDL = try text("schema.graphql")
        large = try text("queries/large.graphql")
        introspection = try text("queries/introspection.graphql")
        feed = try text("queries/feed.graphql")
        feedVariables = try Data(contentsOf: directory.appendingPathComponent("queries/feed.variables.json"))
    }

    func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }
}

#if compiler(>=6.3)
    let compilerDescription = "Swift compiler >= 6.3, release build"
#else
    let compilerDescription = "Swift compiler < 6.3, release build"
#endif
