/// The media area's long-lived parts, shared by every request: the store,
/// the per-file size limits (`QUARRY_UPLOAD_MAX_BYTES`, and
/// `QUARRY_SCREENSHOT_MAX_BYTES` for screenshots) and the most pixels an
/// image may have (`QUARRY_IMAGE_MAX_PIXELS`).
public struct MediaServices: Sendable {
    public let store: any MediaStore
    public let maxUploadBytes: Int
    public let maxScreenshotBytes: Int
    public let maxImagePixels: Int

    public init(
        store: any MediaStore, maxUploadBytes: Int, maxScreenshotBytes: Int = MediaServices.defaultMaxUploadBytes,
        maxImagePixels: Int = MediaServices.defaultMaxImagePixels
    ) {
        self.store = store
        self.maxUploadBytes = maxUploadBytes
        self.maxScreenshotBytes = maxScreenshotBytes
        self.maxImagePixels = maxImagePixels
    }

    /// 20 MB, Screen Cache's screenshot limit (issue 5 "Media").
    public static let defaultMaxUploadBytes = 20 * 1_048_576

    /// 40 megapixels (issue 18 "Hardening"): a 4K screenshot is 8.3.
    public static let defaultMaxImagePixels = 40_000_000
}
