import Foundation
import GraphQLExecution
import GraphQLLanguage
import GraphQLType
import GraphQLValidation

// Quarry's engine on workloads W0-W4 of Benchmarks/workloads/README.md, with
// the peers' timing method, options and output columns (the peer engines of run.sh).
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
        guard case .object(let feedVariables) = try JSONReader.read(Array(inputs.feedVariables)) else {
            throw BenchFailure(description: "feed.variables.json is not an object")
        }
        let setupStart = clockNanoseconds(CLOCK_MONOTONIC)
        let store = try FeedStore(json: try inputs.data("data.json"))
        let schema = try buildSchema(sdl: inputs.schemaSDL)
        let executable = try makeExecutableSchema(schema, store: store)
        let setupMilliseconds = Double(clockNanoseconds(CLOCK_MONOTONIC) - setupStart) / 1e6
        let context = BenchContext()

        // Correctness checks before anything is timed; any failure ends the run.
        let largeDocument = try Parser.parse(inputs.large)
        let introspectionDocument = try Parser.parse(inputs.introspection)
        let feedDocument = try Parser.parse(inputs.feed)
        for (name, document) in [("large", largeDocument), ("introspection", introspectionDocument), ("feed", feedDocument)] {
            let errors = validate(schema: schema, document: document)
            guard errors.isEmpty else {
                throw BenchFailure(description: "\(name).graphql does not validate: \(errors.prefix(3))")
            }
        }
        @Sendable func executeFeed() async -> [UInt8] {
            await executable.execute(document: feedDocument, variables: feedVariables, context: context).jsonBytes()
        }
        @Sendable func feedEndToEnd() async throws -> [UInt8] {
            let document = try Parser.parse(source: Source(body: inputs.feed))
            let errors = validate(schema: schema, document: document)
            guard errors.isEmpty else { return ExecutionResult(requestErrors: errors).jsonBytes() }
            return await executable.execute(document: document, variables: feedVariables, context: context).jsonBytes()
        }
        let documentCache = DocumentCache(schema: schema)
        /// The server's path: a cached parsed and validated document, then execution.
        @Sendable func feedThroughCache() async throws -> [UInt8] {
            switch documentCache.document(for: inputs.feed) {
            case .success(let document):
                return await executable.execute(document: document, variables: feedVariables, context: context).jsonBytes()
            case .failure(let failure):
                return ExecutionResult(requestErrors: failure.errors).jsonBytes()
            }
        }
        @Sendable func executeIntrospection() async -> [UInt8] {
            await executable.execute(document: introspectionDocument, context: context).jsonBytes()
        }
        let feedBytes = await executeFeed()
        let endToEndBytes = try await feedEndToEnd()
        let cachedPathBytes = try await feedThroughCache()
        let introspectionBytes = await executeIntrospection()
        let expectedBytes = Array(try inputs.data("expected_feed.json"))
        let expected = try JSONReader.read(expectedBytes)
        let feedOK = try JSONReader.read(feedBytes) == expected && JSONReader.read(endToEndBytes) == expected
            && JSONReader.read(cachedPathBytes) == expected
        let introspectionValue = try JSONReader.read(introspectionBytes)
        let introspectionOK = introspectionValue["errors"] == nil && introspectionValue["data"]?["__schema"] != nil
        if let directory = options.dumpDirectory {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(feedBytes).write(to: URL(fileURLWithPath: directory).appendingPathComponent("feed.json"))
            try Data(introspectionBytes).write(
                to: URL(fileURLWithPath: directory).appendingPathComponent("introspection.json"))
        }
        let largeBytes = Array(inputs.large.utf8)
        let tokenCount = largeBytes.withUnsafeBufferPointer { scanTokenCount($0) }
        print("# Quarry GraphQL engine, \(compilerDescription), setup \(Int(setupMilliseconds)) ms")
        print("# check: feed result \(feedOK ? "== expected_feed.json" : "DIFFERS from expected_feed.json") "
            + "(\(feedBytes.count) bytes\(feedBytes == expectedBytes ? ", byte-identical" : "")); "
            + "introspection \(introspectionOK ? "ok" : "HAS ERRORS") (\(introspectionBytes.count) bytes)")
        print("# check: large.graphql parses (\(largeDocument.definitions.count) definitions), valid")
        print("# check: W0c minimal tokenizer counts \(tokenCount) tokens in large.graphql")
        guard feedOK, introspectionOK else {
            print(String(decoding: feedBytes.prefix(600), as: UTF8.self))
            throw BenchFailure(description: "results differ from the expected ones; nothing was timed")
        }
        guard tokenCount == 5328 else {
            throw BenchFailure(description: "W0c counted \(tokenCount) tokens in large.graphql, expected 5328")
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
            Workload(id: "W2a", name: "validate introspection", bytes: nil) {
                validate(schema: schema, document: introspectionDocument).count
            },
            Workload(id: "W2b", name: "validate feed", bytes: nil) {
                validate(schema: schema, document: feedDocument).count
            },
            Workload(id: "W3", name: "execute feed + JSON", bytes: nil) {
                await executeFeed().count
            },
            Workload(id: "W3e", name: "parse+validate+execute feed + JSON", bytes: nil) {
                try await feedEndToEnd().count
            },
            Workload(id: "W3c", name: "DocumentCache hit + execute feed + JSON (extra)", bytes: nil) {
                try await feedThroughCache().count
            },
            Workload(id: "W4", name: "execute introspection + JSON", bytes: nil) {
                await executeIntrospection().count
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
                feed_response_bytes: feedBytes.count, introspection_response_bytes: introspectionBytes.count,
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
        let url = directory.appendingPathComponent(name)
        if name == "data.json", !FileManager.default.fileExists(atPath: url.path) {
            // Not committed (workloads/README.md); run.sh generates it.
            throw BenchFailure(description: "no \(url.path): generate it with python3 \(directory.path)/gen_data.py")
        }
        return try Data(contentsOf: url)
    }
}

#if compiler(>=6.3)
    let compilerDescription = "Swift compiler >= 6.3, release build"
#else
    let compilerDescription = "Swift compiler < 6.3, release build"
#endif
