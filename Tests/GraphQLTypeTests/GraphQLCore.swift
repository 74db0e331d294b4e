import Foundation

/// Runs a Python snippet with graphql-core 3.2.8 (the Python port of graphql-js),
/// the oracle these tests compare against; its output is computed at test time.
enum GraphQLCore {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func run(_ script: String, arguments: [String] = []) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: String(decoding: errorData, as: UTF8.self))
        }
        var text = String(decoding: data, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
