// frames: one frame of an engine that lays out its views itself, our C API against Box2D's
// dynamic tree, in one process, alternated.
//
// The world is the one `hittest bench-dispatch` builds: a window of N views added with
// htWorld_AddViewArrays, every 21st view a container (a 100-point square in a grid), the
// 20 views after it its subviews (5 by 4 cells of 18 by 23 points). Box2D 2.4's
// b2DynamicTree gets the same boxes in screen coordinates, one CreateProxy each, in the
// order the views were created (the tree a host would have if it added its nodes as it
// made them).
//
// A frame: K subviews spread over the world (every (N/K)-th subview) move half a point
// right, or back on the next frame, then one point is hit-tested. Ours: one
// htWorld_SetCenters call with the K new centers, then htWorld_HitTest. Box2D: K
// MoveProxy calls with the boxes moved by the same displacement (each passes the real
// displacement, so the tree may enlarge its fat boxes in that direction), then Query with
// a zero-size box at the point, keeping the highest index that holds it, as the hit test
// answers. The two answers are checked against each other every frame.
//
// Each round runs one frame of each, in alternating order, timed alone with the
// monotonic clock; the report gives the medians (ms), the ratio ours / Box2D's, and the
// first frame of each (ours builds its lane map on the first refit).
//
// Then, on the same world, what a C host's dispatcher costs (as `hittest bench-dispatch`
// measures it in Swift): a dispatcher with one tap recognizer on the view under the
// point; each of D rounds times, alone, a touch-began frame there (htDispatcher_Feed), a
// touch-moved frame (1 point), a touch-ended frame (the tap fires), an idle pointer move
// (htDispatcher_MovePointer, no touch down) and one htWorld_HitTest at the same point;
// before each of the five calls the host moves 1,000 other subviews half a point, back
// and forth (htWorld_SetCenters, not timed). The report gives the medians (ms), a
// touch-began over one hit test, each latency at the largest size over the same at the
// smallest, and the taps counted (every round's must fire).
//
// Usage: frames [--views N,...] [--moves K] [--rounds R] [--dispatch-rounds D] [--json]
#include <hittest/hittest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <box2d/b2_dynamic_tree.h>

