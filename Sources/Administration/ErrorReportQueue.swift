import AppCore
import Foundation
import Logging
import Postgres

/// Between the code that meets an unexpected error — which must answer its
/// client at once — and the storage of its report: ``reporter`` only queues
/// the report, and ``run()``, the server's background service, writes each
/// one's `.txt` file and row, so a report is stored within moments without
/// ever slowing or failing a response. The queue is bounded: when the writer
/// falls behind (the database down, an error storm), further reports are
/// dropped with a log line rather than held in memory without end; the
/// original error is in the log either way.
package final class ErrorReportQueue: Sendable {
    /// Reports waiting at most; more are dropped.
    package static let defaultCapacity = 1_000

    private let stream: AsyncStream<ErrorReport>
    private let continuation: AsyncStream<ErrorReport>.Continuation
    private let database: PostgresPool
    private let directory: String
    private let logger: Logger
    private let systemState: @Sendable () -> SystemState

    /// Reports go to `error_reports` through `database` and to files in `directory`;
    /// `systemState` is read as each file is written.
    package init(
        capacity: Int = defaultCapacity, database: PostgresPool, directory: String, logger: Logger,
        systemState: @escaping @Sendable () -> SystemState
    ) {
        (stream, continuation) = AsyncStream.makeStream(of: ErrorReport.self, bufferingPolicy: .bufferingOldest(capacity))
        self.database = database
        self.directory = directory
        self.logger = logger
        self.systemState = systemState
    }

    /// The reporter that queues here, for ``ErrorMasking`` and the HTTP layer.
    package var reporter: ErrorReporter {
        ErrorReporter { [continuation, logger] report in
            switch continuation.yield(report) {
            case .enqueued: break
            case .dropped, .terminated:
                logger.warning("an error report was dropped: the report queue is full or closed", metadata: [
                    "code": "\(report.code)", "request_id": "\(report.requestID ?? "-")",
                ])
            @unknown default: break
            }
        }
    }

    /// Writes the queued reports one at a time until ``finish()``, then the
    /// ones still queued, and returns.
    package func run() async {
        for await report in stream {
            await write(report)
        }
    }

    /// Takes no more reports; ``run()`` returns once the queued ones are written.
    package func finish() {
        continuation.finish()
    }

    /// The file first, then the row naming it: a report whose row cannot be
    /// written (the database down) still has its file, and the other way round.
    private func write(_ report: ErrorReport) async {
        var fileName: String?
        do {
            fileName = try await ErrorReportFiles.write(report, state: systemState(), directory: directory)
        } catch {
            logger.error("an error report's file could not be written", metadata: [
                "directory": "\(directory)", "error": "\(error)", "code": "\(report.code)",
            ])
        }
        do {
            try await ErrorReportChanges.record(report, fileName: fileName, database: database)
        } catch {
            logger.error("an error report could not be stored", metadata: [
                "error": "\(error)", "code": "\(report.code)", "file": "\(fileName ?? "-")",
            ])
        }
    }
}
