/// The media area's long-lived parts, shared by every request: the store
/// and the per-file size limit (`QUARRY_UPLOAD_MAX_BYTES`).
public struct MediaServices: Sendable {
    public let store: any MediaStore
    public let maxUploadBytes: Int

    public init(store: any MediaStore, maxUploadBytes: Int) {
        self.store = store
        self.maxUploadBytes = maxUploadBytes
    }

    /// 20 MB, Screen Cache's screenshot limit (issue 5 "Media").
    public static let defaultMaxUploadBytes = 20 * 1_048_576
}
