import AppCore
import Foundation

/// The `.txt` side of an error report (issue 13): `<CODE>-<UTC timestamp>.txt`
/// in the reports folder (`QUARRY_ERROR_REPORTS_DIR`), the report's details
/// and the system state in plain text for whoever reads the folder rather
/// than the database. Files move to `archive/` with their rows. Every file
/// operation runs through ``Offload``, off the cooperative pool.
package enum ErrorReportFiles {
    /// The folder, under the reports folder, that archived reports' files move to.
    static let archiveFolder = "archive"

    /// `20261125T193012.123Z`: sortable, and free of characters file systems refuse.
    package static func timestamp(_ date: Date) -> String {
        // Whole milliseconds first, so that 59.9996 s reads as the next second, not as 59.1000.
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (seconds, fraction) = (milliseconds / 1000, Int(milliseconds % 1000))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: TimeInterval(seconds))
        )
        func pad(_ value: Int?, _ width: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return pad(c.year, 4) + pad(c.month, 2) + pad(c.day, 2) + "T" + pad(c.hour, 2) + pad(c.minute, 2)
            + pad(c.second, 2) + "." + pad(fraction, 3) + "Z"
    }

    /// The file name of `report`'s `attempt`-th try: `<CODE>-<timestamp>.txt`,
    /// then `-2`, `-3`, … for reports of the same code in the same millisecond.
    static func name(of report: ErrorReport, attempt: Int) -> String {
        let code = String(report.code.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "_" })
        let suffix = attempt == 1 ? "" : "-\(attempt)"
        return "\(code.isEmpty ? "ERROR" : code)-\(timestamp(report.at))\(suffix).txt"
    }

    /// The file's text: the report, then the system state.
    static func text(of report: ErrorReport, state: SystemState) -> String {
        var lines = [
            "Quarry error report",
            "code: \(report.code)",
            "time: \(report.at.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))",
            "request id: \(report.requestID ?? "-")",
            "operation: \(report.operationName ?? "-")",
            "path: \(report.path ?? "-")",
            "viewer: \(report.viewerID?.uuidString.lowercased() ?? "-")",
            "message:",
        ]
        lines += report.message.split(separator: "\n", omittingEmptySubsequences: false).map { "  \($0)" }
        lines.append("context:")
        lines += report.context.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value)" }
        lines += [
            "system:",
            "  version: \(state.version)",
            "  uptime: \(state.uptimeSeconds) s",
            "  pid: \(state.processID)",
            "  database pool: size \(state.pool.size), in use \(state.pool.inUse), idle \(state.pool.idle), "
                + "waiting \(state.pool.waiting), connecting \(state.pool.connecting)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes `report`'s file in `directory` (made when missing) and answers its
    /// name; never overwrites another report's file.
    static func write(_ report: ErrorReport, state: SystemState, directory: String) async throws -> String {
        let data = Data(text(of: report, state: state).utf8)
        return try await Offload.run {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            var attempt = 1
            while true {
                let name = name(of: report, attempt: attempt)
                do {
                    try data.write(to: URL(fileURLWithPath: directory + "/" + name), options: .withoutOverwriting)
                    return name
                } catch CocoaError.fileWriteFileExists {
                    attempt += 1
                }
            }
        }
    }

    /// Moves the files `names` from `directory` to its ``archiveFolder``; a file
    /// already gone (deleted by hand) is skipped.
    static func archive(_ names: [String], in directory: String) async throws {
        guard !names.isEmpty else { return }
        try await Offload.run {
            let archive = directory + "/" + archiveFolder
            let files = FileManager.default
            try files.createDirectory(atPath: archive, withIntermediateDirectories: true)
            for name in names where files.fileExists(atPath: directory + "/" + name) {
                try files.moveItem(atPath: directory + "/" + name, toPath: archive + "/" + name)
            }
        }
    }
}
