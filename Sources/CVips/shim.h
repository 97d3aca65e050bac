// libvips for photos. Its calls take options as C varargs, which Swift cannot call, so the few
// this project uses are wrapped here with fixed arguments.
#include <vips/vips.h>

static inline int yaruki_vips_init(void) {
    if (vips_init("yaruki")) return -1;
    // Requests come and go; keep the operation cache small and the thread pool to what we give it.
    vips_cache_set_max(16);
    vips_concurrency_set(1);
    return 0;
}

static inline const char *yaruki_vips_error(void) { return vips_error_buffer(); }
static inline void yaruki_vips_error_clear(void) { vips_error_clear(); }

/// The size of the image at `path` from its header only (nothing decoded); -1 when it is not an image vips reads.
static inline int yaruki_vips_header(const char *path, int *width, int *height) {
    VipsImage *image = vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (!image) return -1;
    *width = vips_image_get_width(image);
    *height = vips_image_get_height(image);
    g_object_unref(image);
    return 0;
}

/// The EXIF block of the image at `path` as libvips reads it from any format it loads (HEIC
/// through libheif included), header only; copied to `*out` (freed with g_free). 1 when the
/// image has none, -1 when it is not an image vips reads.
static inline int yaruki_vips_exif(const char *path, void **out, size_t *length) {
    VipsImage *image = vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (!image) return -1;
    const void *data = NULL;
    size_t size = 0;
    int found = vips_image_get_typeof(image, VIPS_META_EXIF_NAME) && !vips_image_get_blob(image, VIPS_META_EXIF_NAME, &data, &size) && size > 0;
    if (found) {
        *out = g_memdup2(data, size);
        *length = size;
    }
    g_object_unref(image);
    return found ? 0 : 1;
}

/// Fits the image at `path` in `box` × `box` (never enlarging), turned upright by its EXIF
/// orientation, in sRGB, alpha flattened onto white, saved as a progressive JPEG with every
/// piece of metadata (EXIF, XMP, IPTC, ICC) left out. `*out` is freed with g_free.
static inline int yaruki_vips_jpeg(const char *path, int box, int quality, void **out, size_t *length, int *width, int *height) {
    VipsImage *image = NULL;
    if (vips_thumbnail(path, &image, box, "height", box, "size", VIPS_SIZE_DOWN, NULL)) return -1;
    if (vips_image_hasalpha(image)) {
        VipsImage *flat = NULL;
        double white[3] = {255, 255, 255};
        VipsArrayDouble *background = vips_array_double_new(white, 3);
        int failed = vips_flatten(image, &flat, "background", background, NULL);
        vips_area_unref(VIPS_AREA(background));
        g_object_unref(image);
        if (failed) return -1;
        image = flat;
    }
    if (vips_image_get_interpretation(image) != VIPS_INTERPRETATION_sRGB && vips_image_get_bands(image) >= 3) {
        VipsImage *srgb = NULL;
        int failed = vips_colourspace(image, &srgb, VIPS_INTERPRETATION_sRGB, NULL);
        g_object_unref(image);
        if (failed) return -1;
        image = srgb;
    }
    *width = vips_image_get_width(image);
    *height = vips_image_get_height(image);
    int failed = vips_jpegsave_buffer(image, out, length, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, "interlace", TRUE, NULL);
    g_object_unref(image);
    return failed ? -1 : 0;
}
