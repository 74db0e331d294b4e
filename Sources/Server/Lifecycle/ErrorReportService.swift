import Administration
import ServiceLifecycle

/// Runs the error report queue's writer for the server's life (issue 13
/// "Error reports"). It is started after the pool and so stopped before it:
/// on graceful shutdown the queue takes no more reports and the writer
/// stores the ones already queued while the database is still there.
struct ErrorReportService: Service {
    let queue: ErrorReportQueue

    func run() async throws {
        await withGracefulShutdownHandler {
            await queue.run()
        } onGracefulShutdown: {
            queue.finish()
        }
    }
}
