/// The style and script of the interactive page (`HTMLWriter`), inline in every file.
/// Hover, click and "why not" ask the explainer's script (`makeExplainer`, written by
/// HitTestExplain) at the exact point under the mouse, so they agree with `hittest
/// explain --at X,Y`; the map itself is the store's answers, drawn once as a PNG.
enum HTMLPageScript {
    /// A map column that shrinks to the room it has (keeping its aspect ratio) beside a
    /// side column of a fixed width: at a 1,200 px window the panels keep 380 px; below
    /// 900 px they go under the map.
    static let style = """
        body { font: 13px -apple-system, "DejaVu Sans", sans-serif; margin: 12px; color: #222; }
        #layout { display: grid; grid-template-columns: minmax(0, 1fr) 380px; gap: 16px; align-items: start; }
        #map svg { display: block; width: 100%; height: auto; cursor: crosshair; }
        #side { position: sticky; top: 12px; display: flex; flex-direction: column; gap: 8px; max-height: calc(100vh - 24px); }
        .panel { padding: 6px 8px; border: 1px solid #ccc; background: #fafafa; overflow-wrap: anywhere; }
        #explain { overflow: auto; max-height: 50vh; flex: none; }
        #explain pre { white-space: pre-wrap; margin: 4px 0 0 0; font: 12px "DejaVu Sans Mono", monospace; }
        #whyNot { max-width: 100%; margin-top: 6px; }
        #treePane { overflow: auto; min-height: 120px; flex: 1 1 auto; }
        #search { width: 100%; box-sizing: border-box; margin-bottom: 6px; }
        #tree, #tree ul { list-style: none; padding-left: 14px; margin: 0; }
        #tree { padding-left: 0; }
        .node { cursor: default; font: 12px "DejaVu Sans Mono", monospace; white-space: nowrap; }
        .node:hover, .node.current { background: #ffe680; }
        .node.match { font-weight: bold; }
        .hidden { display: none; }
        .muted { color: #888; }
        @media (max-width: 900px) {
          #layout { grid-template-columns: minmax(0, 1fr); }
          #side { position: static; max-height: none; }
        }
        """

