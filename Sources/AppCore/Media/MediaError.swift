import GraphQLLanguage

/// Why an upload was refused (issue 5 "Media": a bad file gets a clear error
/// and leaves nothing behind). Each is a client error with a code and the
/// argument at fault in `extensions.fields`.
package enum MediaError {
    static func empty(_ argument: String) -> GraphQLError {
        error("FILE_EMPTY", "The file is empty.", argument)
    }

    static func tooLarge(_ argument: String, limit: Int) -> GraphQLError {
        error("FILE_TOO_LARGE", "The file is larger than \(describe(bytes: limit)).", argument)
    }

    static func unsupportedType(_ argument: String) -> GraphQLError {
        error("UNSUPPORTED_MEDIA_TYPE", "Only PNG and JPEG images are accepted.", argument)
    }

    static func invalidImage(_ argument: String) -> GraphQLError {
        error("INVALID_IMAGE", "The image is damaged or incomplete and cannot be read.", argument)
    }

    /// The header declares more pixels than the limit (issue 18 "Hardening":
    /// refused before decoding, so neither Quarry nor a friend's phone decodes it).
    static func imageTooLarge(_ argument: String, width: Int, height: Int, limit: Int) -> GraphQLError {
        error(
            "IMAGE_TOO_LARGE",
            "The image is \(width) × \(height) pixels; at most \(describe(pixels: limit)) are accepted.", argument
        )
    }

    /// A pixel count for people: whole megapixels when it is some, else pixels.
    static func describe(pixels: Int) -> String {
        pixels % 1_000_000 == 0 ? "\(pixels / 1_000_000) megapixels" : "\(pixels) pixels"
    }

    /// A size for people: whole megabytes when it is one, else bytes.
    static func describe(bytes: Int) -> String {
        bytes % 1_048_576 == 0 ? "\(bytes / 1_048_576) MB" : "\(bytes) bytes"
    }

    private static func error(_ code: String, _ message: String, _ argument: String) -> GraphQLError {
        ClientError.make(code, message, fields: [(field: argument, message: message)])
    }
}
