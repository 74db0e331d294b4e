import Foundation

/// A tiny HTTP server on a free loopback port, serving a folder: Python's
/// `http.server` in a subprocess. Each request's path is appended to a log file,
/// so a test can count how often the keys were fetched.
///
/// ``stop()`` kills the server with SIGKILL: a child of the test process inherits
/// a signal mask that blocks SIGTERM, and closing its standard input is not enough
/// while other children spawned at the same time hold copies of the pipe. The
/// server still exits when its standard input closes, so it ends with the test
/// process.
final class IdentityTokenKeyServer {
    let port: Int
    private let process: Process
    private let logFile: URL
    private let input = Pipe()

    private static let script = #"""
        import http.server, os, sys, threading
        folder, log = sys.argv[1], sys.argv[2]
        def exit_when_stdin_closes():
            sys.stdin.buffer.read()
            os._exit(0)
        threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
        class Handler(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=folder, **kwargs)
            def log_request(self, code="-", size="-"):
                with open(log, "a") as f:
                    f.write(self.path + "\n")
            def log_message(self, format, *args):
                pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """#

    /// Starts serving `folder`; returns once the server listens.
    init(serving folder: URL) throws {
        logFile = folder.appendingPathComponent("requests.log")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", Self.script, folder.path, logFile.path]
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
            throw ServerError(message: "the key server did not start")
        }
        self.port = port
    }

    func url(_ name: String) -> String {
        "http://127.0.0.1:\(port)/\(name)"
    }

    /// How many requests asked for `name` so far.
    func requests(for name: String) -> Int {
        guard let log = try? String(contentsOf: logFile, encoding: .utf8) else { return 0 }
        return log.split(separator: "\n").filter { $0 == "/" + name }.count
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    struct ServerError: Error {
        let message: String
    }
}
