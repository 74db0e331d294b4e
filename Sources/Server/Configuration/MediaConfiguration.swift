import AppCore

/// The media area's part of the configuration (issue 5 "Media"; README lists
/// every variable): where uploads and stored media live, and the limits.
public struct MediaConfiguration: Sendable, Equatable {
    /// Largest accepted file of a multipart request, in bytes (`QUARRY_UPLOAD_MAX_BYTES`).
    public var maxUploadBytes: Int
    /// Largest accepted screenshot, in bytes (`QUARRY_SCREENSHOT_MAX_BYTES`); checked by
    /// `uploadScreenshot`, while every file still has to fit ``maxUploadBytes`` to arrive at all.
    public var maxScreenshotBytes: Int
    /// Most pixels (width × height) an uploaded image may have (`QUARRY_IMAGE_MAX_PIXELS`); a
    /// larger one is refused from its header, before it is decoded.
    public var maxImagePixels: Int
    /// Most files one multipart request may carry (`QUARRY_UPLOAD_MAX_FILES`).
    public var maxUploadFiles: Int
    /// The content-addressed media folder: `QUARRY_DATA_DIR/media`.
    public var mediaDirectory: String
    /// Where uploads are streamed while their request runs: `QUARRY_DATA_DIR/tmp`.
    public var uploadDirectory: String
    /// The emotion challenge's pictures (`QUARRY_EMOTIONS_DIR`).
    public var emotionsDirectory: String

    static let variables = [
        "QUARRY_UPLOAD_MAX_BYTES", "QUARRY_SCREENSHOT_MAX_BYTES", "QUARRY_IMAGE_MAX_PIXELS", "QUARRY_UPLOAD_MAX_FILES",
        "QUARRY_EMOTIONS_DIR",
    ]

    init(_ env: EnvironmentReader, dataDirectory: String, absolutePath: (String) -> String) throws {
        maxUploadBytes = try env.integer(
            "QUARRY_UPLOAD_MAX_BYTES", default: MediaServices.defaultMaxUploadBytes, in: 1...1_073_741_824
        )
        maxScreenshotBytes = try env.integer(
            "QUARRY_SCREENSHOT_MAX_BYTES", default: MediaServices.defaultMaxUploadBytes, in: 1...1_073_741_824
        )
        // Up to a gigapixel: beyond that no phone decodes the picture anyway.
        maxImagePixels = try env.integer(
            "QUARRY_IMAGE_MAX_PIXELS", default: MediaServices.defaultMaxImagePixels, in: 1...1_000_000_000
        )
        maxUploadFiles = try env.integer("QUARRY_UPLOAD_MAX_FILES", default: 10, in: 1...1_000)
        mediaDirectory = dataDirectory + "/media"
        uploadDirectory = dataDirectory + "/tmp"
        emotionsDirectory = absolutePath(env.string("QUARRY_EMOTIONS_DIR", default: "./web/emotions"))
    }

    /// The media services the GraphQL service hands to resolvers.
    public var services: MediaServices {
        MediaServices(
            store: FileSystemMediaStore(directory: mediaDirectory), maxUploadBytes: maxUploadBytes,
            maxScreenshotBytes: maxScreenshotBytes, maxImagePixels: maxImagePixels
        )
    }
}
