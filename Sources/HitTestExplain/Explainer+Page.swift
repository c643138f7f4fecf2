import HitTestGeometry
import HitTestJSON
import HitTestReference
import HitTestScene

// The explainer for the interactive hit map: the page holds the scene in a compact form and
// this script, and explains the exact point clicked in the browser, so that a page for
// 20,000 views stays a few megabytes instead of carrying an explanation per spot.

extension Explainer {
    /// The screen as the page's script reads it (`pageScript`'s `makeExplainer(scene)`):
    /// `classes` (class names, each once) and `views`, every view in pre-order (a window,
    /// then its subviews first to last, depth first), each an array
    /// `[id, class index, parent index (-1 for a window), bounds x, y, width, height,
    /// center x, y, flags, alpha, extras]`. `flags`: 1 hidden, 2 user interaction enabled,
    /// 4 clipsToBounds, 8 ellipse hit shape, 16 a scroll view, 32 custom code, 1024
    /// interaction disabled by its class's default; the `pointInside` mode (bounds,
    /// subviews, boundsOrSubviews) times 64, the `hitTestRule` (default, passthrough,
    /// boxOnly) times 256. `extras` is an object present only when some of its members
    /// differ from the default: `t` the transform `[a, b, c, d, tx, ty]`, `a` the anchor
    /// point, `i` hit insets `[top, left, bottom, right]`, `r` the redirect target's
    /// index, `l` a window's level.
    public func pageScene() -> JSONValue {
        var views: [View] = []
        var index: [ObjectIdentifier: Int] = [:]
        var stack: [View] = screen.windows.reversed()
        while let v = stack.popLast() {
            index[ObjectIdentifier(v)] = views.count
            views.append(v)
            stack.append(contentsOf: v.subviews.reversed())
        }
        var classes: [String] = []
        var classIndex: [String: Int] = [:]
        func num(_ x: Double) -> JSONValue { .number(x) }
        var rows: [JSONValue] = []
        rows.reserveCapacity(views.count)
        for v in views {
            if classIndex[v.className] == nil {
                classIndex[v.className] = classes.count
                classes.append(v.className)
            }
            let r = v.hitRules
            var flags = 0
            if v.isHidden { flags |= 1 }
            if v.isUserInteractionEnabled { flags |= 2 }
            if v.clipsToBounds { flags |= 4 }
            if r.hitShape == .ellipse { flags |= 8 }
            if v.events.scrollView != nil || SceneScrollView.classes.contains(v.className) {
                flags |= 16
            }
            if v.hasCustomCode { flags |= 32 }
            if !v.isUserInteractionEnabled
                && !SceneView.defaultUserInteractionEnabled(forClass: v.className)
            {
                flags |= 1024
            }
            flags |= (PointInsideMode.allCases.firstIndex(of: r.pointInside) ?? 0) * 64
            flags |= (HitTestRule.allCases.firstIndex(of: r.hitTestRule) ?? 0) * 256
            var extras = JSONObject()
            let t = v.transform
            if !t.isIdentity {
                extras.append("t", .array([t.a, t.b, t.c, t.d, t.tx, t.ty].map(num)))
            }
            if v.anchorPoint != Point(x: 0.5, y: 0.5) {
                extras.append("a", .array([num(v.anchorPoint.x), num(v.anchorPoint.y)]))
            }
            let i = r.hitInsets
            if !i.isZero {
                extras.append("i", .array([i.top, i.left, i.bottom, i.right].map(num)))
            }
            if let target = v.redirectTarget, let n = index[ObjectIdentifier(target)] {
                extras.append("r", num(Double(n)))
            }
            if let w = v as? Window, w.level != 0 { extras.append("l", num(w.level)) }
            let parent = v.superview.flatMap { index[ObjectIdentifier($0)] } ?? -1
            let b = v.bounds
            var row: [JSONValue] = [
                .string(v.id), num(Double(classIndex[v.className]!)), num(Double(parent)),
                num(b.minX), num(b.minY), num(b.width), num(b.height),
                num(v.center.x), num(v.center.y), num(Double(flags)), num(v.alpha),
            ]
            if !extras.members.isEmpty { row.append(.object(extras)) }
            rows.append(.array(row))
        }
        var o = JSONObject()
        o.append("classes", .array(classes.map { .string($0) }))
        o.append("views", .array(rows))
        return .object(o)
    }

