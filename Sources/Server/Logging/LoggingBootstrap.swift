import Logging

/// Process-wide logging set-up from the configuration; called once by the
/// `quarry` executable before anything logs.
public enum QuarryLogging {
    public static func bootstrap(level: Logger.Level, format: ServerConfiguration.LogFormat) {
        LoggingSystem.bootstrap { label in LineLogHandler(label: label, level: level, format: format) }
    }
}
