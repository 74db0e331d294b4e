import Foundation

/// Files of the shared benchmark workloads (`/work/shared/bench/workloads`), found
/// from this file's path: repository root → ../shared/bench/workloads.
enum Workloads {
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/bench/workloads")

    static func text(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }
}
