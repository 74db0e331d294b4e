/// The media area's long-lived parts, shared by every request: the store
/// and the per-file size limits (`QUARRY_UPLOAD_MAX_BYTES`, and
/// `QUARRY_SCREENSHOT_MAX_BYTES` for screenshots).
public struct MediaServices: Sendable {
    public let store: any MediaStore
    public let maxUploadBytes: Int
    public let maxScreenshotBytes: Int

    public init(store: any MediaStore, maxUploadBytes: Int, maxScreenshotBytes: Int = MediaServices.defaultMaxUploadBytes) {
        self.store = store
        self.maxUploadBytes = maxUploadBytes
        self.maxScreenshotBytes = maxScreenshotBytes
    }

    /// 20 MB, Screen Cache's screenshot limit (issue 5 "Media").
    public static let defaultMaxUploadBytes = 20 * 1_048_576
}
