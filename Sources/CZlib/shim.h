#ifndef QUARRY_CZLIB_SHIM_H
#define QUARRY_CZLIB_SHIM_H

// zlib for Swift: measures compressed PNG metadata (zTXt, iTXt, iCCP) before
// any decoder sees it (issue 18 "Hardening", image bombs). The loop over
// inflate() stays in C so Swift never handles a z_stream.
#include <stddef.h>
#include <zlib.h>

/// How many bytes the zlib stream `data` inflates to, counted in a scratch
/// buffer that is thrown away; counting stops once it passes `limit`, so a
/// stream of any ratio costs at most `limit` bytes of inflating. -1 when the
/// stream is damaged or ends early.
static inline long long quarry_zlib_inflated_size(const unsigned char *data, size_t length, size_t limit) {
    z_stream stream = {0};
    if (inflateInit(&stream) != Z_OK) return -1;
    unsigned char scratch[65536];
    stream.next_in = (Bytef *)data;
    stream.avail_in = (uInt)length;
    unsigned long long total = 0;
    int status;
    do {
        stream.next_out = scratch;
        stream.avail_out = sizeof scratch;
        status = inflate(&stream, Z_NO_FLUSH);
        total += sizeof scratch - stream.avail_out;
    } while (status == Z_OK && total <= limit);
    inflateEnd(&stream);
    return (status == Z_STREAM_END || total > limit) ? (long long)total : -1;
}

#endif
