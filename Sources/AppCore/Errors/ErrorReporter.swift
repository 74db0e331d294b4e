/// Where unexpected errors go to become error reports: the seam between the
/// layers that see them (``ErrorMasking``, the HTTP layer's last resort) and
/// the background writer that stores them (Administration's
/// `ErrorReportQueue`, wired by the server). ``report(_:)`` must return at
/// once and never fail: a report is never allowed to slow or fail the
/// response it is about.
public struct ErrorReporter: Sendable {
    private let submit: @Sendable (ErrorReport) -> Void

    public init(_ submit: @escaping @Sendable (ErrorReport) -> Void) {
        self.submit = submit
    }

    public func report(_ report: ErrorReport) {
        submit(report)
    }

    /// Keeps nothing: for a service built without a place for reports (tests
    /// that are not about them, command-line tools).
    public static let discarding = ErrorReporter { _ in }
}
