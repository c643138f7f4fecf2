// baseline.c - the C structures our engine is measured against, on a box file and a
// points file (docs/box-files.md). Plain C99, no dependencies:
//
//   cc -O2 -o baseline perf/baseline/baseline.c
//   baseline BOXES POINTS [--only NAME,...] [--reps R] [--budget-ms T]
//
// Structures:
//   uikit-walk    UIKit's own descent over pre-order arrays: from the last window, test
//                 children last to first and go into the first that holds the point; the
//                 deepest box reached is the answer. No index: the cost is the number of
//                 siblings tested on the way down.
//   packed-rtree  a static R-tree packed by sort-tile-recursive (STR), 16 entries a node,
//                 float boxes in separate arrays per coordinate. Each entry keeps the
//                 highest box index below it, and a node's entries are sorted by it, highest
//                 first: the search enters the most promising child first, stops a leaf at
//                 its first hit, and skips every child that cannot beat the answer so far.
//
// For every structure: the build (median of 3), ns per query (median and minimum of R
// timed batches over the points, after one warm-up batch), the points asked, the checksum
// (the sum of the answers, -1 for none), bytes per box. Every answer is compared point by
// point with packed-rtree's, and both with a linear scan of all boxes on the first
// points; a structure whose batch would take longer than the budget runs the first K
// points only (K printed), and is compared on those.
//
// Exit status: 0 when every answer agrees, 1 on a disagreement, 2 on bad input or usage.

#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { FANOUT = 16, MAX_DEPTH_STACK = 64 * FANOUT, SCAN_CHECK = 2000 };

__attribute__((format(printf, 1, 2), noreturn)) static void fail(const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    fputs("baseline: ", stderr);
    vfprintf(stderr, fmt, args);
    fputc('\n', stderr);
    va_end(args);
    exit(2);
}

static void *allocate(size_t bytes) {
    void *p = malloc(bytes ? bytes : 1);
    if (!p) fail("out of memory (%zu bytes)", bytes);
    return p;
}

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

// ------------------------------------------------------------------------------ reading

// The numbers of a text file in order, with '#' comments dropped, and the line of each
// number for messages.
typedef struct {
    const char *path;
    char *text;
    char *at;
    long line;
} Tokens;

static void tokens_open(Tokens *t, const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) fail("%s: %s", path, strerror(errno));
    size_t size = 0, capacity = 1 << 20;
    char *text = allocate(capacity);
    for (;;) {
        size += fread(text + size, 1, capacity - size - 1, f);
        if (ferror(f)) fail("%s: cannot read", path);
        if (feof(f)) break;
        capacity *= 2;
        text = realloc(text, capacity);
        if (!text) fail("%s: out of memory", path);
    }
    fclose(f);
    text[size] = '\0';
    *t = (Tokens){path, text, text, 1};
}

// Moves to the next number; returns 0 at the end of the file.
static int tokens_skip(Tokens *t) {
    for (;;) {
        char c = *t->at;
        if (c == '\n') t->line++;
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            t->at++;
        } else if (c == '#') {
            while (*t->at && *t->at != '\n') t->at++;
        } else {
            return c != '\0';
        }
    }
}

// Whether the number just read ends its line (only blanks or a comment after it).
static int tokens_line_ends(const Tokens *t) {
    const char *p = t->at;
    while (*p == ' ' || *p == '\t' || *p == '\r') p++;
    return *p == '\0' || *p == '\n' || *p == '#';
}

static double tokens_number(Tokens *t, const char *what) {
    if (!tokens_skip(t)) fail("%s: the file ends before %s", t->path, what);
    char *end;
    double v = strtod(t->at, &end);
    if (end == t->at || (*end && !strchr(" \t\r\n#", *end)))
        fail("%s:%ld: %s is not a number", t->path, t->line, what);
    t->at = end;
    return v;
}

static long tokens_count(Tokens *t, const char *what) {
    double v = tokens_number(t, what);
    if (!(v >= 1 && v <= 100000000 && v == floor(v)) || !tokens_line_ends(t))
        fail("%s:%ld: the first value must be the %s alone on its line, 1 to 100000000", t->path,
             t->line, what);
    return (long)v;
}

