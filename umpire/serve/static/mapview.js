// A map made for a phone: it zooms and pans by itself (pinch, drag, double tap, the wheel, the
// + and − buttons), goes full screen, and draws its labels at the screen's size for the zoom it
// shows, leaving out those that would crowd one another (own units first, then contacts, then
// the terrain's names). The server sends the map without them and lists them as marks: a key,
// its text, the drawing point it names and the box of what it names.
//
// window.umpireMap.labels(svg, marks): draw the marks on an SVG at screen size (the console
// calls it after each change of its own view); window.umpireMap.view(box, options): the whole
// map behaviour over the SVG inside ``box``.
"use strict";
(function () {
  const SVGNS = "http://www.w3.org/2000/svg";
  const LABEL_PX = 13; // a label's size on the screen, whatever the zoom
  const RANK = { own: 0, enemy: 1, terrain: 2 };

  function scaleOf(svg) {
    // screen pixels per drawing unit (the SVG keeps its aspect: the smaller of the two)
    const r = svg.getBoundingClientRect();
    const vb = svg.viewBox.baseVal;
    if (!r.width || !vb || !vb.width) return 0;
    return Math.min(r.width / vb.width, r.height / vb.height);
  }

  // a label's width on the screen at LABEL_PX, measured in the font the stylesheet gives it
  let pen = null;
  function measure(text, kind) {
    if (!pen) pen = document.createElement("canvas").getContext("2d");
    if (!pen) return text.length * LABEL_PX * 0.62;
    const family = getComputedStyle(document.body).fontFamily || "sans-serif";
    pen.font = (kind === "terrain" ? "italic 400 " : "600 ") + LABEL_PX + "px " + family;
    return pen.measureText(text).width;
  }

  function labels(svg, marks) {
    if (!svg) return;
    const old = svg.querySelector("g.screenlabels");
    if (old) old.remove();
    const k = scaleOf(svg);
    if (!k || !marks || !marks.length) return;
    const vb = svg.viewBox.baseVal;
    const size = LABEL_PX / k; // drawing units that show as LABEL_PX on the screen
    const g = document.createElementNS(SVGNS, "g");
    g.setAttribute("class", "screenlabels");
    const cell = size * 4;
    const grid = new Map();
    const gap = size * 0.15;

    function clear(b) {
      for (let i = Math.floor(b[0] / cell); i <= Math.floor(b[2] / cell); i++) {
        for (let j = Math.floor(b[1] / cell); j <= Math.floor(b[3] / cell); j++) {
          for (const o of grid.get(i + ":" + j) || []) {
            if (b[0] - gap < o[2] && o[0] < b[2] + gap && b[1] - gap < o[3] && o[1] < b[3] + gap) return false;
          }
        }
      }
      return true;
    }

    function take(b) {
      for (let i = Math.floor(b[0] / cell); i <= Math.floor(b[2] / cell); i++) {
        for (let j = Math.floor(b[1] / cell); j <= Math.floor(b[3] / cell); j++) {
          const key = i + ":" + j;
          if (!grid.has(key)) grid.set(key, []);
          grid.get(key).push(b);
        }
      }
    }

    const x0 = vb.x, y0 = vb.y, x1 = vb.x + vb.width, y1 = vb.y + vb.height;
    const order = marks.filter((m) => m.at[0] >= x0 && m.at[0] <= x1 && m.at[1] >= y0 && m.at[1] <= y1)
      .sort((a, b) => (RANK[a.kind] ?? 3) - (RANK[b.kind] ?? 3));
    for (const m of order) { // the stands themselves are kept clear of the labels
      if (m.kind !== "terrain") take(m.box);
    }
    for (const m of order) {
      const fs = m.kind === "terrain" ? size * 0.9 : size;
      const w = (measure(m.text, m.kind) / LABEL_PX) * fs + fs * 0.3; // as wide as the screen draws it
      const asc = fs * 0.8, desc = fs * 0.25;
      const [bx0, by0, bx1, by1] = m.box;
      const cx = (bx0 + bx1) / 2, cy = (by0 + by1) / 2;
      const spots = m.kind === "terrain" ? [[cx, cy + asc / 2]]
        : [[cx, by0 - gap - desc], [cx, by1 + gap + asc], [bx1 + gap + w / 2, cy + asc / 2], [bx0 - gap - w / 2, cy + asc / 2]];
      for (const [x, y] of spots) {
        const b = [x - w / 2, y - asc, x + w / 2, y + desc];
        if (b[0] < x0 || b[2] > x1 || b[1] < y0 || b[3] > y1 || !clear(b)) continue; // whole, in view
        take(b);
        const t = document.createElementNS(SVGNS, "text");
        t.setAttribute("x", x.toFixed(2));
        t.setAttribute("y", y.toFixed(2));
        t.setAttribute("font-size", fs.toFixed(3));
        t.setAttribute("text-anchor", "middle");
        t.setAttribute("stroke-width", (fs * 0.22).toFixed(3));
        t.setAttribute("fill", m.colour);
        t.setAttribute("class", "mark " + m.kind);
        t.dataset.key = m.key;
        t.textContent = m.text;
        g.appendChild(t);
        break;
      }
    }
    svg.appendChild(g);
  }

  // options: marks() the labels to draw; tap(event) a tap that did not move (not a double tap);
  // taps() whether every tap is the caller's (setting waypoints: no double-tap zoom); changed()
  function view(box, options) {
    const o = options || {};
    const st = { full: null, view: null, drag: null, last: null };
    const pointers = new Map();

    function svg() { return box.querySelector("svg"); }
    function current() { return st.view || st.full; }

    function apply() {
      const s = svg();
      if (!s || !st.full) return;
      s.setAttribute("viewBox", current().map((x) => x.toFixed(2)).join(" "));
      labels(s, o.marks ? o.marks() : []);
      if (o.changed) o.changed();
    }

    // a new drawing (the parts came again): the same view kept, if the table is the same size
    function fresh() {
      const s = svg();
      if (!s) return;
      s.removeAttribute("width");
      s.removeAttribute("height");
      const vb = s.viewBox.baseVal;
      const full = [vb.x, vb.y, vb.width, vb.height];
      if (!st.full || st.full.join() !== full.join()) { st.full = full; st.view = start(full); }
      apply();
    }

    // a tall box (a phone held upright): start with the table's depth filling it, around the
    // reader's own units, rather than the whole table shrunk to a strip ("Whole table" shows it)
    function start(f) {
      const r = box.getBoundingClientRect();
      const aspect = (r.height || 1) / (r.width || 1);
      if (aspect < 1.25 * f[3] / f[2]) return null;
      const frame = o.frame ? o.frame() : null;
      const depth = frame ? frame[3] * frame[2] : f[3];
      const h = Math.min(f[3], depth * 1.12), w = h / aspect;
      const marks = (o.marks ? o.marks() : []).filter((m) => m.kind !== "terrain");
      const own = marks.length ? marks : []; // around what the reader has on the table: his units and his contacts
      const cx = own.length ? own.reduce((a, m) => a + m.at[0], 0) / own.length : f[0] + f[2] / 2;
      const cy = frame ? frame[1] + depth / 2 : f[1] + f[3] / 2;
      const x = Math.min(Math.max(cx - w / 2, f[0]), f[0] + f[2] - w);
      return [x, cy - h / 2, w, h];
    }

    function set(v) {
      const f = st.full;
      const w = Math.min(Math.max(v[2], f[2] / 40), f[2]);
      const h = w * v[3] / v[2];
      let x = v[0] + (v[2] - w) / 2, y = v[1] + (v[3] - h) / 2;
      x = Math.min(Math.max(x, f[0] - w / 2), f[0] + f[2] - w / 2);
      y = Math.min(Math.max(y, f[1] - h / 2), f[1] + f[3] - h / 2);
      st.view = w >= f[2] - 1e-6 ? null : [x, y, w, h];
      apply();
    }

    function point(clientX, clientY) {
      const s = svg();
      const pt = s.createSVGPoint();
      pt.x = clientX; pt.y = clientY;
      const p = pt.matrixTransform(s.getScreenCTM().inverse());
      return [p.x, p.y];
    }

    function zoom(factor, at) {
      if (!st.full) return;
      const v = current();
      const c = at || [v[0] + v[2] / 2, v[1] + v[3] / 2];
      set([c[0] - (c[0] - v[0]) / factor, c[1] - (c[1] - v[1]) / factor, v[2] / factor, v[3] / factor]);
    }

    // centre the map on a drawing point, closer in if it shows the whole table
    function centre(at, closer) {
      if (!st.full) return;
      const v = current();
      const k = !st.view ? (closer || 4) : 1;
      const w = v[2] / k, h = v[3] / k;
      set([at[0] - w / 2, at[1] - h / 2, w, h]);
    }

    function spread() {
      const [a, b] = Array.from(pointers.values());
      return Math.hypot(a[0] - b[0], a[1] - b[1]);
    }

    box.addEventListener("pointerdown", (e) => {
      if (!svg() || e.button > 0) return;
      pointers.set(e.pointerId, [e.clientX, e.clientY]);
      try { box.setPointerCapture(e.pointerId); } catch (err) { /* a synthetic pointer */ }
      st.drag = { x: e.clientX, y: e.clientY, moved: pointers.size > 1, view: current().slice(),
        pinch: pointers.size === 2 ? spread() : null };
    });

    box.addEventListener("pointermove", (e) => {
      const d = st.drag;
      if (!d || !pointers.has(e.pointerId)) return;
      pointers.set(e.pointerId, [e.clientX, e.clientY]);
      if (pointers.size === 2 && d.pinch) {
        const [a, b] = Array.from(pointers.values());
        const now = spread();
        zoom(now / d.pinch, point((a[0] + b[0]) / 2, (a[1] + b[1]) / 2));
        d.pinch = now;
        d.moved = true;
        return;
      }
      const dx = e.clientX - d.x, dy = e.clientY - d.y;
      if (!d.moved && Math.hypot(dx, dy) < 6) return;
      d.moved = true;
      if (!st.view) return; // the whole table is shown: nothing to pan
      const k = 1 / svg().getScreenCTM().a;
      set([d.view[0] - dx * k, d.view[1] - dy * k, d.view[2], d.view[3]]);
    });

    function up(e) {
      pointers.delete(e.pointerId);
      const d = st.drag;
      if (!d) return;
      if (pointers.size === 0) st.drag = null;
      if (d.moved || e.type !== "pointerup") return;
      const now = Date.now();
      const last = st.last;
      const own = o.taps && o.taps();
      if (!own && last && now - last.t < 350 && Math.hypot(e.clientX - last.x, e.clientY - last.y) < 30) {
        st.last = null;
        zoom(2, point(e.clientX, e.clientY)); // a double tap: closer, there
        return;
      }
      st.last = { t: now, x: e.clientX, y: e.clientY };
      if (o.tap) o.tap(e);
    }
    box.addEventListener("pointerup", up);
    box.addEventListener("pointercancel", up);
    box.addEventListener("dblclick", (e) => e.preventDefault());

    box.addEventListener("wheel", (e) => {
      if (!svg()) return;
      e.preventDefault();
      zoom(e.deltaY < 0 ? 1.25 : 0.8, point(e.clientX, e.clientY));
    }, { passive: false });

    function full(on) {
      const holder = box.closest(".mapframe") || box;
      const want = on === undefined ? !holder.classList.contains("full") : on;
      holder.classList.toggle("full", want);
      document.body.classList.toggle("mapfull", want);
      for (const b of holder.querySelectorAll("button[data-map=full]")) {
        b.textContent = want ? "Close" : "Full screen";
        b.setAttribute("aria-pressed", String(want));
      }
      requestAnimationFrame(apply);
    }

    const holder = box.closest(".mapframe");
    if (holder) {
      holder.addEventListener("click", (e) => {
        const b = e.target.closest("button[data-map]");
        if (!b) return;
        const what = b.dataset.map;
        if (what === "in") zoom(1.6);
        else if (what === "out") zoom(1 / 1.6);
        else if (what === "fit") { st.view = null; apply(); }
        else if (what === "full") full();
      });
    }
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && holder && holder.classList.contains("full")) full(false);
    });
    window.addEventListener("resize", () => apply());

    fresh();
    return { fresh, zoom, centre, point, full, current, draw: apply,
      scale: () => (svg() ? scaleOf(svg()) : 0) };
  }

  window.umpireMap = { labels, view };
})();
