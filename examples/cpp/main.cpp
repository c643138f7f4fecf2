// The C API from C++: a small RAII owner for a world, a grid of tiles, and a batch
// query answered on two threads.
#include <hittest/hittest.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

class World {
public:
    explicit World(const htWorldDef& def) : id_(htCreateWorld(&def)) {
        if (HT_IS_NULL(id_)) throw std::runtime_error(htGetLastErrorMessage());
    }
    ~World() { htDestroyWorld(id_); }
    World(const World&) = delete;
    World& operator=(const World&) = delete;

    htWorldId id() const { return id_; }

    htViewId add(htViewId parent, const std::string& name, htRect frame) {
        htViewDef def = htDefaultViewDef();
        def.name = name.c_str();
        def.frame = frame;
        htViewId v = HT_IS_NULL(parent) ? htWorld_AddWindow(id_, &def)
                                        : htWorld_AddView(id_, parent, &def);
        if (HT_IS_NULL(v)) throw std::runtime_error(htGetLastErrorMessage());
        return v;
    }

    std::string name(htViewId v) const {
        char buffer[64];
        if (htView_GetName(v, buffer, sizeof buffer, nullptr) != HT_OK) return "?";
        return buffer;
    }

private:
    htWorldId id_;
};

}  // namespace

int main() {
    World world(htDefaultWorldDef());
    htViewId window = world.add(htNullViewId, "window", {0, 0, 400, 400});
    for (int y = 0; y < 8; y++) {
        for (int x = 0; x < 8; x++) {
            world.add(window, "tile-" + std::to_string(y * 8 + x), {x * 50.0, y * 50.0, 48, 48});
        }
    }
    std::vector<htVec2> points = {{10, 10}, {75, 25}, {399, 399}, {49, 10}, {500, 5}};
    std::vector<htHit> hits(points.size());
    if (htWorld_HitTestBatch(world.id(), points.data(), static_cast<int32_t>(points.size()),
                             hits.data(), 2) != HT_OK) {
        std::fprintf(stderr, "batch: %s\n", htGetLastErrorMessage());
        return 1;
    }
    for (size_t i = 0; i < points.size(); i++) {
        std::printf("(%g, %g) -> %s\n", points[i].x, points[i].y,
                    HT_IS_NULL(hits[i].view) ? "nothing" : world.name(hits[i].view).c_str());
    }
    return 0;
}