static float exact_float(const Tokens *t, double v, const char *what) {
    float f = (float)v;
    if ((double)f != v && v == v)
        fail("%s:%ld: %s %.17g is not exact as a float; these structures keep floats", t->path,
             t->line, what, v);
    return f;
}

// Boxes in paint order (pre-order), one array per coordinate.
typedef struct {
    int n;
    float *x0, *y0, *x1, *y1;
    int *size; // boxes in the subtree, itself included
} Boxes;

static void read_boxes(const char *path, Boxes *b) {
    Tokens t;
    tokens_open(&t, path);
    int n = (int)tokens_count(&t, "box count");
    b->n = n;
    b->x0 = allocate(sizeof(float) * n);
    b->y0 = allocate(sizeof(float) * n);
    b->x1 = allocate(sizeof(float) * n);
    b->y1 = allocate(sizeof(float) * n);
    b->size = allocate(sizeof(int) * n);
    int *open_end = allocate(sizeof(int) * n); // end of each open ancestor's subtree
    int depth = 0;
    for (int i = 0; i < n; i++) {
        b->x0[i] = exact_float(&t, tokens_number(&t, "minX"), "minX");
        b->y0[i] = exact_float(&t, tokens_number(&t, "minY"), "minY");
        b->x1[i] = exact_float(&t, tokens_number(&t, "maxX"), "maxX");
        b->y1[i] = exact_float(&t, tokens_number(&t, "maxY"), "maxY");
        double s = tokens_number(&t, "subtreeSize");
        if (!tokens_line_ends(&t)) fail("%s:%ld: more than five values on a box line", path, t.line);
        if (!isfinite(b->x0[i]) || !isfinite(b->y0[i]) || !isfinite(b->x1[i]) || !isfinite(b->y1[i]))
            fail("%s:%ld: box %d has a coordinate that is not finite", path, t.line, i);
        while (depth > 0 && open_end[depth - 1] <= i) depth--;
        long limit = depth > 0 ? open_end[depth - 1] - i : n - i;
        if (!(s >= 1 && s <= limit && s == floor(s)))
            fail("%s:%ld: box %d: subtreeSize %g is not in 1...%ld", path, t.line, i, s, limit);
        b->size[i] = (int)s;
        open_end[depth++] = i + (int)s;
    }
    if (tokens_skip(&t)) fail("%s:%ld: values after the %d boxes", path, t.line, n);
    free(open_end);
    free(t.text);
}

typedef struct {
    int m;
    float *x, *y;
} Points;

static void read_points(const char *path, Points *p) {
    Tokens t;
    tokens_open(&t, path);
    int m = (int)tokens_count(&t, "point count");
    p->m = m;
    p->x = allocate(sizeof(float) * m);
    p->y = allocate(sizeof(float) * m);
    for (int i = 0; i < m; i++) {
        p->x[i] = exact_float(&t, tokens_number(&t, "x"), "x");
        p->y[i] = exact_float(&t, tokens_number(&t, "y"), "y");
        if (!tokens_line_ends(&t)) fail("%s:%ld: more than two values on a point line", path, t.line);
    }
    if (tokens_skip(&t)) fail("%s:%ld: values after the %d points", path, t.line, m);
    free(t.text);
}

// Half-open, as CGRectContainsPoint; false for NaN and for an empty box.
static inline int holds(float x0, float y0, float x1, float y1, float x, float y) {
    return x0 <= x && x < x1 && y0 <= y && y < y1;
}

// ------------------------------------------------------------------------------ linear scan

// The definition itself: the highest index among the boxes that hold the point.
static int scan_answer(const Boxes *b, float x, float y) {
    for (int i = b->n - 1; i >= 0; i--)
        if (holds(b->x0[i], b->y0[i], b->x1[i], b->y1[i], x, y)) return i;
    return -1;
}

