import GraphQLLanguage
import Synchronization

/// The error message catalogue (issue 13, Foodstabook 2.3.2) as this instance
/// holds it: the `error_messages` table in memory, so wording an error costs
/// no statement. It is read at start-up, re-read when a `NOTIFY error_messages`
/// arrives (an edit on any instance) or the LISTEN connection comes back (a
/// NOTIFY may have been missed), and by the instance that made an edit right
/// after it commits.
///
/// Errors are worded on their way out (``worded(_:)``), never at their throw
/// sites: the error's code picks the catalogue's template, in which
/// `{message}` is the text the throw site composed (naming a field, a limit, a
/// provider) and `{supportEmail}` the configured support address. Until the
/// catalogue has been read, and for a code it lacks, the composed text stays.
/// `extensions.fields[].message` always keeps the throw site's per-field texts.
package final class ErrorCatalogue: Sendable {
    /// One row of the catalogue.
    package struct Entry: Sendable, Equatable {
        package let message: String
        package let advice: String?

        package init(message: String, advice: String?) {
            self.message = message
            self.advice = advice
        }
    }

    /// The placeholders a message may hold (API.md "Errors").
    package static let placeholders = ["message", "supportEmail"]

    /// The channel of the NOTIFY an edit sends in its transaction; every
    /// instance LISTENs on it (Sources/Server/Lifecycle/NotificationListenerService.swift).
    package static let channel = "error_messages"

    private let load: @Sendable () async throws -> [String: Entry]
    private let supportEmail: String
    /// The rows, and the number of the read they come from: a read that started
    /// earlier but ends later than another must not replace its newer rows.
    private let state = Mutex<(entries: [String: Entry], read: Int, started: Int)>(([:], 0, 0))

    /// A catalogue that reads its rows with `load` (the administration area's query).
    package init(supportEmail: String, load: @escaping @Sendable () async throws -> [String: Entry]) {
        self.supportEmail = supportEmail
        self.load = load
    }

    /// Reads the table again; the rows replace the cached ones unless a later read already did.
    package func reload() async throws {
        let ticket = state.withLock { state in
            state.started += 1
            return state.started
        }
        let entries = try await load()
        state.withLock { state in
            guard ticket > state.read else { return }
            state.entries = entries
            state.read = ticket
        }
    }

    /// The cached row of `code`, if any.
    package func entry(_ code: String) -> Entry? {
        state.withLock { $0.entries[code] }
    }

    /// `errors` with each coded error's message from the catalogue.
    package func worded(_ errors: [GraphQLError]) -> [GraphQLError] {
        let entries = state.withLock { $0.entries }
        guard !entries.isEmpty else { return errors }
        return errors.map { error in
            guard case .string(let code)? = error.extensions["code"], let entry = entries[code] else { return error }
            var worded = error
            worded.message = render(entry.message, composed: error.message)
            return worded
        }
    }

    /// The message of an error with `code` whose throw site composed `composed`.
    package func message(code: String, composed: String) -> String {
        guard let entry = entry(code) else { return composed }
        return render(entry.message, composed: composed)
    }

    /// `template` with each known `{placeholder}` filled in; anything else is kept as written.
    private func render(_ template: String, composed: String) -> String {
        guard template.contains("{") else { return template }
        var out = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { return out + rest[open...] }
            let name = rest[rest.index(after: open)..<close]
            switch name {
            case "message": out += composed
            case "supportEmail": out += supportEmail
            default: out += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}
