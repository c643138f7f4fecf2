/// The style and script of the interactive page (`HTMLWriter`), inline in every file.
/// The script reads only the page's own JSON: it computes nothing about hit-testing but
/// the local point (the view's exported inverse transform applied to the sample point).
enum HTMLPageScript {
    static let style = """
        body { font: 13px -apple-system, "DejaVu Sans", sans-serif; margin: 12px; color: #222; }
        #layout { display: flex; gap: 16px; align-items: flex-start; }
        #map svg { display: block; max-width: none; cursor: crosshair; }
        #mapPane { display: flex; gap: 12px; align-items: flex-start; }
        #panels { position: sticky; top: 12px; width: 340px; max-height: calc(100vh - 24px); overflow: auto; }
        .panel { margin-bottom: 8px; padding: 6px 8px; border: 1px solid #ccc; background: #fafafa; }
        #explain pre { white-space: pre-wrap; margin: 4px 0 0 0; font: 12px "DejaVu Sans Mono", monospace; }
        #treePane { min-width: 280px; max-height: 90vh; overflow: auto; }
        #search { width: 100%; box-sizing: border-box; margin-bottom: 6px; }
        #tree, #tree ul { list-style: none; padding-left: 14px; margin: 0; }
        #tree { padding-left: 0; }
        .node { cursor: default; font: 12px "DejaVu Sans Mono", monospace; white-space: nowrap; }
        .node:hover, .node.current { background: #ffe680; }
        .node.match { font-weight: bold; }
        .hidden { display: none; }
        .muted { color: #888; }
        """

