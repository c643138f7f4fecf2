// The simdjson side of the loader comparison in perf/RESULTS.md ("Loading scene files"):
// the same scene file read with simdjson (Debian libsimdjson-dev), two ways.
//   dom:      parse the whole document into simdjson's tree (no scene work at all);
//   ondemand: walk the windows and their subviews with the On-Demand API, writing each
//             view's parent, frame, id bytes and class into flat arrays, as the Swift
//             streaming reader does (without its validation).
// Build: g++ -O2 -march=native -std=c++17 load.cpp -lsimdjson -o load
//        (-march=native: On-Demand is compiled into this file; without it, its fallback kernel)
// Run:   taskset -c 1 ./load FILE dom|ondemand      (prints ms, file read included)
#include <simdjson.h>
#include <chrono>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

using namespace simdjson;

struct Flat {
    std::vector<int32_t> parents;
    std::vector<double> frames;
    std::vector<uint8_t> idBytes;
    std::vector<uint32_t> idStart;
    std::vector<std::string> classes;
};

static void view(ondemand::object obj, int32_t parent, Flat &f) {
    int32_t me = (int32_t)f.parents.size();
    f.parents.push_back(parent);
    f.frames.insert(f.frames.end(), {0, 0, 0, 0});
    f.idStart.push_back((uint32_t)f.idBytes.size());
    for (auto field : obj) {
        std::string_view key = field.unescaped_key();
        if (key == "id") {
            std::string_view s = field.value().get_string();
            f.idBytes.insert(f.idBytes.end(), s.begin(), s.end());
        } else if (key == "class") {
            std::string_view s = field.value().get_string();
            if (f.classes.empty() || f.classes.back() != s) f.classes.emplace_back(s);
        } else if (key == "frame") {
            int k = 0;
            for (double x : field.value().get_array()) f.frames[4 * me + (k++ & 3)] = x;
        } else if (key == "subviews") {
            for (auto child : field.value().get_array()) view(child.get_object(), me, f);
        }  // other fields: skipped when the loop moves on
    }
}

int main(int argc, char **argv) {
    if (argc < 3) return 2;
    auto start = std::chrono::steady_clock::now();
    padded_string json = padded_string::load(argv[1]);
    std::string mode = argv[2];
    size_t views = 0;
    if (mode == "dom") {
        dom::parser parser;
        dom::element doc = parser.parse(json);
        views = doc["windows"].get_array().size();
    } else {
        ondemand::parser parser;
        ondemand::document doc = parser.iterate(json);
        Flat f;
        for (auto w : doc["windows"].get_array()) view(w.get_object(), -1, f);
        views = f.parents.size();
    }
    auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::printf("%.1f\n", ms);
    std::fprintf(stderr, "%zu\n", views);
    return 0;
}