    static let script = """
        (function () {
          const data = JSON.parse(document.getElementById('data').textContent);
          const svg = document.querySelector('#map svg');
          const NS = 'http://www.w3.org/2000/svg';
          const explainer = data.scene ? makeExplainer(data.scene) : null;
          const count = data.views.id.length;
          const views = data.views.id.map((id, n) => ({
            id: id, parent: data.views.parent[n], owned: data.views.owned[n],
            cls: explainer ? explainer.views[n].cls : ''
          }));
          const chain = n => {
            const out = [];
            for (let r = n; r >= 0 && out.length <= count + data.others.length; ) {
              if (r < count) { out.push(views[r].id); r = data.views.next[r]; }
              else { out.push(data.others[r - count][0]); r = data.others[r - count][1]; }
            }
            return out;
          };
          const sx = data.width / data.screen[0], sy = data.height / data.screen[1];
          // A number as `hittest` prints it: at most 2 decimals.
          const fmt = x => {
            if (Number.isNaN(x)) return 'NaN';
            if (!Number.isFinite(x)) return x < 0 ? '-Infinity' : 'Infinity';
            return String(Math.round(x * 100) / 100);
          };
          const pt = p => '(' + fmt(p[0]) + ', ' + fmt(p[1]) + ')';
          const label = v => v.cls && v.cls !== v.id ? v.id + ' <' + v.cls + '>' : v.id;
          // An overlay element on the map: hidden until shown, never taking the pointer.
          const overlay = (tag, attributes) => {
            const e = document.createElementNS(NS, tag);
            for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
            e.setAttribute('pointer-events', 'none');
            e.style.display = 'none';
            svg.appendChild(e);
            return e;
          };
          const highlight = overlay('polygon', {
            id: 'highlight', fill: '#ffd400', 'fill-opacity': '0.35', stroke: '#b08d00', 'stroke-width': '2'
          });
          const mark = overlay('circle', { r: '5', fill: 'none', stroke: '#000', 'stroke-width': '2' });
          // A view's outline on the map, in map pixels.
          const outline = n => explainer.screenCorners(n).map(c => [c[0] * sx, c[1] * sy]);
          function show(n) {
            if (n < 0 || !explainer) { highlight.style.display = 'none'; return; }
            highlight.setAttribute('points', outline(n).map(c => c.join(',')).join(' '));
            highlight.style.display = '';
          }
          // The screen point under the mouse, snapped to 0.01 pt (what `--at` prints and
          // reads back), or null outside the map.
          function at(event) {
            const r = svg.getBoundingClientRect();
            const px = (event.clientX - r.left) * data.width / r.width;
            const py = (event.clientY - r.top) * data.height / r.height;
            if (px < 0 || py < 0 || px >= data.width || py >= data.height) return null;
            const snap = x => Math.round(x * 100) / 100;
            return { px: px, py: py, x: snap(px / sx), y: snap(py / sy) };
          }
          const nodes = [];
          let current = null;
          function markNode(n) {
            if (current) current.classList.remove('current');
            current = n >= 0 ? nodes[n] : null;
            if (current) current.classList.add('current');
          }
          const hover = document.getElementById('hover');
          svg.addEventListener('mousemove', event => {
            const a = at(event);
            if (!a) { hover.innerHTML = '<span class="muted">outside the map</span>'; return; }
            if (!explainer) { hover.textContent = 'no scene in this page'; return; }
            const where = 'touch at <span id="hoverPoint">' + pt([a.x, a.y]) + '</span>';
            const hit = explainer.hit(a.x, a.y);
            if (!hit) {
              hover.innerHTML = where + ': <b id="hoverView">nothing</b> takes it';
              show(-1); markNode(-1);
              return;
            }
            const n = hit.view.index;
            hover.innerHTML = where + ': <b id="hoverView"></b>'
              + '<div>chain: <span id="hoverChain"></span></div>'
              + '<div>local point: <span id="hoverLocal"></span></div>';
            document.getElementById('hoverView').textContent = label(views[n]);
            document.getElementById('hoverChain').textContent = chain(n).join(' \\u2192 ');
            document.getElementById('hoverLocal').textContent = pt(hit.local);
            show(n); markNode(n);
          });
          svg.addEventListener('mouseleave', () => { show(-1); markNode(-1); });
          // Whether screen point p lies in view n's outline (a parallelogram), edges included.
          function holds(n, p) {
            const c = explainer.screenCorners(n);
            const ux = c[1][0] - c[0][0], uy = c[1][1] - c[0][1], vx = c[3][0] - c[0][0], vy = c[3][1] - c[0][1];
            const det = ux * vy - uy * vx;
            if (det === 0 || !Number.isFinite(det)) return false;
            const dx = p[0] - c[0][0], dy = p[1] - c[0][1];
            const s = (dx * vy - dy * vx) / det, t = (ux * dy - uy * dx) / det;
            return s >= 0 && s <= 1 && t >= 0 && t <= 1;
          }
          const explainPanel = document.getElementById('explain');
          svg.addEventListener('click', event => {
            const a = at(event);
            if (!a) return;
            mark.setAttribute('cx', a.px); mark.setAttribute('cy', a.py);
            mark.style.display = '';
            if (!explainer) { explainPanel.textContent = 'no explanations in this page'; return; }
            explainPanel.innerHTML = 'hittest explain --at <span id="explainPoint"></span>'
              + '<pre id="explainText"></pre>';
            document.getElementById('explainPoint').textContent = fmt(a.x) + ',' + fmt(a.y);
            document.getElementById('explainText').textContent = explainer.explain(a.x, a.y).join('\\n');
            const under = [];
            for (let n = count - 1; n >= 0 && under.length < data.maxWhyNot; n--) if (holds(n, [a.x, a.y])) under.push(n);
            if (under.length === 0) return;
            const pick = document.createElement('select');
            pick.id = 'whyNot';
            pick.appendChild(new Option('why not... (pick a view)', ''));
            for (const n of under.reverse()) pick.appendChild(new Option(label(views[n]), String(n)));
            const answer = document.createElement('pre');
            answer.id = 'whyNotText';
            pick.addEventListener('change', () => {
              answer.textContent = pick.value === '' ? '' : explainer.whyNot(a.x, a.y, Number(pick.value));
            });
            explainPanel.appendChild(pick);
            explainPanel.appendChild(answer);
          });
          // The view tree.
          const lists = [];
          const root = document.getElementById('tree');
          views.forEach((v, n) => {
            const li = document.createElement('li');
            const span = document.createElement('span');
            span.className = 'node';
            span.textContent = label(v) + (v.owned ? '' : '  (hit nowhere)');
            span.addEventListener('mouseenter', () => show(n));
            span.addEventListener('mouseleave', () => show(-1));
            li.appendChild(span);
            const ul = document.createElement('ul');
            li.appendChild(ul);
            lists.push(ul);
            nodes.push(span);
            (v.parent >= 0 ? lists[v.parent] : root).appendChild(li);
          });
          document.getElementById('search').addEventListener('input', event => {
            const q = event.target.value.trim().toLowerCase();
            const keep = new Array(count).fill(q === '');
            views.forEach((v, n) => {
              const hit = q !== '' && (v.id.toLowerCase().includes(q) || v.cls.toLowerCase().includes(q));
              nodes[n].classList.toggle('match', hit);
              if (hit) for (let p = n; p >= 0 && !keep[p]; p = views[p].parent) keep[p] = true;
            });
            nodes.forEach((s, n) => s.parentElement.classList.toggle('hidden', !keep[n]));
          });
        })();
        """
}