    /// The page's explainer: `makeExplainer(scene)` over ``pageScene()`` returns
    /// `explain(x, y)` (the lines of `hittest explain --at X,Y`), `whyNot(x, y, n)` (the
    /// sentence of `--expect` for view number `n`) `hit(x, y)` and `screenCorners(n)`. A port of this
    /// module's walk, decisions and advice; `PageExplainerTests` runs it and compares.
    public static let pageScript = """
        // The explainer in the page: the reference hit test (rule-algorithm-hit-test) with its trace,
        // what decided at each call, and the "why not" advice, over the compact scene that
        // Explainer.pageScene() writes. A port of HitTestExplain, line for line where it can be,
        // so that the page tells the same story as `hittest explain`; PageExplainerTests compares
        // the two on generated scenes.
        function makeExplainer(scene) {
          const V = scene.views.map((r, i) => {
            const x = r[11] || {};
            const f = r[9];
            return {
              index: i, id: r[0], cls: scene.classes[r[1]], parent: r[2], subviews: [],
              bounds: [r[3], r[4], r[5], r[6]], center: [r[7], r[8]],
              t: x.t || [1, 0, 0, 1, 0, 0], anchor: x.a || [0.5, 0.5],
              hidden: (f & 1) !== 0, uie: (f & 2) !== 0, clips: (f & 4) !== 0, ellipse: (f & 8) !== 0,
              scroll: (f & 16) !== 0, custom: (f & 32) !== 0, classDefault: (f & 1024) !== 0,
              pointInside: ['bounds', 'subviews', 'boundsOrSubviews'][(f >> 6) & 3],
              rule: ['default', 'passthrough', 'boxOnly'][(f >> 8) & 3],
              alpha: r[10], insets: x.i || [0, 0, 0, 0], redirect: x.r === undefined ? -1 : x.r,
              level: x.l || 0
            };
          });
          const windows = [];
          V.forEach(v => { if (v.parent < 0) windows.push(v); else V[v.parent].subviews.push(v); });
          const byID = new Map();
          V.forEach(v => { if (!byID.has(v.id)) byID.set(v.id, v); });
          const order = windows.map((w, i) => i).sort((i, j) =>
            windows[i].level !== windows[j].level ? windows[j].level - windows[i].level : j - i
          ).map(i => windows[i]);

          // Geometry (rule-geometry-to-child), operation for operation as ViewGeometry.
          const finite = t => t.every(Number.isFinite);
          function toChild(v, p) {
            const t = v.t;
            const dx = (p[0] - v.center[0]) - t[4];
            const dy = (p[1] - v.center[1]) - t[5];
            const det = t[0] * t[3] - t[1] * t[2];
            if (det === 0 || !finite(t)) return [NaN, NaN];
            const qx = (t[3] * dx - t[2] * dy) / det;
            const qy = (t[0] * dy - t[1] * dx) / det;
            const b = v.bounds;
            return [qx + (b[0] + v.anchor[0] * b[2]), qy + (b[1] + v.anchor[1] * b[3])];
          }
          function toParent(v, p) {
            const t = v.t, b = v.bounds;
            const lx = p[0] - (b[0] + v.anchor[0] * b[2]);
            const ly = p[1] - (b[1] + v.anchor[1] * b[3]);
            return [v.center[0] + (t[0] * lx + t[2] * ly) + t[4], v.center[1] + (t[1] * lx + t[3] * ly) + t[5]];
          }
          const ancestorsAndSelf = v => { const out = []; for (let c = v; c; c = c.parent >= 0 ? V[c.parent] : null) out.push(c); return out; };
          const fromScreen = (v, p) => { let q = p; for (const a of ancestorsAndSelf(v).reverse()) q = toChild(a, q); return q; };
          const isAncestor = (a, v) => { for (let c = v; c; c = c.parent >= 0 ? V[c.parent] : null) if (c === a) return true; return false; };
          const contains = (r, p) => r[2] > 0 && r[3] > 0 && r[0] <= p[0] && p[0] < r[0] + r[2] && r[1] <= p[1] && p[1] < r[1] + r[3];
          function ellipseContains(r, p) {
            if (!(r[2] > 0 && r[3] > 0)) return false;
            const rx = r[2] / 2, ry = r[3] / 2;
            const nx = (p[0] - (r[0] + rx)) / rx, ny = (p[1] - (r[1] + ry)) / ry;
            return nx * nx + ny * ny < 1;
          }
          // insets are [top, left, bottom, right].
          const inset = (r, i) => [r[0] + i[1], r[1] + i[0], r[2] - (i[1] + i[3]), r[3] - (i[0] + i[2])];
          const hitRect = v => inset(v.bounds, v.insets);
          function boundingBox(ps) {
            let x0 = ps[0][0], x1 = ps[0][0], y0 = ps[0][1], y1 = ps[0][1], nan = false;
            for (const p of ps) {
              if (Number.isNaN(p[0]) || Number.isNaN(p[1])) nan = true;
              x0 = Math.min(x0, p[0]); x1 = Math.max(x1, p[0]); y0 = Math.min(y0, p[1]); y1 = Math.max(y1, p[1]);
            }
            return nan ? [NaN, NaN, NaN, NaN] : [x0, y0, x1 - x0, y1 - y0];
          }
          const corners = r => [[r[0], r[1]], [r[0] + r[2], r[1]], [r[0] + r[2], r[1] + r[3]], [r[0], r[1] + r[3]]];
          const frame = v => boundingBox(corners(v.bounds).map(c => toParent(v, c)));
          // A rect in `v`'s bounds coordinates converted into its ancestor `a`'s.
          function convertUp(v, r, a) {
            return boundingBox(corners(r).map(c => { let p = c; for (let u = v; u !== a; u = V[u.parent]) p = toParent(u, p); return p; }));
          }
          const singular = t => !finite(t) || t[0] * t[3] - t[1] * t[2] === 0;

          // The reference algorithm with its trace (rule-algorithm-trace).
          function pointInside(v, p, trace) {
            let r;
            if (v.pointInside === 'bounds') r = v.ellipse ? ellipseContains(hitRect(v), p) : contains(hitRect(v), p);
            else if (v.pointInside === 'subviews') r = v.subviews.some(s => contains(frame(s), p));
            else {
              r = false;
              for (let k = v.subviews.length - 1; k >= 0 && !r; k--) {
                const s = v.subviews[k];
                if (pointInside(s, toChild(s, p), trace)) r = true;
              }
              if (!r) r = v.ellipse ? ellipseContains(hitRect(v), p) : contains(hitRect(v), p);
            }
            trace.push(['p', v, r]);
            return r;
          }
          function convertDown(v, p, d) {
            const chain = [];
            let c = d;
            while (c && c !== v) { chain.push(c); c = c.parent >= 0 ? V[c.parent] : null; }
            if (c !== v || chain.length === 0) return null;
            let q = p;
            for (const u of chain.reverse()) q = toChild(u, q);
            return q;
          }
          const eligible = v => !v.hidden && v.uie && !(Math.fround(v.alpha) < 0.01);
          function hitTest(v, p, trace) {
            trace.push(['h', v]);
            let r = null;
            found: {
              if (v.redirect >= 0) {
                const target = V[v.redirect], q = convertDown(v, p, target);
                if (q && pointInside(target, q, trace)) { r = target; break found; }
              }
              if (!eligible(v)) break found;
              if (!pointInside(v, p, trace)) break found;
              if (v.rule !== 'boxOnly') {
                for (let k = v.subviews.length - 1; k >= 0; k--) {
                  const s = v.subviews[k];
                  const h = hitTest(s, toChild(s, p), trace);
                  if (h) { r = h; break found; }
                }
              }
              r = v.rule === 'passthrough' ? null : v;
            }
            trace.push(['r', v, r]);
            return r;
          }
          function screenHitTest(p, trace) {
            for (const w of order) {
              const r = hitTest(w, toChild(w, p), trace);
              if (r) return { view: r, window: w, local: fromScreen(r, p) };
            }
            return null;
          }

          // Text, as Explainer.number, Explainer.stored and Explainer.text.
          function number(x) {
            if (Number.isNaN(x)) return 'NaN';
            if (!Number.isFinite(x)) return x < 0 ? '-Infinity' : 'Infinity';
            const h = x * 100;
            const r = (h < 0 ? -Math.round(-h) : Math.round(h)) / 100;
            return String(Object.is(r, -0) ? 0 : r);
          }
          function stored(alpha) {
            const x = Math.fround(alpha);
            if (x === 0) return '0';
            for (let decimals = 1; decimals <= 12; decimals++) {
              const text = x.toFixed(decimals);
              if (Math.fround(Number(text)) !== x) continue;
              return x < 0.01 && Number(text) >= 0.01 ? text + ' (' + exact(x) + ' as stored)' : text;
            }
            return exact(x);
          }
          function exact(x) {
            const [m, e] = x.toExponential(7).split('e');
            const exp = Number(e);
            const strip = s => {
              if (s.indexOf('.') < 0) return s;
              let end = s.length;
              while (s[end - 1] === '0') end--;
              if (s[end - 1] === '.') end--;
              return s.slice(0, end);
            };
            if (exp < -4 || exp >= 8) return strip(m) + 'e' + (exp < 0 ? '-' : '+') + String(Math.abs(exp)).padStart(2, '0');
            return strip(x.toPrecision(8));
          }
          const pt = p => '(' + number(p[0]) + ', ' + number(p[1]) + ')';
          const rect = r => '(' + number(r[0]) + ', ' + number(r[1]) + ', ' + number(r[2]) + ', ' + number(r[3]) + ')';
          const q = s => '`' + s + '`';

          // What decided each call (Explainer.decide).
          function decide(v, r, own, p) {
            if (v.custom) return { code: 'customCode', result: r };
            if (r) {
              if (r === v) return { code: 'hit' };
              if (own === null && v.redirect >= 0 && V[v.redirect] === r) return { code: 'redirected', to: r.id };
              return { code: 'passedDown', to: r.id };
            }
            if (own === null) {
              if (v.hidden) return { code: 'hidden' };
              if (!v.uie) return { code: 'interactionDisabled', cls: v.cls, classDefault: v.classDefault };
              if (Math.fround(v.alpha) < 0.01) return { code: 'alpha', stored: v.alpha };
              return { code: 'customCode', result: null };
            }
            if (own === false) {
              const local = fromScreen(v, p);
              if (Number.isNaN(local[0]) || Number.isNaN(local[1])) {
                const s = ancestorsAndSelf(v).reverse().find(a => singular(a.t));
                if (s) return { code: 'singularTransform', view: s.id };
              }
              return { code: 'outside', rect: hitRect(v), local: local, shape: v.ellipse ? 'ellipse' : 'rect', mode: v.pointInside };
            }
            return v.rule === 'passthrough' ? { code: 'passthrough' } : { code: 'customCode', result: null };
          }
          function steps(trace, p) {
            const out = [], stack = [];
            for (const e of trace) {
              if (e[0] === 'h') {
                out.push({ view: e[1], depth: stack.length, decision: { code: 'hit' } });
                stack.push({ view: e[1], index: out.length - 1, own: null });
              } else if (e[0] === 'p') {
                const top = stack[stack.length - 1];
                if (top && top.view === e[1]) top.own = e[2];
              } else {
                const call = stack.pop();
                if (!call || call.view !== e[1]) continue;
                out[call.index].decision = decide(e[1], e[2], call.own, p);
              }
            }
            return out;
          }
          function summary(d) {
            switch (d.code) {
              case 'hit': return 'hit: the deepest view that takes the point';
              case 'passedDown': return 'passed down: ' + q(d.to) + ' took it';
              case 'redirected': return 'redirected to ' + q(d.to) + ' (redirectTo), which takes the point';
              case 'hidden': return 'hidden: skipped with its subviews';
              case 'alpha': return 'alpha ' + stored(d.stored) + ' < 0.01: skipped with its subviews';
              case 'interactionDisabled':
                return 'userInteractionEnabled = false' + (d.classDefault ? ' (the default for ' + d.cls + ')' : '') + ': skipped with its subviews';
              case 'outside':
                return 'outside: local point ' + pt(d.local) + ' is outside its ' + (d.shape === 'ellipse' ? 'ellipse in hit rect' : 'hit rect') + ' ' + rect(d.rect)
                  + (d.mode === 'bounds' ? '' : ' (pointInside: ' + d.mode + ', no subview said yes)');
              case 'singularTransform': return 'no point is inside: ' + q(d.view) + ' has a transform with no inverse';
              case 'passthrough': return 'passthrough: inside, but no subview took it and it never takes a touch itself';
              default: return 'custom code returned ' + (d.result ? q(d.result.id) : 'nil');
            }
          }
          function run(p) {
            const trace = [];
            const hit = screenHitTest(p, trace);
            return { point: p, hit: hit, steps: steps(trace, p) };
          }
          function lines(x) {
            const out = [x.hit
              ? pt(x.point) + ': hit ' + q(x.hit.view.id) + ' in window ' + q(x.hit.window.id) + ', local point ' + pt(x.hit.local)
              : pt(x.point) + ': no view takes the touch'];
            for (const s of x.steps) {
              const v = s.view;
              const label = v.cls === v.id || v.cls === '' ? v.id : v.id + ' <' + v.cls + '>';
              out.push('  '.repeat(s.depth) + label + ': ' + summary(s.decision));
            }
            return out;
          }

          // Why `e` did or did not get the touch (Explainer.verdict): the sentence, ending with
          // the rule that decided.
          function verdict(e, x) {
            const id = e.id;
            const say = (rule, text) => text + ' (' + rule + ')';
            const hitID = x.hit ? x.hit.view.id : null;
            if (hitID === id) return say('rule-algorithm-hit-test', q(id) + ' gets the touch: it is the deepest view that takes this point.');
            const step = new Map();
            for (const s of x.steps) if (!step.has(s.view)) step.set(s.view, s);
            const chain = ancestorsAndSelf(e).reverse();
            const w = chain[0];
            if (!step.has(w)) return windowAbove(w, e, x);
            const within = v => v === e ? '' : ', which contains ' + q(id) + ',';
            for (let k = 0; k < chain.length; k++) {
              const v = chain[k];
              const s = step.get(v);
              if (!s) return notAsked(v, chain[k - 1], e, step, x);
              const d = s.decision;
              switch (d.code) {
                case 'hit': case 'passedDown':
                  if (v === e && d.code === 'passedDown') {
                    return say('rule-order-subviews', q(id) + "'s subview " + q(d.to) + ' is on top at this point and took the touch; ' + q(id)
                      + ' gets only touches that none of its subviews take: set `isUserInteractionEnabled = false` on ' + q(d.to)
                      + ' if it only shows something, or move it off this point.');
                  }
                  continue;
                case 'passthrough':
                  if (v === e) {
                    return say('rule-override-passthrough', q(id) + ' overrides `hitTest(_:with:)` to return nil for itself (hitTestRule '
                      + 'passthrough): it never takes a touch itself, only its subviews do, and none is at this point: remove that '
                      + 'override (hitTestRule default) if ' + q(id) + ' should take touches.');
                  }
                  continue;
                case 'redirected': return redirected(v, d.to, e);
                case 'hidden':
                  return say('rule-eligibility-hidden', q(v.id) + within(v) + ' has `isHidden = true`, so neither it nor anything inside it gets touches: '
                    + 'set `isHidden = false` on ' + q(v.id) + '.');
                case 'alpha':
                  return say('rule-eligibility-alpha', q(v.id) + within(v) + ' has `alpha` ' + stored(d.stored) + ', a 32-bit float below 0.01, '
                    + 'so `hitTest(_:with:)` skips it' + (v === e ? '' : ' and everything inside it') + ': set `alpha` to at least 0.011 on ' + q(v.id) + '.');
                case 'interactionDisabled':
                  return say('rule-eligibility-interaction', q(v.id) + within(v) + ' has `isUserInteractionEnabled = false`'
                    + (d.classDefault ? ' (the default for ' + d.cls + ')' : '') + ', so it' + (v === e ? '' : ' and its subviews')
                    + ' get no touches: set `isUserInteractionEnabled = true` on ' + q(v.id) + '.');
                case 'singularTransform':
                  return say('rule-geometry-singular', q(d.view) + ' has a `transform` with no inverse (determinant 0, such as a scale of 0), so no '
                    + 'point is inside it or its subviews' + (d.view === id ? '' : ', ' + q(id) + ' among them') + ': give ' + q(d.view)
                    + ' an invertible `transform` (a scale of 0.001 rather than 0), or set `isHidden = true` on it while it is collapsed.');
                case 'outside':
                  return v === e ? outsideItself(e, d) : outsideAncestor(v, k === chain.length - 2, e, x, d);
                case 'customCode':
                  return say('rule-override-custom-code', 'Custom code in ' + q(v.id) + ' (an override of `hitTest(_:with:)` or `point(inside:with:)`, '
                    + 'or a handler) returned ' + (d.result ? q(d.result.id) : 'nil') + ' here: read that code in ' + q(v.id) + '.');
              }
            }
            return say('rule-algorithm-hit-test', q(id) + ' was asked but did not take the touch.');

            function windowAbove(w, e, x) {
              const took = x.hit ? x.hit.window.id : '?';
              const hit = x.hit ? x.hit.view.id : '?';
              const level = x.hit ? x.hit.window.level : 0;
              const orderText = level === w.level
                ? 'has the same windowLevel (' + number(level) + ') as ' + q(e.id) + "'s window " + q(w.id) + ' and was added after it'
                : '(windowLevel ' + number(level) + ') is above ' + q(e.id) + "'s window " + q(w.id) + ' (windowLevel ' + number(w.level) + ')';
              const through = hit === took
                ? 'override `hitTest(_:with:)` in ' + q(took) + ' to return nil for itself so that touches on its empty parts go on to the windows below'
                : 'set `isUserInteractionEnabled = false` on ' + q(hit) + ' if it only shows something';
              return say('rule-order-windows', 'Window ' + q(took) + ' ' + orderText + ', and took the touch (it hit ' + q(hit) + '): lower '
                + q(took) + "'s `windowLevel`, set `isHidden = true` on it while it is not in use, or " + through + '.');
            }
            function notAsked(v, parent, e, step, x) {
              if (parent.rule === 'boxOnly') {
                return say('rule-override-box-only', q(parent.id) + ' overrides `hitTest(_:with:)` to return itself without asking its subviews '
                  + '(hitTestRule boxOnly), so ' + q(e.id) + ' cannot get the touch: remove that override from ' + q(parent.id)
                  + ' (hitTestRule default), or let it call `super.hitTest(_:with:)`.');
              }
              if (parent.redirect >= 0 && hitID === V[parent.redirect].id) return redirected(parent, hitID, e);
              const siblings = parent.subviews;
              const i = Math.max(0, siblings.indexOf(v));
              const hitView = hitID === null ? null : byID.get(hitID);
              const above = siblings.slice(i + 1).find(s => step.has(s) && hitID !== null && hitView !== undefined && isAncestor(s, hitView));
              const sibling = above ? above.id : siblings.length ? siblings[siblings.length - 1].id : '?';
              const took = hitID === null ? '?' : hitID;
              const subject = v === e ? q(e.id) : q(v.id) + ', which contains ' + q(e.id) + ',';
              if (above && step.get(above).decision.code === 'redirected') return redirected(above, step.get(above).decision.to, e);
              const letThrough = took === sibling
                ? 'set `isUserInteractionEnabled = false` on ' + q(sibling) + ' if it only shows something, or override `hitTest(_:with:)` in '
                  + q(sibling) + ' to return nil for itself if only its subviews should take touches'
                : 'set `isUserInteractionEnabled = false` on ' + q(took) + ' if it only shows something';
              return say('rule-order-subviews', q(sibling) + ', added after ' + subject + ' and so on top of it, took the touch (it hit ' + q(took) + '): '
                + letThrough + '; or move ' + q(sibling) + ' off this point, or call `' + parent.id + '.bringSubviewToFront(' + v.id + ')`.');
            }
            function redirected(v, to, e) {
              return say('rule-override-redirect', q(v.id) + ' overrides `hitTest(_:with:)` to hand every touch inside ' + q(to) + ' to ' + q(to)
                + ' first (redirectTo), and this point is inside ' + q(to) + ': move ' + q(to) + ' off ' + q(e.id) + ', or make that override in '
                + q(v.id) + ' leave points over ' + q(e.id) + ' alone.');
            }
            function outsideItself(e, d) {
              const id = e.id;
              const at = '(local point ' + pt(d.local) + ', hit rect ' + rect(d.rect) + ')';
              if (d.mode === 'subviews') {
                return say('rule-override-point-inside', q(id) + " overrides `point(inside:with:)` to say yes only inside its subviews' frames "
                  + "(pointInside subviews), and no subview's frame holds this point " + at + ': let that override fall back to '
                  + '`super.point(inside:with:)` (pointInside boundsOrSubviews) if ' + q(id) + "'s own bounds should take touches.");
              }
              if (contains(d.rect, d.local) && d.shape === 'ellipse') {
                return say('rule-override-hit-shape', 'The point is inside ' + q(id) + "'s hit rect but outside the ellipse inscribed in it " + at + ': '
                  + q(id) + ' overrides `point(inside:with:)` with a round shape (hitShape ellipse); touch nearer its center, or test the whole '
                  + 'rect in that override (hitShape rect).');
              }
              const i = e.insets;
              if (contains(e.bounds, d.local) && !(i[0] === 0 && i[1] === 0 && i[2] === 0 && i[3] === 0)) {
                return say('rule-override-hit-insets', 'The point is inside ' + q(id) + "'s bounds " + rect(e.bounds) + ' but outside its hit rect '
                  + rect(d.rect) + ', which its `point(inside:with:)` shrinks by insets [' + i.map(number).join(', ') + '] (hitInsets): '
                  + 'make those insets 0 or negative in the override of `point(inside:with:)` in ' + q(id) + '.');
              }
              const by = distanceOutside(d.local, d.rect);
              if (by === 0) {
                return say('rule-geometry-containment', 'The point is on ' + q(id) + "'s right or bottom edge " + at + ', which is outside: a rect '
                  + 'holds its left and top edges but not its right and bottom ones, as `CGRect.contains(_:)`. Touch inside ' + q(id)
                  + ', or override `point(inside:with:)` in ' + q(id) + ' to test `bounds.insetBy(dx: -1, dy: -1)` (hitInsets of -1).');
              }
              const grow = number(Math.ceil(by));
              const identity = e.t[0] === 1 && e.t[1] === 0 && e.t[2] === 0 && e.t[3] === 1 && e.t[4] === 0 && e.t[5] === 0;
              const moved = identity ? '' : ' ' + q(id) + "'s `transform` moves its hit area with what is drawn: its untransformed frame does not count.";
              return say(identity ? 'rule-override-hit-insets' : 'rule-geometry-to-child', 'The point is ' + number(by) + ' pt outside ' + q(id)
                + ' ' + at + '.' + moved + ' To take touches that far out, override `point(inside:with:)` in ' + q(id)
                + ' to test `bounds.insetBy(dx: -' + grow + ', dy: -' + grow + ')` (hitInsets of -' + grow + '), or touch inside it.');
            }
            function outsideAncestor(v, isSuperview, e, x, d) {
              const id = e.id;
              const by = distanceOutside(d.local, d.rect);
              const eLocal = fromScreen(e, x.point);
              if (contains(hitRect(e), eLocal)) {
                for (let a = V[e.parent]; a; a = a.parent >= 0 ? V[a.parent] : null) {
                  const text = scrolledOff(e, a);
                  if (text) return say('rule-geometry-scroll-offset', text);
                  if (a === v) break;
                }
                const clips = v.clips ? '' : ' (`clipsToBounds` is false on ' + q(v.id) + ', so that part is drawn, but drawing does not change hit-testing)';
                return say(v.clips ? 'rule-algorithm-hit-test' : 'rule-geometry-clips-to-bounds', q(id) + ' sticks out of '
                  + (isSuperview ? 'its superview' : 'its ancestor') + ' ' + q(v.id) + ' by ' + number(by) + ' pt at this point, and '
                  + "`hitTest(_:with:)` never asks a subview about a point outside its superview's `point(inside:with:)`" + clips
                  + ': enlarge ' + q(v.id) + ', move ' + q(id) + ' inside it, or override `point(inside:with:)` in ' + q(v.id)
                  + ' to say yes where its subviews are (pointInside boundsOrSubviews).');
              }
              return say(v.parent < 0 ? 'rule-windows-entry' : 'rule-algorithm-hit-test', 'The point is ' + number(by) + ' pt outside ' + q(v.id)
                + ', which contains ' + q(id) + ', and outside ' + q(id) + ' too: touch inside ' + q(id) + '.');
            }
            function scrolledOff(e, v) {
              if (!(v.scroll || v.bounds[0] !== 0 || v.bounds[1] !== 0)) return null;
              const s = v.bounds, c = convertUp(e, e.bounds, v);
              const sMaxX = s[0] + s[2], sMaxY = s[1] + s[3], cMaxX = c[0] + c[2], cMaxY = c[1] + c[3];
              if (c[0] >= s[0] && cMaxX <= sMaxX && c[1] >= s[1] && cMaxY <= sMaxY) return null;
              const moves = [];
              if (c[1] < s[1]) moves.push('towards the top: set contentOffset.y to ' + number(c[1]) + ' or less');
              else if (cMaxY > sMaxY) moves.push('towards the bottom: set contentOffset.y to ' + number(cMaxY - s[3]) + ' or more');
              if (c[0] < s[0]) moves.push('towards the left: set contentOffset.x to ' + number(c[0]) + ' or less');
              else if (cMaxX > sMaxX) moves.push('towards the right: set contentOffset.x to ' + number(cMaxX - s[2]) + ' or more');
              const partly = Math.max(c[0], s[0]) < Math.min(cMaxX, sMaxX) && Math.max(c[1], s[1]) < Math.min(cMaxY, sMaxY);
              const what = partly
                ? q(e.id) + ' is partly scrolled off ' + q(v.id) + ', and this point is on the part that is'
                : q(e.id) + ' is scrolled off ' + q(v.id);
              return what + ': ' + q(v.id) + "'s contentOffset is (" + number(s[0]) + ', ' + number(s[1]) + ') (its bounds.origin), so it shows its content '
                + 'from ' + pt([s[0], s[1]]) + ' to ' + pt([sMaxX, sMaxY]) + ', and ' + q(e.id) + ' is at ' + rect(c) + ' of that content; '
                + 'a touch there reaches what is on screen instead. Scroll ' + q(v.id) + ' ' + moves.join(', and ')
                + ' (`setContentOffset(_:animated:)`, or `scrollRectToVisible(_:animated:)` with ' + q(e.id) + "'s frame) to bring it in.";
            }
          }
          function distanceOutside(p, r) {
            const dx = Math.max(r[0] - p[0], 0, p[0] - (r[0] + r[2]));
            const dy = Math.max(r[1] - p[1], 0, p[1] - (r[1] + r[3]));
            return Math.max(dx, dy);
          }

          return {
            views: V,
            // The hit at a screen point: {view, window, local} or null.
            hit: (x, y) => screenHitTest([x, y], []),
            // The lines of `hittest explain --at X,Y`.
            explain: (x, y) => lines(run([x, y])),
            // The sentence of `hittest explain --at X,Y --expect ID` for view number `index`.
            whyNot: (x, y, index) => verdict(V[index], run([x, y])),
            // The four corners of view number `index`'s bounds on the screen.
            screenCorners: index => corners(V[index].bounds).map(c => {
              let p = c;
              for (let u = V[index]; u; u = u.parent >= 0 ? V[u.parent] : null) p = toParent(u, p);
              return p;
            })
          };
        }
        """
}
