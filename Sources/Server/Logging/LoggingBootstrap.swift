import Logging

/// Process-wide logging set-up from the configuration; called once by the
/// `quarry` executable before anything logs.
public enum QuarryLogging {
    public static func bootstrap(level: Logger.Level, format: ServerConfiguration.LogFormat) {
        LoggingSystem.bootstrap { label in
            switch format {
            case .json:
                return JSONLogHandler(label: label, level: level)
            case .text:
                return TextLogHandler(label: label, level: level)
            }
        }
    }
}