// ------------------------------------------------------------------------------ uikit-walk

// Pre-order boxes with, for each, its last child and the sibling painted before it; entry n
// is a root above the windows. Children are tested last to first, as hitTest does.
typedef struct {
    int n;
    float *x0, *y0, *x1, *y1;
    int *last_child;     // n + 1 entries, -1 for a leaf
    int *previous;       // the sibling before, -1 for the first
    size_t bytes;
} Walk;

static void *walk_build(const Boxes *b) {
    Walk *w = allocate(sizeof(Walk));
    int n = b->n;
    w->n = n;
    w->x0 = allocate(sizeof(float) * n);
    w->y0 = allocate(sizeof(float) * n);
    w->x1 = allocate(sizeof(float) * n);
    w->y1 = allocate(sizeof(float) * n);
    w->last_child = allocate(sizeof(int) * (n + 1));
    w->previous = allocate(sizeof(int) * n);
    memcpy(w->x0, b->x0, sizeof(float) * n);
    memcpy(w->y0, b->y0, sizeof(float) * n);
    memcpy(w->x1, b->x1, sizeof(float) * n);
    memcpy(w->y1, b->y1, sizeof(float) * n);
    for (int i = 0; i <= n; i++) w->last_child[i] = -1;
    // Each box's children follow it, each after the previous child's subtree.
    int *parent_stack = allocate(sizeof(int) * (n + 1));
    int depth = 0;
    for (int i = 0; i < n; i++) {
        while (depth > 0 && parent_stack[depth - 1] + b->size[parent_stack[depth - 1]] <= i) depth--;
        int parent = depth > 0 ? parent_stack[depth - 1] : n;
        w->previous[i] = w->last_child[parent];
        w->last_child[parent] = i;
        parent_stack[depth++] = i;
    }
    free(parent_stack);
    w->bytes = sizeof(float) * 4 * (size_t)n + sizeof(int) * (2 * (size_t)n + 1);
    return w;
}

static void walk_free(void *p) {
    Walk *w = p;
    free(w->x0); free(w->y0); free(w->x1); free(w->y1);
    free(w->last_child); free(w->previous);
    free(w);
}

static size_t walk_bytes(const void *p) { return ((const Walk *)p)->bytes; }

__attribute__((noinline)) static void walk_query(const void *p, const Points *q, int count, int *out) {
    const Walk *w = p;
    for (int k = 0; k < count; k++) {
        float x = q->x[k], y = q->y[k];
        int hit = -1;
        int c = w->last_child[w->n];
        while (c >= 0) {
            if (holds(w->x0[c], w->y0[c], w->x1[c], w->y1[c], x, y)) {
                hit = c;
                c = w->last_child[c];
            } else {
                c = w->previous[c];
            }
        }
        out[k] = hit;
    }
}

// ------------------------------------------------------------------------------ packed-rtree

// Levels stored leaves first; a node is FANOUT consecutive entries of the level below.
// Entry e of level L holds a box, the highest box index under it, and (above the leaves)
// where its node's entries start in the level below.
typedef struct {
    int levels;
    int start[40], count[40]; // entries of each level; level 0 are the boxes themselves
    float *x0, *y0, *x1, *y1;
    int *top;   // highest box index under the entry (a leaf entry: its box index)
    int *first; // above level 0: the first entry of its node in the level below
    int *end;   // above level 0: one past its node's last entry
    size_t entries;
} RTree;

typedef struct {
    float key;
    int item;
} Keyed;

static int by_key(const void *a, const void *b) {
    float x = ((const Keyed *)a)->key, y = ((const Keyed *)b)->key;
    if (x < y) return -1;
    if (x > y) return 1;
    return ((const Keyed *)a)->item - ((const Keyed *)b)->item;
}