    static let script = """
        (function () {
          const data = JSON.parse(document.getElementById('data').textContent);
          const svg = document.querySelector('#map svg');
          const NS = 'http://www.w3.org/2000/svg';
          const cells = new Int32Array(data.columns * data.rows);
          for (let i = 0, at = 0; i < data.grid.length; i += 2) {
            cells.fill(data.grid[i], at, at + data.grid[i + 1]);
            at += data.grid[i + 1];
          }
          const fmt = x => {
            if (Number.isNaN(x)) return 'NaN';
            if (!Number.isFinite(x)) return x < 0 ? '-Infinity' : 'Infinity';
            return String(Math.round(x * 100) / 100);
          };
          const pt = (x, y) => '(' + fmt(x) + ', ' + fmt(y) + ')';
          const label = v => v.class && v.class !== v.id ? v.id + ' <' + v.class + '>' : v.id;
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
          function show(index) {
            if (index < 0) { highlight.style.display = 'none'; return; }
            highlight.setAttribute('points', data.views[index].corners.map(c => c.join(',')).join(' '));
            highlight.style.display = '';
          }
          // Where the mouse is on the map, in map pixels, or null outside it.
          function at(event) {
            const r = svg.getBoundingClientRect();
            const px = (event.clientX - r.left) * svg.width.baseVal.value / r.width;
            const py = (event.clientY - r.top) * svg.height.baseVal.value / r.height;
            if (px < 0 || py < 0 || px >= data.width || py >= data.height) return null;
            const k = data.cellSize;
            const col = Math.min(data.columns - 1, Math.floor(px / k));
            const row = Math.min(data.rows - 1, Math.floor(py / k));
            const centre = (i, extent) => i * k + Math.min(k, extent - i * k) / 2;
            return {
              px: px, py: py, owner: cells[row * data.columns + col],
              sx: centre(col, data.width) * data.screen[0] / data.width,
              sy: centre(row, data.height) * data.screen[1] / data.height
            };
          }
          const nodes = [];
          let current = null;
          function markNode(index) {
            if (current) current.classList.remove('current');
            current = index >= 0 ? nodes[index] : null;
            if (current) current.classList.add('current');
          }
          const hover = document.getElementById('hover');
          svg.addEventListener('mousemove', event => {
            const a = at(event);
            if (!a) { hover.innerHTML = '<span class="muted">outside the map</span>'; return; }
            const where = 'touch at <span id="hoverPoint">' + pt(a.sx, a.sy) + '</span>';
            if (a.owner < 0) {
              hover.innerHTML = where + ': <b id="hoverView">nothing</b> takes it';
              show(-1); markNode(-1);
              return;
            }
            const v = data.views[a.owner];
            let local = 'n/a (singular transform)';
            if (v.toLocal) {
              const t = v.toLocal;
              local = pt(t[0] * a.sx + t[2] * a.sy + t[4], t[1] * a.sx + t[3] * a.sy + t[5]);
            }
            hover.innerHTML = where + ': <b id="hoverView"></b>'
              + '<div>chain: <span id="hoverChain"></span></div>'
              + '<div>local point: <span id="hoverLocal"></span></div>';
            document.getElementById('hoverView').textContent = label(v);
            document.getElementById('hoverChain').textContent = v.chain.join(' \\u2192 ');
            document.getElementById('hoverLocal').textContent = local;
            show(a.owner); markNode(a.owner);
          });
          svg.addEventListener('mouseleave', () => { show(-1); markNode(-1); });
          const explainPanel = document.getElementById('explain');
          svg.addEventListener('click', event => {
            const a = at(event);
            if (!a) return;
            mark.setAttribute('cx', a.px); mark.setAttribute('cy', a.py);
            mark.style.display = '';
            if (!data.explain) { explainPanel.textContent = 'no explanations in this page'; return; }
            const e = data.explain;
            const sx = a.px * data.screen[0] / data.width, sy = a.py * data.screen[1] / data.height;
            const i = Math.min(e.n - 1, Math.floor(sx * e.n / data.screen[0]));
            const j = Math.min(e.m - 1, Math.floor(sy * e.m / data.screen[1]));
            const cx = (i + 0.5) * data.screen[0] / e.n, cy = (j + 0.5) * data.screen[1] / e.m;
            explainPanel.innerHTML = 'hittest explain at <span id="explainPoint"></span> '
              + '<span class="muted">(the centre of the ' + e.n + ' x ' + e.m
              + ' explain cell you clicked in)</span><pre id="explainText"></pre>';
            document.getElementById('explainPoint').textContent = pt(cx, cy);
            document.getElementById('explainText').textContent = e.texts[e.cells[j * e.n + i]];
            const why = (e.whyNot || [])[j * e.n + i] || [];
            if (why.length === 0) return;
            const pick = document.createElement('select');
            pick.id = 'whyNot';
            pick.appendChild(new Option('why not... (pick a view)', ''));
            for (let w = 0; w < why.length; w += 2) {
              pick.appendChild(new Option(label(data.views[why[w]]), String(why[w + 1])));
            }
            const answer = document.createElement('pre');
            answer.id = 'whyNotText';
            pick.addEventListener('change', () => {
              answer.textContent = pick.value === '' ? '' : e.texts[Number(pick.value)];
            });
            explainPanel.appendChild(pick);
            explainPanel.appendChild(answer);
          });
          // The view tree.
          const lists = [];
          const root = document.getElementById('tree');
          data.views.forEach((v, n) => {
            const li = document.createElement('li');
            const span = document.createElement('span');
            span.className = 'node';
            span.textContent = label(v) + (v.owned ? '' : '  (hit nowhere)');
            span.dataset.index = n;
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
            const keep = new Array(data.views.length).fill(q === '');
            data.views.forEach((v, n) => {
              const hit = q !== '' && (v.id.toLowerCase().includes(q) || v.class.toLowerCase().includes(q));
              nodes[n].classList.toggle('match', hit);
              if (hit) for (let p = n; p >= 0 && !keep[p]; p = data.views[p].parent) keep[p] = true;
            });
            nodes.forEach((s, n) => s.parentElement.classList.toggle('hidden', !keep[n]));
          });
        })();
        """
}
