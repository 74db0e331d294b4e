import HTTPTypes
import Hummingbird

/// How `POST /graphql` takes multipart uploads (from ``MediaConfiguration``).
struct MultipartUploadSettings: Sendable {
    /// Where files are streamed while their request runs.
    var temporaryDirectory: String
    var maxFileBytes: Int
    var maxFiles: Int

    /// The CSRF-preflight headers Apollo Server and GraphQL Yoga require on multipart requests.
    static let apolloRequirePreflight = HTTPField.Name("Apollo-Require-Preflight")!
    static let graphQLPreflight = HTTPField.Name("GraphQL-Preflight")!
}