// Sort-tile-recursive order of n boxes: sorted by centre x into vertical slices of
// slice_items, each slice sorted by centre y.
static void str_order(int n, const float *x0, const float *y0, const float *x1, const float *y1,
                      int *order) {
    Keyed *k = allocate(sizeof(Keyed) * (n ? n : 1));
    for (int i = 0; i < n; i++) k[i] = (Keyed){0.5f * x0[i] + 0.5f * x1[i], i};
    qsort(k, n, sizeof(Keyed), by_key);
    int leaves = (n + FANOUT - 1) / FANOUT;
    int slices = (int)ceil(sqrt((double)leaves));
    int slice_items = ((leaves + slices - 1) / slices) * FANOUT;
    for (int s = 0; s < n; s += slice_items) {
        int e = s + slice_items < n ? s + slice_items : n;
        for (int i = s; i < e; i++) {
            int item = k[i].item;
            k[i].key = 0.5f * y0[item] + 0.5f * y1[item];
        }
        qsort(k + s, e - s, sizeof(Keyed), by_key);
    }
    for (int i = 0; i < n; i++) order[i] = k[i].item;
    free(k);
}

static void *rtree_build(const Boxes *b) {
    RTree *t = allocate(sizeof(RTree));
    int n = b->n;
    size_t total = 0;
    int levels = 0;
    for (int c = n;; c = (c + FANOUT - 1) / FANOUT) {
        t->start[levels] = (int)total;
        t->count[levels] = c;
        total += (size_t)c;
        levels++;
        if (c == 1) break;
    }
    t->levels = levels;
    t->entries = total;
    t->x0 = allocate(sizeof(float) * total);
    t->y0 = allocate(sizeof(float) * total);
    t->x1 = allocate(sizeof(float) * total);
    t->y1 = allocate(sizeof(float) * total);
    t->top = allocate(sizeof(int) * total);
    t->first = allocate(sizeof(int) * total);
    t->end = allocate(sizeof(int) * total);
    int *order = allocate(sizeof(int) * n);
    str_order(n, b->x0, b->y0, b->x1, b->y1, order);
    for (int i = 0; i < n; i++) {
        int item = order[i];
        t->x0[i] = b->x0[item];
        t->y0[i] = b->y0[item];
        t->x1[i] = b->x1[item];
        t->y1[i] = b->y1[item];
        t->top[i] = item;
        t->first[i] = t->end[i] = -1;
    }
    free(order);
    for (int level = 0; level < levels; level++) {
        // Each node's entries, highest top first (a node's entries stay contiguous, so
        // the level above, built next, still finds them).
        int base = t->start[level], count = t->count[level];
        for (int from = 0; from < count; from += FANOUT) {
            int to = from + FANOUT < count ? from + FANOUT : count;
            for (int i = base + from + 1; i < base + to; i++) {
                float a = t->x0[i], b = t->y0[i], c = t->x1[i], d = t->y1[i];
                int top = t->top[i], first = t->first[i], end = t->end[i], j = i;
                for (; j > base + from && t->top[j - 1] < top; j--) {
                    t->x0[j] = t->x0[j - 1]; t->y0[j] = t->y0[j - 1];
                    t->x1[j] = t->x1[j - 1]; t->y1[j] = t->y1[j - 1];
                    t->top[j] = t->top[j - 1]; t->first[j] = t->first[j - 1]; t->end[j] = t->end[j - 1];
                }
                t->x0[j] = a; t->y0[j] = b; t->x1[j] = c; t->y1[j] = d;
                t->top[j] = top; t->first[j] = first; t->end[j] = end;
            }
        }
        if (level + 1 == levels) break;
        int parent = level + 1;
        int below = t->start[parent - 1], below_count = t->count[parent - 1];
        for (int node = 0; node < t->count[parent]; node++) {
            int e = t->start[parent] + node;
            int from = below + node * FANOUT;
            int to = below + (node + 1) * FANOUT < below + below_count ? below + (node + 1) * FANOUT
                                                                      : below + below_count;
            float a = FLT_MAX, c = FLT_MAX, d = -FLT_MAX, f = -FLT_MAX;
            int top = -1;
            for (int i = from; i < to; i++) {
                // An empty box holds nothing: it widens no node.
                if (t->x0[i] < t->x1[i] && t->y0[i] < t->y1[i]) {
                    a = fminf(a, t->x0[i]);
                    c = fminf(c, t->y0[i]);
                    d = fmaxf(d, t->x1[i]);
                    f = fmaxf(f, t->y1[i]);
                }
                if (t->top[i] > top) top = t->top[i];
            }
            t->x0[e] = a;
            t->y0[e] = c;
            t->x1[e] = d;
            t->y1[e] = f;
            t->top[e] = top;
            t->first[e] = from;
            t->end[e] = to;
        }
    }
    return t;
}

