/// A file part of a multipart GraphQL request (GraphQL multipart request
/// spec, https://github.com/jaydenseric/graphql-multipart-request-spec),
/// already streamed to a temporary file that the HTTP layer deletes when the
/// request ends: a resolver that keeps the file copies it into the media store.
public struct UploadedFile: Sendable, Equatable {
    /// The temporary file holding the part's bytes.
    public let path: String
    /// The part's `filename` as the client declared it.
    public let filename: String
    /// The part's declared `Content-Type`: a claim, never trusted (images are checked by content).
    public let contentType: String?
    /// Bytes received.
    public let size: Int

    public init(path: String, filename: String, contentType: String?, size: Int) {
        self.path = path
        self.filename = filename
        self.contentType = contentType
        self.size = size
    }
}

/// The uploaded files of one request, by the placeholder string that stands
/// for each in the operation's variables. A JSON request has none, so no
/// string it sends can pass for a file.
public struct RequestUploads: Sendable, Equatable {
    public let files: [String: UploadedFile]

    public init(files: [String: UploadedFile]) {
        self.files = files
    }

    public static let none = RequestUploads(files: [:])

    /// The placeholder the HTTP layer writes into the variables where the
    /// multipart `map` puts the file of part `mapKey`.
    public static func placeholder(forMapKey mapKey: String) -> String {
        "quarry-upload:" + mapKey
    }

    public subscript(placeholder: String) -> UploadedFile? { files[placeholder] }

    /// The request's uploads while its variables are coerced: the `Upload`
    /// scalar's input coercion has no context parameter, so it reads them here.
    @TaskLocal package static var current = RequestUploads.none
}
