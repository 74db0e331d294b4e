import CommonTestSupport
import Foundation

/// A tiny HTTP server on a free loopback port, serving a folder: Python's
/// `http.server` in a subprocess (a ``ScriptedServer``). Each request's path is
/// appended to a log file, so a test can count how often the keys were fetched.
final class IdentityTokenKeyServer {
    private let server: ScriptedServer
    private let logFile: URL

    var port: Int { server.port }

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
        server = try ScriptedServer(script: Self.script, arguments: [folder.path, logFile.path], name: "key server")
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
        server.stop()
    }
}
