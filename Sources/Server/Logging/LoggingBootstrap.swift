import Logging

/// Process-wide logging set-up from the configuration; called once by the
/// `quarry` executable before anything logs.
public enum QuarryLogging {
    /// `writer`: the server's batched output (`quarry serve`); the one-shot commands write each line at once,
    /// so that their log lines and printed output keep their order.
    public static func bootstrap(
        level: Logger.Level, format: ServerConfiguration.LogFormat, writer: BatchedLineWriter? = nil
    ) {
        LoggingSystem.bootstrap { label in LineLogHandler(label: label, level: level, format: format, writer: writer) }
    }
}
