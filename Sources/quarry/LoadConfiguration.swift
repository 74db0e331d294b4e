import ArgumentParser
import Server

import Foundation

/// The configuration from the process environment. An invalid value ends the
/// command with a message naming the variable and exit status 78 (EX_CONFIG).
func loadConfiguration() throws -> ServerConfiguration {
    do {
        return try ServerConfiguration(environment: ProcessInfo.processInfo.environment)
    } catch let error as ConfigurationError {
        FileHandle.standardError.write(Data("quarry: configuration error: \(error)\n".utf8))
        throw ExitCode(78)
    }
}
