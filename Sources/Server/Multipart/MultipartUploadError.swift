import Hummingbird

/// Refusals of a multipart GraphQL request, each answered before any
/// resolver runs with a status and an UPPER_SNAKE code.
enum MultipartUploadError {
    /// CSRF protection (issue 5 "Media"): a browser form can post
    /// multipart/form-data cross-site without a CORS preflight; a custom
    /// header forces one, so a request without it is refused.
    static let preflightRequired = QuarryHTTPError(
        .badRequest, code: "PREFLIGHT_REQUIRED",
        message: "A multipart request must carry a non-empty Apollo-Require-Preflight or GraphQL-Preflight header "
            + "(protection against cross-site request forgery)."
    )

    static func malformed(_ detail: String) -> QuarryHTTPError {
        QuarryHTTPError(.badRequest, code: "INVALID_MULTIPART", message: "The multipart request is malformed: \(detail).")
    }

    static let truncated = QuarryHTTPError(
        .badRequest, code: "MULTIPART_TRUNCATED",
        message: "The multipart request ended before its closing boundary: the upload is incomplete."
    )

    static func operations(_ detail: String) -> QuarryHTTPError {
        QuarryHTTPError(.badRequest, code: "INVALID_MULTIPART_OPERATIONS", message: "The \"operations\" field is invalid: \(detail).")
    }

    static func map(_ detail: String) -> QuarryHTTPError {
        QuarryHTTPError(.badRequest, code: "INVALID_MULTIPART_MAP", message: "The \"map\" field is invalid: \(detail).")
    }

    static func missingFile(_ key: String) -> QuarryHTTPError {
        QuarryHTTPError(
            .badRequest, code: "MISSING_UPLOAD", message: "The map names the file \"\(key)\" but the request has no such part."
        )
    }

    static func fileTooLarge(limit: Int) -> QuarryHTTPError {
        QuarryHTTPError(
            .contentTooLarge, code: "FILE_TOO_LARGE",
            message: "An uploaded file exceeds \(limit) bytes (QUARRY_UPLOAD_MAX_BYTES)."
        )
    }

    static func tooManyFiles(limit: Int) -> QuarryHTTPError {
        QuarryHTTPError(
            .contentTooLarge, code: "TOO_MANY_FILES",
            message: "The request carries more than \(limit) files (QUARRY_UPLOAD_MAX_FILES)."
        )
    }
}
