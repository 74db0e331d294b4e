#ifndef QUARRY_CVIPS_SHIM_H
#define QUARRY_CVIPS_SHIM_H

// libvips for Swift. Every vips_* operation is C-variadic (a NULL-terminated
// list of optional arguments), which Swift cannot call: each operation Quarry
// uses gets a fixed-argument static inline wrapper here. VIPS_INIT and
// VIPS_UNREF are macros Swift does not import; quarry_vips_init and
// g_object_unref stand in for them.
#include <vips/vips.h>

/// Starts libvips, set up for files from strangers (call it through Swift's
/// VipsLibrary.isReady, which runs it once per process; issue 18
/// "Hardening", image bombs); returns 0 on success. No operation cache: every
/// upload is a new temporary file, so a cached result is never reused and only
/// holds memory (vips_cache_set_max, libvips operation.h). One worker thread
/// per decode: each upload's CPU cost stays one core, however large the
/// picture (vips_concurrency_set). Loaders libvips marks untrusted (ImageMagick,
/// PDF, MATLAB, …) are refused outright (vips_block_untrusted_set, 8.13+).
static inline int quarry_vips_init(void) {
    if (vips_init("quarry") != 0) return -1;
    vips_cache_set_max(0);
    vips_concurrency_set(1);
    vips_block_untrusted_set(TRUE);
    return 0;
}

/// Opens a PNG for one sequential pass. libvips reads the header only (the
/// width and height are known, no pixel is decoded until one is asked for:
/// 0.2 ms for a 30,000 × 30,000 bomb here, 3.4 s to decode it). `fail_on`
/// warning refuses a truncated or corrupt file instead of returning grey;
/// `unlimited` stays FALSE so libpng keeps its limits on metadata chunks
/// (pngload's "Remove all denial of service limits", libvips 8.14).
static inline VipsImage *quarry_vips_pngload_header(const char *path) {
    VipsImage *out = NULL;
    if (vips_pngload(path, &out, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", VIPS_FAIL_ON_WARNING,
                     "unlimited", FALSE, NULL) != 0) return NULL;
    return out;
}

/// Opens a JPEG for one sequential pass, like quarry_vips_pngload_header:
/// header only, strict, and with jpegload's denial-of-service limits kept
/// (`unlimited` FALSE), never rotated (the stored file is the uploaded one).
static inline VipsImage *quarry_vips_jpegload_header(const char *path) {
    VipsImage *out = NULL;
    if (vips_jpegload(path, &out, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", VIPS_FAIL_ON_WARNING,
                      "unlimited", FALSE, "autorotate", FALSE, NULL) != 0) return NULL;
    return out;
}

/// Decodes every pixel (vips_avg reads the whole image), so damage anywhere
/// in the file surfaces as an error; returns 0 on success.
static inline int quarry_vips_decode_all(VipsImage *image) {
    double average = 0;
    return vips_avg(image, &average, NULL);
}

/// A black image of the given size and bands (tests draw on it).
static inline VipsImage *quarry_vips_black(int width, int height, int bands) {
    VipsImage *out = NULL;
    if (vips_black(&out, width, height, "bands", bands, NULL) != 0) return NULL;
    return out;
}

/// Writes `image` as PNG; returns 0 on success.
static inline int quarry_vips_pngsave(VipsImage *image, const char *path) {
    return vips_pngsave(image, path, NULL);
}

/// Writes `image` as baseline JPEG; returns 0 on success.
static inline int quarry_vips_jpegsave(VipsImage *image, const char *path) {
    return vips_jpegsave(image, path, NULL);
}

/// Writes the JPEG at `in` to `out` as a photo to publish (issue 16, Foodstabook 2.5): its EXIF
/// orientation applied to the pixels (vips_autorot), fitted inside max_width × max_height with the aspect
/// kept and never enlarged (vips_resize), and saved with every metadata block stripped (EXIF with its GPS
/// position, XMP, IPTC, ICC: jpegsave's `strip`, libvips 8.14). The loader is as strict as
/// quarry_vips_jpegload_header. Sets the saved size; returns 0 on success.
static inline int quarry_vips_photo_fit(const char *in, const char *out, int max_width, int max_height,
                                        int *out_width, int *out_height) {
    VipsImage *loaded = NULL, *rotated = NULL, *fitted = NULL;
    int result = -1;
    if (vips_jpegload(in, &loaded, "fail_on", VIPS_FAIL_ON_WARNING, "unlimited", FALSE, "autorotate", FALSE,
                      NULL) != 0) goto done;
    if (vips_autorot(loaded, &rotated, NULL) != 0) goto done;
    double width = vips_image_get_width(rotated), height = vips_image_get_height(rotated);
    double scale = max_width / width < max_height / height ? max_width / width : max_height / height;
    if (scale < 1.0) {
        if (vips_resize(rotated, &fitted, scale, NULL) != 0) goto done;
    } else {
        fitted = rotated;
        g_object_ref(fitted);
    }
    if (vips_jpegsave(fitted, out, "strip", TRUE, "Q", 85, NULL) != 0) goto done;
    *out_width = vips_image_get_width(fitted);
    *out_height = vips_image_get_height(fitted);
    result = 0;
done:
    if (loaded) g_object_unref(loaded);
    if (rotated) g_object_unref(rotated);
    if (fitted) g_object_unref(fitted);
    return result;
}

/// The image at `path` shrunk to at most `size` × `size` pixels (aspect kept, never enlarged), as sRGB bytes, 3 per pixel
/// row by row, alpha flattened onto black: what DominantColors counts. Returns a buffer to release with
/// g_free, its width and height, or NULL on failure. Only for files ImageInspector has already accepted.
static inline unsigned char *quarry_vips_small_rgb(const char *path, int size, int *width, int *height) {
    VipsImage *thumb = NULL, *srgb = NULL, *flat = NULL, *rgb = NULL, *bytes = NULL;
    unsigned char *pixels = NULL;
    if (vips_thumbnail(path, &thumb, size, "height", size, "size", VIPS_SIZE_DOWN, NULL) != 0) goto done;
    if (vips_colourspace(thumb, &srgb, VIPS_INTERPRETATION_sRGB, NULL) != 0) goto done;
    if (vips_image_hasalpha(srgb)) {
        if (vips_flatten(srgb, &flat, NULL) != 0) goto done;
    } else {
        flat = srgb;
        g_object_ref(flat);
    }
    if (vips_extract_band(flat, &rgb, 0, "n", 3, NULL) != 0) goto done;
    if (vips_cast_uchar(rgb, &bytes, NULL) != 0) goto done;
    size_t length = 0;
    pixels = vips_image_write_to_memory(bytes, &length);
    if (pixels) {
        *width = vips_image_get_width(bytes);
        *height = vips_image_get_height(bytes);
    }
done:
    if (thumb) g_object_unref(thumb);
    if (srgb) g_object_unref(srgb);
    if (flat) g_object_unref(flat);
    if (rgb) g_object_unref(rgb);
    if (bytes) g_object_unref(bytes);
    return pixels;
}

/// Releases an image (the VIPS_UNREF macro's work).
static inline void quarry_vips_unref(VipsImage *image) {
    if (image) g_object_unref(image);
}

#endif
