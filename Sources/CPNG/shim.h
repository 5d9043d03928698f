#ifndef RINGS_CPNG_SHIM_H
#define RINGS_CPNG_SHIM_H
#include <png.h>
#include <string.h>

/* Starts reading `path`; fills in its width and height. 0 on failure (image->message says why). */
static inline int rings_png_begin_read(png_image *image, const char *path) {
    memset(image, 0, sizeof *image);
    image->version = PNG_IMAGE_VERSION;
    return png_image_begin_read_from_file(image, path);
}

/* Finishes reading into `rgba` (width * height * 4 bytes, straight alpha). */
static inline int rings_png_finish_read(png_image *image, void *rgba) {
    image->format = PNG_FORMAT_RGBA;
    return png_image_finish_read(image, NULL, rgba, 0, NULL);
}

/* Writes `rgba` (straight alpha, rows packed) to `file`. 0 on failure (image->message says why). */
static inline int rings_png_write(png_image *image, FILE *file, png_uint_32 width, png_uint_32 height, const void *rgba) {
    memset(image, 0, sizeof *image);
    image->version = PNG_IMAGE_VERSION;
    image->width = width;
    image->height = height;
    image->format = PNG_FORMAT_RGBA;
    return png_image_write_to_stdio(image, file, 0, rgba, 0, NULL);
}
#endif
