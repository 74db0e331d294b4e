import GraphQLLanguage

/// What an area asks of its images beyond the media pipeline's own checks
/// (size, pixel limit, full decode), applied by ``ImageInspector`` in the same
/// pass: which types it accepts, the smallest size, and whether the stored
/// file is a normalised copy rather than the uploaded bytes (Foodstabook's
/// photos, issue 16: JPEG only, at least 200 × 200, fitted inside 1080 × 1920,
/// oriented and stripped of metadata). Each refusal is the area's own error.
package struct ImageRequirements: Sendable {
    /// The accepted content types, and the error any other file gets (for the argument).
    let contentTypes: Set<String>
    let unsupportedType: @Sendable (_ argument: String) -> GraphQLError
    /// The shortest side, and the error of an image with a shorter one (given its size). A side, not a
    /// width and a height: a quarter turn (EXIF orientation) swaps those, and the header gives them unturned.
    let minimumSide: Int
    let tooSmall: @Sendable (_ argument: String, _ width: Int, _ height: Int) -> GraphQLError
    /// When set, the stored image is the upload rotated upright, fitted inside this box and
    /// without metadata (`quarry_vips_photo_fit`); only JPEG uploads may ask for it.
    let fitInside: (width: Int, height: Int)?

    package init(
        contentTypes: Set<String>, unsupportedType: @escaping @Sendable (_ argument: String) -> GraphQLError,
        minimumSide: Int = 1,
        tooSmall: @escaping @Sendable (_ argument: String, _ width: Int, _ height: Int) -> GraphQLError = { argument, _, _ in
            MediaError.invalidImage(argument)
        },
        fitInside: (width: Int, height: Int)? = nil
    ) {
        precondition(fitInside == nil || contentTypes == ["image/jpeg"], "only JPEG photos are fitted")
        self.contentTypes = contentTypes
        self.unsupportedType = unsupportedType
        self.minimumSide = minimumSide
        self.tooSmall = tooSmall
        self.fitInside = fitInside
    }

    /// Every area's default: a PNG or a JPEG of any size, stored as uploaded.
    package static let pngOrJPEG = ImageRequirements(
        contentTypes: ["image/png", "image/jpeg"], unsupportedType: MediaError.unsupportedType
    )
}