namespace {

struct Options {
	std::vector<int> sizes{100000, 1000000};
	int moves = 10000;
	int rounds = 101;
	int dispatchRounds = 1000;
	bool json = false;
};

double nowNs() {
	return (double)std::chrono::duration_cast<std::chrono::nanoseconds>(
			   std::chrono::steady_clock::now().time_since_epoch())
		.count();
}

double median(std::vector<double> v) {
	std::sort(v.begin(), v.end());
	return v[v.size() / 2];
}

[[noreturn]] void fail(const char* what) {
	std::fprintf(stderr, "frames: %s\n", what);
	std::exit(1);
}

void check(htResult r, const char* what) {
	if (r != HT_OK) {
		std::fprintf(stderr, "frames: %s failed (%d)\n", what, (int)r);
		std::exit(1);
	}
}

// Box2D's query callback: the highest proxy index (creation order, so the frontmost view,
// as every later sibling here is in front) whose exact box holds the point, half-open.
struct TopmostQuery {
	const b2DynamicTree* tree;
	const std::vector<double>* boxes; // 4 per view: minX, minY, maxX, maxY (screen)
	double x, y;
	int best = -1;
	bool QueryCallback(int32 proxy) {
		int i = (int)(intptr_t)tree->GetUserData(proxy);
		const double* b = &(*boxes)[4 * i];
		if (i > best && x >= b[0] && x < b[2] && y >= b[1] && y < b[3]) best = i;
		return true;
	}
};

// The dispatcher's latency on one world (medians, ms) and the taps that fired.
struct Latency {
	double beganMs = 0, movedMs = 0, endedMs = 0, pointerMs = 0, hitMs = 0;
	int taps = 0, rounds = 0;
};

struct Row {
	int views = 0, moves = 0, rounds = 0;
	double oursMs = 0, box2dMs = 0, oursFirstMs = 0, box2dFirstMs = 0;
	double oursMovesMs = 0, box2dMovesMs = 0;
	Latency dispatch;
};

// A touch-began, -moved and -ended frame, an idle pointer move and a hit test at (px, py),
// on the tapped view, each after 1,000 of `subviews` (spread evenly, never the tapped
// one) moved half a point; see the comment at the top.
Latency dispatchLatency(htWorldId world, const std::vector<htViewId>& ids,
						const std::vector<htRect>& frames, const std::vector<int>& subviews,
						int tapped, double px, double py, int rounds) {
	htDispatcherDef ddef = htDefaultDispatcherDef();
	htDispatcherId dispatcher = htCreateDispatcher(world, &ddef);
	if (!htDispatcher_IsValid(dispatcher)) fail("htCreateDispatcher failed");
	htGestureDef gdef = htDefaultGestureDef();
	gdef.name = "tap";
	gdef.kind = HT_GESTURE_TAP;
	if (!htGesture_IsValid(htDispatcher_AddGesture(dispatcher, ids[tapped], &gdef)))
		fail("htDispatcher_AddGesture failed");

	int k = std::min(1000, (int)subviews.size());
	std::vector<htViewId> movedIds(k);
	std::vector<htVec2> centers[2];
	for (int m = 0; m < k; m++) {
		int i = subviews[(size_t)((double)m * subviews.size() / k)];
		movedIds[m] = ids[i];
		htVec2 c{frames[i].x + frames[i].width / 2, frames[i].y + frames[i].height / 2};
		centers[0].push_back(htVec2{c.x + 0.5, c.y});
		centers[1].push_back(c);
	}
	int moves = 0;
	auto moveViews = [&] {
		check(htWorld_SetCenters(world, movedIds.data(), centers[moves & 1].data(), k),
			  "htWorld_SetCenters");
		moves++;
	};
	auto timed = [](auto&& call) {
		double t0 = nowNs();
		call();
		return nowNs() - t0;
	};

	Latency out;
	out.rounds = rounds;
	std::vector<double> began, moved, ended, pointer, hit;
	const int warmup = 3;
	for (int r = 0; r < rounds + warmup; r++) {
		// A second apart: each touch is a new single tap.
		double t = (double)r;
		htTouchInput touch{1, HT_PHASE_BEGAN, htVec2{px, py}};
		moveViews();
		double b = timed([&] { check(htDispatcher_Feed(dispatcher, t, &touch, 1), "htDispatcher_Feed"); });
		touch.phase = HT_PHASE_MOVED;
		touch.point.x += 1;
		moveViews();
		double m = timed([&] { check(htDispatcher_Feed(dispatcher, t + 0.01, &touch, 1), "htDispatcher_Feed"); });
		touch.phase = HT_PHASE_ENDED;
		moveViews();
		double e = timed([&] { check(htDispatcher_Feed(dispatcher, t + 0.02, &touch, 1), "htDispatcher_Feed"); });
		htDispatchEvents events = htDispatcher_GetEvents(dispatcher);
		bool tappedNow = false;
		for (int i = 0; i < events.count; i++)
			if (events.events[i].type == HT_EVENT_ACTION) tappedNow = true;
		htVec2 at{px, py};
		moveViews();
		double p = timed([&] { check(htDispatcher_MovePointer(dispatcher, t + 0.03, &at), "htDispatcher_MovePointer"); });
		htHit h;
		moveViews();
		double q = timed([&] { check(htWorld_HitTest(world, at, &h), "htWorld_HitTest"); });
		if (h.view.index1 != ids[tapped].index1) fail("the hit test did not find the tapped view");
		if (r < warmup) continue;
		if (tappedNow) out.taps++;
		began.push_back(b);
		moved.push_back(m);
		ended.push_back(e);
		pointer.push_back(p);
		hit.push_back(q);
	}
	check(htDestroyDispatcher(dispatcher), "htDestroyDispatcher");
	if (out.taps != rounds) fail("a round's tap did not fire");
	out.beganMs = median(began) / 1e6;
	out.movedMs = median(moved) / 1e6;
	out.endedMs = median(ended) / 1e6;
	out.pointerMs = median(pointer) / 1e6;
	out.hitMs = median(hit) / 1e6;
	return out;
}

Row run(int n, const Options& opt) {
	const int group = 21;
	int containers = (n + group - 1) / group;
	int columns = (int)std::ceil(std::sqrt((double)containers));
	int rows = (containers + columns - 1) / columns;
	std::vector<int32_t> parents(n, -1);
	std::vector<htRect> frames(n);
	std::vector<double> boxes(4 * (size_t)n); // screen boxes, for Box2D and the check
	int32_t lastContainer = -1;
	for (int i = 0; i < n; i++) {
		int k = i / group, j = i % group;
		if (j == 0) {
			lastContainer = i;
			frames[i] = htRect{(double)(k % columns) * 100, (double)(k / columns) * 100, 100, 100};
		} else {
			parents[i] = lastContainer;
			int c = j - 1;
			frames[i] = htRect{(double)(c % 5) * 20 + 1, (double)(c / 5) * 25 + 1, 18, 23};
		}
		double ox = parents[i] < 0 ? 0 : frames[parents[i]].x;
		double oy = parents[i] < 0 ? 0 : frames[parents[i]].y;
		boxes[4 * i + 0] = ox + frames[i].x;
		boxes[4 * i + 1] = oy + frames[i].y;
		boxes[4 * i + 2] = ox + frames[i].x + frames[i].width;
		boxes[4 * i + 3] = oy + frames[i].y + frames[i].height;
	}

	// Ours: a window, then the views from the arrays.
	htWorldDef wdef = htDefaultWorldDef();
	htWorldId world = htCreateWorld(&wdef);
	htViewDef win = htDefaultViewDef();
	win.name = "window";
	win.className = "UIWindow";
	win.frame = htRect{0, 0, (double)columns * 100, (double)rows * 100};
	htViewId window = htWorld_AddWindow(world, &win);
	std::vector<htViewId> ids(n);
	htViewArrays arrays{};
	arrays.count = n;
	arrays.parents = parents.data();
	arrays.frames = frames.data();
	check(htWorld_AddViewArrays(world, window, &arrays, ids.data()), "htWorld_AddViewArrays");

	// Box2D: one proxy per view, in creation order (fat boxes are Box2D's own margin).
	b2DynamicTree tree;
	std::vector<int32> proxies(n);
	for (int i = 0; i < n; i++) {
		b2AABB a;
		a.lowerBound.Set((float)boxes[4 * i], (float)boxes[4 * i + 1]);
		a.upperBound.Set((float)boxes[4 * i + 2], (float)boxes[4 * i + 3]);
		proxies[i] = tree.CreateProxy(a, (void*)(intptr_t)i);
	}

	// The moved views: subviews spread evenly; the point: the middle of the first subview
	// of the container at column 1, row 4 (on the default screen; never moved), as in
	// `hittest bench-dispatch`.
	std::vector<int> subviews;
	int middle = std::min(columns - 1, 1) + std::min(rows - 1, 4) * columns;
	int tapped = std::min(middle, containers - 1) * group + 1;
	if (tapped >= n) tapped = 1;
	for (int i = 0; i < n; i++)
		if (i % group != 0 && i != tapped) subviews.push_back(i);
	int k = std::min(opt.moves, (int)subviews.size());
	std::vector<int> moved(k);
	for (int m = 0; m < k; m++) moved[m] = subviews[(size_t)((double)m * subviews.size() / k)];
	std::vector<htViewId> movedIds(k);
	std::vector<htVec2> centers[2];
	for (int m = 0; m < k; m++) {
		int i = moved[m];
		movedIds[m] = ids[i];
		htVec2 c{frames[i].x + frames[i].width / 2, frames[i].y + frames[i].height / 2};
		centers[1].push_back(c);
		centers[0].push_back(htVec2{c.x + 0.5, c.y});
	}
	double px = boxes[4 * tapped] + 9, py = boxes[4 * tapped + 1] + 11.5;

	int ourFrames = 0, theirFrames = 0;
	auto oursFrame = [&](double& movesNs) {
		double t0 = nowNs();
		check(htWorld_SetCenters(world, movedIds.data(), centers[ourFrames & 1].data(), k),
			  "htWorld_SetCenters");
		double t1 = nowNs();
		htHit hit;
		check(htWorld_HitTest(world, htVec2{px, py}, &hit), "htWorld_HitTest");
		double t2 = nowNs();
		ourFrames++;
		if (hit.view.index1 != ids[tapped].index1) fail("our hit test did not find the view it should");
		movesNs = t1 - t0;
		return t2 - t0;
	};
	auto box2dFrame = [&](double& movesNs) {
		double dx = (theirFrames & 1) == 0 ? 0.5 : -0.5;
		double t0 = nowNs();
		for (int m = 0; m < k; m++) {
			int i = moved[m];
			boxes[4 * i] += dx;
			boxes[4 * i + 2] += dx;
			b2AABB a;
			a.lowerBound.Set((float)boxes[4 * i], (float)boxes[4 * i + 1]);
			a.upperBound.Set((float)boxes[4 * i + 2], (float)boxes[4 * i + 3]);
			tree.MoveProxy(proxies[i], a, b2Vec2((float)dx, 0));
		}
		double t1 = nowNs();
		TopmostQuery q{&tree, &boxes, px, py};
		b2AABB p;
		p.lowerBound.Set((float)px, (float)py);
		p.upperBound.Set((float)px, (float)py);
		tree.Query(&q, p);
		double t2 = nowNs();
		theirFrames++;
		if (q.best != tapped) fail("Box2D's query did not find the view our hit test finds");
		movesNs = t1 - t0;
		return t2 - t0;
	};

	Row row;
	row.views = n;
	row.moves = k;
	row.rounds = opt.rounds;
	std::vector<double> ours, theirs, oursMoves, theirMoves;
	for (int r = 0; r < opt.rounds; r++) {
		double om = 0, tm = 0, o, t;
		if (r & 1) {
			t = box2dFrame(tm);
			o = oursFrame(om);
		} else {
			o = oursFrame(om);
			t = box2dFrame(tm);
		}
		if (r == 0) {
			row.oursFirstMs = o / 1e6;
			row.box2dFirstMs = t / 1e6;
			continue;
		}
		ours.push_back(o);
		theirs.push_back(t);
		oursMoves.push_back(om);
		theirMoves.push_back(tm);
	}
	row.oursMs = median(ours) / 1e6;
	row.box2dMs = median(theirs) / 1e6;
	row.oursMovesMs = median(oursMoves) / 1e6;
	row.box2dMovesMs = median(theirMoves) / 1e6;
	if (opt.dispatchRounds > 0)
		row.dispatch = dispatchLatency(world, ids, frames, subviews, tapped, px, py, opt.dispatchRounds);
	htDestroyWorld(world);
	return row;
}

std::vector<int> parseSizes(const char* s) {
	std::vector<int> out;
	std::string item;
	for (const char* p = s;; p++) {
		if (*p == ',' || *p == 0) {
			std::string digits;
			for (char c : item)
				if (c != '_') digits += c;
			char* end = nullptr;
			long v = std::strtol(digits.c_str(), &end, 10);
			if (digits.empty() || *end != 0 || v < 42 || v > 20000000) {
				std::fprintf(stderr, "frames: --views: \"%s\" is not a size in 42...20000000\n", item.c_str());
				std::exit(2);
			}
			out.push_back((int)v);
			item.clear();
			if (*p == 0) break;
		} else {
			item += *p;
		}
	}
	return out;
}

int positive(const char* s, const char* name) {
	char* end = nullptr;
	long v = std::strtol(s, &end, 10);
	if (*s == 0 || *end != 0 || v < 1 || v > 10000000) {
		std::fprintf(stderr, "frames: %s: \"%s\" is not a number in 1...10000000\n", name, s);
		std::exit(2);
	}
	return (int)v;
}

} // namespace

