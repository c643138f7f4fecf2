// Internal shim: makes the system zlib (<zlib.h>, Debian package zlib1g-dev) a Swift
// module for HitTestRender's PNG encoder. Not part of HitTestKit's API.
#ifndef CHITTESTZLIB_H
#define CHITTESTZLIB_H
#include <zlib.h>

// deflateInit is a macro; Swift cannot call macros with arguments.
static inline int htZlib_deflateInit(z_streamp stream, int level) {
    return deflateInit(stream, level);
}

static inline int htZlib_inflateInit(z_streamp stream) {
    return inflateInit(stream);
}
#endif