static void rtree_free(void *p) {
    RTree *t = p;
    free(t->x0); free(t->y0); free(t->x1); free(t->y1);
    free(t->top); free(t->first); free(t->end);
    free(t);
}

static size_t rtree_bytes(const void *p) {
    const RTree *t = p;
    return t->entries * (4 * sizeof(float) + 3 * sizeof(int));
}

__attribute__((noinline)) static void rtree_query(const void *p, const Points *q, int count, int *out) {
    const RTree *t = p;
    int stack[MAX_DEPTH_STACK];
    int root = t->start[t->levels - 1];
    for (int k = 0; k < count; k++) {
        float x = q->x[k], y = q->y[k];
        int best = -1, sp = 0;
        if (holds(t->x0[root], t->y0[root], t->x1[root], t->y1[root], x, y)) stack[sp++] = root;
        while (sp > 0) {
            int e = stack[--sp];
            if (t->top[e] <= best) continue; // nothing below can beat the answer so far
            int from = t->first[e], to = t->end[e];
            if (from < t->count[0]) {
                // Leaves, highest index first: the first that holds the point is the best.
                for (int i = from; i < to && t->top[i] > best; i++)
                    if (holds(t->x0[i], t->y0[i], t->x1[i], t->y1[i], x, y)) {
                        best = t->top[i];
                        break;
                    }
            } else {
                // Pushed lowest first, so the child with the highest index is searched first.
                for (int i = to - 1; i >= from; i--)
                    if (t->top[i] > best && holds(t->x0[i], t->y0[i], t->x1[i], t->y1[i], x, y))
                        stack[sp++] = i;
            }
        }
        out[k] = best;
    }
}

// ------------------------------------------------------------------------------ harness

typedef struct {
    const char *name;
    void *(*build)(const Boxes *);
    void (*release)(void *);
    size_t (*bytes)(const void *);
    void (*query)(const void *, const Points *, int, int *);
} Structure;

static const Structure STRUCTURES[] = {
    {"packed-rtree", rtree_build, rtree_free, rtree_bytes, rtree_query},
    {"uikit-walk", walk_build, walk_free, walk_bytes, walk_query},
};

static int wanted(const char *name, const char *only) {
    if (!only) return 1;
    size_t length = strlen(name);
    for (const char *p = only; *p;) {
        const char *comma = strchr(p, ',');
        size_t l = comma ? (size_t)(comma - p) : strlen(p);
        if (l == length && strncmp(p, name, l) == 0) return 1;
        if (!comma) break;
        p = comma + 1;
    }
    return 0;
}

static int by_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void usage(void) {
    fputs("usage: baseline BOXES POINTS [--only packed-rtree,uikit-walk] [--reps R] [--budget-ms T]\n"
          "  BOXES and POINTS as docs/box-files.md describes (hittest export writes both).\n"
          "  --reps R       timed batches after the warm-up batch (default 5)\n"
          "  --budget-ms T  a structure whose batch would take longer runs only the first K\n"
          "                 points that fit (default 250)\n",
          stderr);
    exit(2);
}

