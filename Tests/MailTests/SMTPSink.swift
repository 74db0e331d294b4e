import CommonTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A real SMTP server (aiosmtpd) on a loopback port, writing what it accepts to a folder.
///
/// The servers live in one Python process (`Support/smtp_sink.py`), spawned once with
/// `posix_spawnp` and driven through command files. It outlives every test and exits
/// with the test process, so the test process never sees a child exit: no SIGCHLD can
/// interrupt blocking reads of suites running at the same time. Its first act is to
/// close the descriptors it inherited, which other suites' pipes and sockets rely on.
struct SMTPSink {
    struct Delivered: Decodable, Sendable {
        var mail_from: String
        var rcpt_tos: [String]
        var headers: [[String]]
        var text: String?
        var html: String?
        var raw: String

        func header(_ name: String) -> String? {
            headers.first { $0.first?.lowercased() == name.lowercased() }.flatMap { $0.count > 1 ? $0[1] : nil }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let port: Int
    let directory: String

    /// Starts a server on `port` (0: a free one); `delay` holds each message that long
    /// before accepting it.
    static func start(
        port: Int = 0, auth: (user: String, password: String)? = nil, delay: Duration? = nil
    ) async throws -> SMTPSink {
        let directory = NSTemporaryDirectory() + "quarry-mail-sink-\(UUID().uuidString.prefix(8))"
        var command: [String: Any] = ["action": "start", "port": port, "dir": directory]
        if let auth { command["auth"] = ["user": auth.user, "password": auth.password] }
        if let delay { command["delay"] = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18 }
        let reply = try await SinkProcess.run(command)
        guard let port = reply["port"] as? Int else { throw Failure(description: "the SMTP sink did not start: \(reply)") }
        return SMTPSink(port: port, directory: directory)
    }

    /// A loopback port nothing listens on (yet).
    static func freePort() async throws -> Int {
        let reply = try await SinkProcess.run(["action": "free-port"])
        guard let port = reply["port"] as? Int else { throw Failure(description: "no free port: \(reply)") }
        return port
    }

    func stop() async {
        _ = try? await SinkProcess.run(["action": "stop", "port": port])
    }

    /// `smtp://127.0.0.1:PORT`
    var url: String { "smtp://127.0.0.1:\(port)" }

    /// Everything delivered so far, in arrival order.
    func messages() throws -> [Delivered] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return try names.filter { $0.hasSuffix(".json") }.sorted().map { name in
            try JSONDecoder().decode(Delivered.self, from: Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(name)")))
        }
    }

    /// Waits until at least `count` messages arrived; returns them all. Bounded by the shared
    /// `eventTimeout`, like every wait for an event: with all suites running at once on two
    /// cores, a 10 s bound once saw 9 of 15 messages arrive (CI, `ConcurrencyTests`).
    @discardableResult
    func waitForMessages(_ count: Int) async throws -> [Delivered] {
        let deadline = ContinuousClock.now + eventTimeout
        while true {
            let messages = try messages()
            if messages.count >= count { return messages }
            guard ContinuousClock.now < deadline else {
                throw Failure(description: "expected \(count) messages within \(eventTimeout), got \(messages.count)")
            }
            try await Task.sleep(for: .milliseconds(25))
        }
    }
}

/// The one Python process serving every `SMTPSink` of this test run.
private enum SinkProcess {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Support/smtp_sink.py").path

    /// Started on first use; the folder it reads commands from.
    static let control: Result<String, SMTPSink.Failure> = {
        let directory = NSTemporaryDirectory() + "quarry-mail-sink-control-\(getpid())-\(UUID().uuidString.prefix(8))"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            return .failure(SMTPSink.Failure(description: "cannot create \(directory): \(error)"))
        }
        let arguments = ["python3", script, directory, String(getpid())]
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, "python3", nil, nil, &cArguments, environ)
        guard status == 0 else {
            return .failure(SMTPSink.Failure(description: "cannot start python3 \(script): errno \(status)"))
        }
        return .success(directory)
    }()

    static func run(_ command: [String: Any]) async throws -> [String: Any] {
        let directory = try control.get()
        let name = UUID().uuidString
        let data = try JSONSerialization.data(withJSONObject: command)
        try data.write(to: URL(fileURLWithPath: "\(directory)/\(name).tmp"))
        try FileManager.default.moveItem(atPath: "\(directory)/\(name).tmp", toPath: "\(directory)/\(name).cmd")
        let reply = "\(directory)/\(name).reply"
        let deadline = ContinuousClock.now + .seconds(30)
        while !FileManager.default.fileExists(atPath: reply) {
            guard ContinuousClock.now < deadline else {
                let log = (try? String(contentsOfFile: "\(directory)/sink.log", encoding: .utf8)) ?? ""
                throw SMTPSink.Failure(description: "the SMTP sink (aiosmtpd) did not answer \(command); its log: \(log)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        defer { try? FileManager.default.removeItem(atPath: reply) }
        let answer = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: reply))) as? [String: Any] ?? [:]
        if let error = answer["error"] { throw SMTPSink.Failure(description: "SMTP sink: \(error)") }
        return answer
    }
}
