import Foundation

/// Command-line options, the same as the peers' (`--help` lists them).
struct Options {
    static let usage = """
        usage: quarry-bench [--workloads DIR] [--warmup S] [--time S] [--min-iters N] [--only IDS] \
        [--json OUT] [--dump-dir DIR] [--check]
        """

    /// Default: the repository's Benchmarks/workloads, found from this file's path
    /// (REPO/Benchmarks/Sources/quarry-bench/Options.swift); run.sh always passes it.
    var workloads = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("workloads").path
    var warmup = 1.0
    var time = 3.0
    var minIterations = 10
    var only: Set<String> = []
    var json: String?
    var dumpDirectory: String?
    var checkOnly = false

    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    init(_ arguments: [String]) throws(Invalid) {
        var iterator = arguments.dropFirst().makeIterator()
        func value(_ flag: String) throws(Invalid) -> String {
            guard let value = iterator.next() else { throw Invalid(description: "\(flag) needs a value") }
            return value
        }
        func number(_ flag: String) throws(Invalid) -> Double {
            let text = try value(flag)
            guard let number = Double(text), number >= 0 else {
                throw Invalid(description: "\(flag) needs a non-negative number, got \(text)")
            }
            return number
        }
        while let argument = iterator.next() {
            switch argument {
            case "--workloads": workloads = try value(argument)
            case "--warmup": warmup = try number(argument)
            case "--time": time = try number(argument)
            case "--min-iters": minIterations = Int(try number(argument))
            case "--only": only = Set(try value(argument).split(separator: ",").map(String.init))
            case "--json": json = try value(argument)
            case "--dump-dir": dumpDirectory = try value(argument)
            case "--check": checkOnly = true
            case "-h", "--help":
                print(Options.usage)
                exit(0)
            default: throw Invalid(description: "unknown argument \(argument)\n\(Options.usage)")
            }
        }
    }
}