int main(int argc, char **argv) {
    const char *files[2] = {0, 0}, *only = 0;
    int nfiles = 0, reps = 5;
    double budget_ms = 250;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
        else if (!strcmp(argv[i], "--reps") && i + 1 < argc) reps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--budget-ms") && i + 1 < argc) budget_ms = atof(argv[++i]);
        else if (argv[i][0] == '-' && argv[i][1]) usage();
        else if (nfiles < 2) files[nfiles++] = argv[i];
        else usage();
    }
    if (nfiles != 2 || reps < 1 || reps > 1000 || !(budget_ms > 0)) usage();

    Boxes boxes;
    Points points;
    read_boxes(files[0], &boxes);
    read_points(files[1], &points);
    int m = points.m;
    printf("# %s: %d boxes; %s: %d points; %d timed batches after a warm-up\n", files[0], boxes.n,
           files[1], m, reps);

    // The answers every structure is checked against: packed-rtree's on every point, and
    // those checked against the linear scan on the first points.
    int *expected = allocate(sizeof(int) * m), *answers = allocate(sizeof(int) * m);
    {
        void *t = rtree_build(&boxes);
        rtree_query(t, &points, m, expected);
        rtree_free(t);
    }
    int disagreements = 0;
    int scanned = m < SCAN_CHECK ? m : SCAN_CHECK;
    for (int k = 0; k < scanned; k++) {
        int a = scan_answer(&boxes, points.x[k], points.y[k]);
        if (a != expected[k]) {
            if (disagreements++ < 5)
                fprintf(stderr, "baseline: point %d (%g, %g): packed-rtree %d, linear scan %d\n", k,
                        points.x[k], points.y[k], expected[k], a);
        }
    }
    long long checksum = 0;
    for (int k = 0; k < m; k++) checksum += expected[k];

    printf("%-14s %10s %12s %12s %9s %16s %7s %s\n", "structure", "build_ms", "ns/q_median", "ns/q_min",
           "queries", "checksum", "B/box", "agrees");
    double *times = allocate(sizeof(double) * reps);
    int ran = 0;
    for (size_t s = 0; s < sizeof STRUCTURES / sizeof STRUCTURES[0]; s++) {
        const Structure *st = &STRUCTURES[s];
        if (!wanted(st->name, only)) continue;
        ran++;
        double builds[3];
        void *built = 0;
        for (int r = 0; r < 3; r++) {
            if (built) st->release(built);
            double t0 = now_ns();
            built = st->build(&boxes);
            builds[r] = now_ns() - t0;
        }
        qsort(builds, 3, sizeof(double), by_double);
        int count = m;
        {
            int probe = m < 256 ? m : 256;
            double t0 = now_ns();
            st->query(built, &points, probe, answers);
            double per = (now_ns() - t0) / probe;
            if (per * m > budget_ms * 1e6) {
                count = (int)(budget_ms * 1e6 / per);
                count = count < probe ? probe : count;
            }
        }
        st->query(built, &points, count, answers); // the warm-up batch; its answers are checked
        long long sum = 0;
        int wrong = 0;
        for (int k = 0; k < count; k++) {
            sum += answers[k];
            if (answers[k] != expected[k] && wrong++ < 5)
                fprintf(stderr, "baseline: %s: point %d (%g, %g): %d, packed-rtree %d\n", st->name, k,
                        points.x[k], points.y[k], answers[k], expected[k]);
        }
        disagreements += wrong;
        for (int r = 0; r < reps; r++) {
            double t0 = now_ns();
            st->query(built, &points, count, answers);
            times[r] = (now_ns() - t0) / count;
        }
        qsort(times, reps, sizeof(double), by_double);
        printf("%-14s %10.3f %12.1f %12.1f %9d %16lld %7.1f %s\n", st->name, builds[1] / 1e6,
               times[reps / 2], times[0], count, sum, (double)st->bytes(built) / boxes.n,
               wrong ? "NO" : count < m ? "yes (first K points)" : "yes");
        fflush(stdout);
        st->release(built);
    }
    if (!ran) fail("--only %s names no structure (packed-rtree, uikit-walk)", only);
    printf("# checksum over all %d points: %lld\n", m, checksum);
    printf("# %s\n", disagreements ? "DISAGREEMENT: see standard error"
                                   : "every answer agrees (and the first points with a linear scan)");
    free(times);
    free(expected);
    free(answers);
    return disagreements ? 1 : 0;
}
