# perf/lib/library.sh: sourced by the perf scripts that build this repository's CMake
# library and link a C program against it.
#
#   require_tools SCRIPT PACKAGES TOOL...   exit 2 naming the first missing tool
#   build_library SOURCE_ROOT OUT           configure, build and install the shared library in
#                                           release into OUT/lib and OUT/prefix (no tests)

require_tools() {
    local script=$1 packages=$2
    shift 2
    local tool
    for tool in "$@"; do
        command -v "$tool" >/dev/null || {
            echo "$script: $tool is not installed (apt-get install -y $packages)" >&2
            exit 2
        }
    done
}

build_library() {
    local source=$1 out=$2
    cmake -G Ninja -S "$source" -B "$out/lib" -DCMAKE_BUILD_TYPE=Release \
        -DHITTEST_BUILD_TESTS=OFF -DHITTEST_BUILD_STATIC=OFF \
        -DCMAKE_INSTALL_PREFIX="$out/prefix" &&
        cmake --build "$out/lib" && cmake --install "$out/lib"
}
