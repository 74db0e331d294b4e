import CommonTestSupport
import Foundation

/// A local stand-in for a Twilio-compatible SMS gateway (issue 16: "tested against a local HTTP
/// sink"): Python's `http.server` in a subprocess on a free loopback port (a ``ScriptedServer``). Each POST is appended as a JSON line
/// (path, Authorization and Content-Type headers, body) to a log file, and answered with the
/// status ``answer(status:)`` last set: 201 as Twilio answers, or 503 for a gateway that is down.
final class SMSGatewaySink {
    /// One request as the gateway received it.
    struct Request: Decodable {
        let path: String
        let authorization: String?
        let contentType: String?
        let body: String

        /// The form fields of an `application/x-www-form-urlencoded` body.
        var form: [String: String] {
            var fields: [String: String] = [:]
            for pair in body.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                let decode = { (text: String) in text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? text }
                fields[decode(parts[0])] = parts.count > 1 ? decode(parts[1]) : ""
            }
            return fields
        }
    }

    private let server: ScriptedServer
    private let folder: URL

    var port: Int { server.port }

    private static let script = #"""
        import http.server, json, os, sys, threading
        folder = sys.argv[1]
        def exit_when_stdin_closes():
            sys.stdin.buffer.read()
            os._exit(0)
        threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode()
                with open(os.path.join(folder, "requests.jsonl"), "a") as f:
                    f.write(json.dumps({"path": self.path, "authorization": self.headers.get("Authorization"),
                                        "contentType": self.headers.get("Content-Type"), "body": body}) + "\n")
                with open(os.path.join(folder, "status")) as f:
                    status = int(f.read())
                answer = b'{"sid": "SM0123", "status": "queued"}' if status < 300 else b'{"message": "unavailable"}'
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)
            def log_message(self, format, *args):
                pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """#

    /// Starts the sink answering `status`; returns once it listens.
    init(status: Int = 201) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sms-sink-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "\(status)".write(to: folder.appendingPathComponent("status"), atomically: true, encoding: .utf8)
        server = try ScriptedServer(script: Self.script, arguments: [folder.path], name: "SMS sink")
    }

    /// The answer to the next requests.
    func answer(status: Int) throws {
        try "\(status)".write(to: folder.appendingPathComponent("status"), atomically: true, encoding: .utf8)
    }

    /// The requests received so far, oldest first.
    func requests() throws -> [Request] {
        guard let log = try? String(contentsOf: folder.appendingPathComponent("requests.jsonl"), encoding: .utf8) else { return [] }
        return try log.split(separator: "\n").map { try JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
    }

    func stop() {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