int main(int argc, char** argv) {
	Options opt;
	for (int i = 1; i < argc; i++) {
		std::string a = argv[i];
		if (a == "--views" && i + 1 < argc) opt.sizes = parseSizes(argv[++i]);
		else if (a == "--moves" && i + 1 < argc) opt.moves = positive(argv[++i], "--moves");
		else if (a == "--rounds" && i + 1 < argc) opt.rounds = std::max(2, positive(argv[++i], "--rounds"));
		else if (a == "--dispatch-rounds" && i + 1 < argc) {
			std::string v = argv[++i];
			opt.dispatchRounds = v == "0" ? 0 : positive(v.c_str(), "--dispatch-rounds");
		}
		else if (a == "--json") opt.json = true;
		else {
			std::fputs("usage: frames [--views N,...] [--moves K] [--rounds R] [--dispatch-rounds D] [--json]\n"
					   "  --views N,...        world sizes, default 100000,1000000\n"
					   "  --moves K            views moved per frame, default 10000\n"
					   "  --rounds R           frames of each, alternated; the first is reported apart, default 101\n"
					   "  --dispatch-rounds D  rounds of the dispatcher's latency (0: none), default 1000\n",
					   stderr);
			return 2;
		}
	}
	std::vector<Row> rows;
	for (int n : opt.sizes) {
		std::fprintf(stderr, "frames: %d views\n", n);
		rows.push_back(run(n, opt));
	}
	if (opt.json) {
		std::printf("[");
		for (size_t r = 0; r < rows.size(); r++) {
			const Row& w = rows[r];
			const Latency& d = w.dispatch;
			std::printf("%s{\"views\":%d,\"moves\":%d,\"rounds\":%d,\"oursMs\":%.4f,\"box2dMs\":%.4f,"
						"\"ratio\":%.3f,\"oursMovesMs\":%.4f,\"box2dMovesMs\":%.4f,\"oursFirstMs\":%.4f,"
						"\"box2dFirstMs\":%.4f,\"dispatchRounds\":%d,\"beganMs\":%.5f,\"movedMs\":%.5f,"
						"\"endedMs\":%.5f,\"pointerMs\":%.5f,\"hitTestMs\":%.5f,\"taps\":%d}",
						r ? "," : "", w.views, w.moves, w.rounds, w.oursMs, w.box2dMs, w.oursMs / w.box2dMs,
						w.oursMovesMs, w.box2dMovesMs, w.oursFirstMs, w.box2dFirstMs, d.rounds, d.beganMs,
						d.movedMs, d.endedMs, d.pointerMs, d.hitMs, d.taps);
		}
		std::printf("]\n");
		return 0;
	}
	std::printf("A frame: K views moved half a point, then one hit test (medians, ms; one process,\n"
				"alternated). Ours: htWorld_SetCenters + htWorld_HitTest; Box2D 2.4: K MoveProxy +\n"
				"Query, its tree built by CreateProxy in creation order.\n\n");
	std::printf("| views | moved | ours | Box2D | ours / Box2D | ours, moves alone | Box2D, moves alone | "
				"first frame, ours / Box2D |\n|---:|---:|---:|---:|---:|---:|---:|---|\n");
	for (const Row& w : rows)
		std::printf("| %d | %d | %.3f | %.3f | %.2fx | %.3f | %.3f | %.2f / %.2f |\n", w.views, w.moves,
					w.oursMs, w.box2dMs, w.oursMs / w.box2dMs, w.oursMovesMs, w.box2dMovesMs, w.oursFirstMs,
					w.box2dFirstMs);
	if (opt.dispatchRounds == 0) return 0;
	std::printf("\nThe dispatcher on the same world (medians of %d rounds, ms; 1,000 views moved before\n"
				"each call): htDispatcher_Feed a touch began, moved, ended (a tap), an idle\n"
				"htDispatcher_MovePointer, one htWorld_HitTest.\n\n",
				opt.dispatchRounds);
	std::printf("| views | began | moved | ended | pointer | hit test | began / hit test | taps |\n"
				"|---:|---:|---:|---:|---:|---:|---:|---:|\n");
	for (const Row& w : rows) {
		const Latency& d = w.dispatch;
		std::printf("| %d | %.4f | %.4f | %.4f | %.4f | %.4f | %.1fx | %d/%d |\n", w.views, d.beganMs, d.movedMs,
					d.endedMs, d.pointerMs, d.hitMs, d.beganMs / d.hitMs, d.taps, d.rounds);
	}
	if (rows.size() > 1) {
		const Latency& a = rows.front().dispatch;
		const Latency& b = rows.back().dispatch;
		std::printf("\n%d views over %d: began %.2fx, moved %.2fx, ended %.2fx, pointer %.2fx, hit test %.2fx\n",
					rows.back().views, rows.front().views, b.beganMs / a.beganMs, b.movedMs / a.movedMs,
					b.endedMs / a.endedMs, b.pointerMs / a.pointerMs, b.hitMs / a.hitMs);
	}
	return 0;
}
