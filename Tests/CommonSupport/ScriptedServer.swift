import Foundation

/// A tiny server for a test, written in Python and run in a subprocess: the script listens on a
/// free loopback port, prints the port as its first line, and exits when its standard input closes
/// (so it ends with the test process). The identity-token key server (AuthTests) and the SMS
/// gateway sink (AppTests) are such scripts.
///
/// ``stop()`` kills the server with SIGKILL: a child of the test process inherits a signal mask
/// that blocks SIGTERM, and closing its standard input is not enough while other children spawned
/// at the same time hold copies of the pipe.
public final class ScriptedServer {
    public let port: Int
    private let process = Process()
    private let input = Pipe()

    /// Starts `python3 -c script arguments…`; returns once it printed its port.
    public init(script: String, arguments: [String], name: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            try? input.fileHandleForWriting.close()
            throw NotStarted(description: "the \(name) did not start")
        }
        self.port = port
    }

    public func stop() {
        try? input.fileHandleForWriting.close()
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    public struct NotStarted: Error, CustomStringConvertible {
        public let description: String
    }
}
