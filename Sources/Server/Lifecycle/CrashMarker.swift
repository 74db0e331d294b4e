import AppCore
import Foundation

/// `running.marker` in the error reports folder (issue 13: "a crash is
/// reported on the next start"): written when a server starts (its pid and
/// start time), removed when it shuts down cleanly. A marker found at start
/// was left by a run that ended otherwise — killed, crashed, the machine
/// lost — and becomes a `CRASH` report. File work goes through ``Offload``.
struct CrashMarker: Sendable {
    static let fileName = "running.marker"

    let path: String

    init(directory: String) {
        path = directory + "/" + Self.fileName
    }

    /// What the marker of a run that did not shut down cleanly says.
    struct PreviousRun: Sendable, Equatable {
        let processID: String
        let startedAt: String
    }

    /// Writes this run's marker and answers what the previous run left, if it left one.
    func claim(processID: Int32, startedAt: Date) async throws -> PreviousRun? {
        let path = path
        let text = "pid=\(processID)\nstarted=\(Self.text(startedAt))\n"
        return try await Offload.run {
            let files = FileManager.default
            try files.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let previous = files.contents(atPath: path).map { Self.read(String(decoding: $0, as: UTF8.self)) }
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            return previous
        }
    }

    /// Removes the marker: this run shut down cleanly.
    func remove() async throws {
        let path = path
        try await Offload.run {
            if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
        }
    }

    /// A marker's `key=value` lines; a marker cut short by the crash still counts, with what it has.
    static func read(_ text: String) -> PreviousRun {
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
        }
        return PreviousRun(processID: values["pid"] ?? "unknown", startedAt: values["started"] ?? "unknown")
    }

    static func text(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
