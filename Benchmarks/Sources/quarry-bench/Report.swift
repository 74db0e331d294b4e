import Foundation

/// One workload's line of results; the field names are those of the peers' `--json`
/// output (the peer engines run.sh runs beside Quarry), so one script reads all three.
struct ResultRow: Encodable {
    let id: String
    let name: String
    let iters: Int
    let warmup_iters: Int
    let median_us: Double
    let ops_per_s: Double
    let min_us: Double
    let max_us: Double
    let mean_us: Double
    let cpu_median_us: Double
    let bytes: Int?
    let mb_per_s: Double?

    init(id: String, name: String, bytes: Int?, samples: Samples) {
        let wallMedian = median(samples.wall)
        self.id = id
        self.name = name
        iters = samples.wall.count
        warmup_iters = samples.warmupIterations
        median_us = wallMedian
        ops_per_s = 1e6 / wallMedian
        min_us = samples.wall.min() ?? 0
        max_us = samples.wall.max() ?? 0
        mean_us = samples.wall.reduce(0, +) / Double(max(1, samples.wall.count))
        cpu_median_us = median(samples.cpu)
        self.bytes = bytes
        mb_per_s = bytes.map { Double($0) / wallMedian }  // bytes per µs = MB/s
    }
}

struct RunReport: Encodable {
    let engine: String
    let version: String
    let runtime: String
    let feed_response_bytes: Int
    let introspection_response_bytes: Int
    let warmup_s: Double
    let time_s: Double
    let min_iters: Int
    let results: [ResultRow]
}

/// The text table, with the peers' columns.
enum Table {
    static func header() -> String {
        [pad("id", 4), pad("workload", 50), pad("iters", 7, right: true), pad("median us", 12, right: true),
         pad("ops/s", 10, right: true), pad("min us", 11, right: true), pad("max us", 11, right: true),
         pad("cpu us", 11, right: true), pad("MB/s", 8, right: true)].joined(separator: " ")
    }

    static func line(_ row: ResultRow) -> String {
        [pad(row.id, 4), pad(row.name, 50), pad(String(row.iters), 7, right: true),
         pad(fixed(row.median_us, 1), 12, right: true), pad(fixed(row.ops_per_s, 1), 10, right: true),
         pad(fixed(row.min_us, 1), 11, right: true), pad(fixed(row.max_us, 1), 11, right: true),
         pad(fixed(row.cpu_median_us, 1), 11, right: true),
         pad(row.mb_per_s.map { fixed($0, 2) } ?? "", 8, right: true)].joined(separator: " ")
    }

    static func fixed(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        guard text.count < width else { return text }
        let fill = String(repeating: " ", count: width - text.count)
        return right ? fill + text : text + fill
    }
}
