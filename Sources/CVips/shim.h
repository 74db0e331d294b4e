#ifndef QUARRY_CVIPS_SHIM_H
#define QUARRY_CVIPS_SHIM_H

// libvips for Swift. Every vips_* operation is C-variadic (a NULL-terminated
// list of optional arguments), which Swift cannot call: each operation Quarry
// uses gets a fixed-argument static inline wrapper here. VIPS_INIT and
// VIPS_UNREF are macros Swift does not import; quarry_vips_init and
// g_object_unref stand in for them.
#include <vips/vips.h>

/// Starts libvips once per process; returns 0 on success.
static inline int quarry_vips_init(void) {
    return vips_init("quarry");
}

/// Opens an image file for one sequential pass, failing on any decoder
/// warning (a truncated or corrupt JPEG or PNG) instead of returning grey.
static inline VipsImage *quarry_vips_open_strict(const char *path) {
    return vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", VIPS_FAIL_ON_WARNING, NULL);
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

/// Releases an image (the VIPS_UNREF macro's work).
static inline void quarry_vips_unref(VipsImage *image) {
    if (image) g_object_unref(image);
}

#endif
