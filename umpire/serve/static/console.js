// The umpire's console: the map's pan and zoom, the tools (select, measure, place, move), the
// turn's buttons, the log's corrections, and keeping the page as the game file is.
//
// Everything shown comes from the server: its parts (map, turn, log, a stand's facts) are
// HTML that the server escaped, put in place as they are; every other text the script writes
// goes in as text (textContent), never as markup. Every write is a POST with the session's
// token in a header, and says which event the page showed, so a page drawn before another
// command wrote is refused rather than acted on.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const SVGNS = "http://www.w3.org/2000/svg";
  const csrf = document.querySelector('meta[name="csrf"]').content;
  const status = $("status");
  const mapBox = $("map");
  const st = {
    seq: Number(status.dataset.seq),
    poll: Math.max(1, Number(status.dataset.poll || 3)) * 1000,
    frame: JSON.parse(mapBox.dataset.frame),
    units: {},
    marks: JSON.parse(mapBox.dataset.marks || "[]"),
    lastTap: null,
    mode: "select",
    unit: null,
    amend: null,
    view: null,
    pending: null,
    ends: [],
    measured: null,
    working: false,
    lost: null,
    asked: 0,
  };

  // -- talking to the server ---------------------------------------------------------------
  const call = window.umpireCall(csrf, {
    unreachable: "cannot reach the server: nothing was sent (is umpire serve still running?)",
    expired: "the session has ended: open the login link again",
    lost: () => lost(),
    found: () => found(),
  });

  function lost() {
    if (st.lost === null) st.lost = new Date();
    status.textContent = "cannot reach the server since " + st.lost.toLocaleTimeString() +
      ": this page may be older than the game file (#" + st.seq + " shown)";
    status.className = "status stale";
  }

  function found() {
    if (st.lost !== null) {
      st.lost = null;
      status.textContent = "as the file holds it (#" + st.seq + ")";
      status.className = "status";
    }
  }

  function say(text, kind) {
    const a = $("answer");
    a.textContent = text || "";
    a.className = "answer" + (kind ? " " + kind : "");
    a.setAttribute("role", kind === "refused" ? "alert" : "status");
  }

  function refused(e) {
    say("Refused: " + (e && e.error ? e.error : String(e)), "refused");
    if (e && e.stale) refresh();
  }

  // -- the page's parts ------------------------------------------------------------------
  function partsUrl() {
    const q = new URLSearchParams();
    if (st.unit) q.set("unit", st.unit);
    if (st.amend) q.set("amend", String(st.amend));
    const s = q.toString();
    return "/console/parts" + (s ? "?" + s : "");
  }

  async function refresh(note) {
    const asked = ++st.asked; // the parts of the latest question only: an older answer arriving late is dropped
    let p;
    try {
      p = await call("GET", partsUrl());
    } catch (e) {
      if (e && e.error && st.lost === null && asked === st.asked) say(e.error, "refused");
      return;
    }
    if (asked !== st.asked) return;
    put(p);
    if (note) {
      status.textContent = note;
      status.className = "status changed";
    } else {
      status.textContent = "as the file holds it (#" + p.seq + ")" + (p.amending ? ", shown before #" + p.amending : "");
      status.className = "status";
    }
  }

  function put(p) {
    document.dispatchEvent(new CustomEvent("umpire:parts", { detail: { seq: p.seq } }));
    st.seq = p.seq;
    st.frame = p.frame;
    st.units = p.units || {};
    st.marks = p.marks || [];
    mapBox.innerHTML = p.map;
    $("turn").innerHTML = p.turn;
    $("log").innerHTML = p.log;
    $("stands").innerHTML = p.stands;
    $("unit").innerHTML = p.unit;
    $("unithint").hidden = Boolean(p.unit);
    document.title = p.title;
    for (const b of document.querySelectorAll("#log button[data-amend]")) {
      b.parentElement.classList.toggle("amending", Number(b.dataset.amend) === st.amend);
    }
    setupMap();
  }

  async function check() {
    if (document.hidden || st.working) return;
    const shown = st.seq;
    try {
      const v = await call("GET", "/console/version");
      document.dispatchEvent(new CustomEvent("umpire:version", { detail: v }));
      // a change this page did not make (its own writes move st.seq on as they are made)
      if (st.working || v.seq === st.seq || shown !== st.seq) return;
      await refresh("updated: another command changed the file (#" + v.seq + ")");
    } catch (e) { /* lost() said so */ }
  }

  // -- the map: pan and zoom -------------------------------------------------------------
  function svg() { return mapBox.querySelector("svg"); }

  function fullView() {
    const vb = svg().viewBox.baseVal;
    return [vb.x, vb.y, vb.width, vb.height];
  }

  function setupMap() {
    const s = svg();
    if (!s) return;
    s.removeAttribute("width");
    s.removeAttribute("height");
    if (!st.full) {
      st.full = fullView();
      const f = st.full;
      if (aspect() > 1.25 * f[3] / f[2]) {
        // a tall box (a phone held upright): start with the table's depth filling it, the
        // middle of the table in view, rather than the whole table shrunk to a strip
        const w = f[3] / aspect();
        st.view = [f[0] + (f[2] - w) / 2, f[1], w, f[3]];
      }
    }
    if (st.view) s.setAttribute("viewBox", st.view.map((x) => x.toFixed(2)).join(" "));
    draw();
    relabel();
  }

  // the stands' ids and the terrain's names, drawn at the screen's size for this zoom (static/mapview.js)
  function relabel() { window.umpireMap.labels(svg(), st.marks); }

  function aspect() { return (mapBox.clientHeight || 1) / (mapBox.clientWidth || 1); }

  function setView(v) {
    const f = st.full;
    const w = Math.min(Math.max(v[2], f[2] / 40), f[2] * 1.5);
    const h = w * v[3] / v[2];
    const cx = v[0] + v[2] / 2, cy = v[1] + v[3] / 2;
    st.view = [cx - w / 2, cy - h / 2, w, h];
    svg().setAttribute("viewBox", st.view.map((x) => x.toFixed(2)).join(" "));
    relabel();
  }

  function current() { return st.view || st.full; }

  function zoom(factor, at) {
    const v = current();
    const c = at || [v[0] + v[2] / 2, v[1] + v[3] / 2];
    const w = v[2] / factor, h = v[3] / factor;
    setView([c[0] - (c[0] - v[0]) / factor, c[1] - (c[1] - v[1]) / factor, w, h]);
  }

  function drawingPoint(clientX, clientY) {
    const s = svg();
    const pt = s.createSVGPoint();
    pt.x = clientX;
    pt.y = clientY;
    const p = pt.matrixTransform(s.getScreenCTM().inverse());
    return [p.x, p.y];
  }

  function inches(d) {
    const [ox, oy, sc, depth] = st.frame;
    return [Math.round(((d[0] - ox) / sc) * 10) / 10, Math.round((depth - (d[1] - oy) / sc) * 10) / 10];
  }

  function drawing(t) {
    const [ox, oy, sc, depth] = st.frame;
    return [ox + t[0] * sc, oy + (depth - t[1]) * sc];
  }

  const pointers = new Map();
  let drag = null;

  mapBox.addEventListener("pointerdown", (e) => {
    if (!svg()) return;
    pointers.set(e.pointerId, [e.clientX, e.clientY]);
    mapBox.setPointerCapture(e.pointerId);
    const stand = e.target.closest ? e.target.closest("g.stand") : null;
    drag = { x: e.clientX, y: e.clientY, moved: false, view: current().slice(), stand: stand ? stand.dataset.unit : null,
      pinch: pointers.size === 2 ? spread() : null };
  });

  function spread() {
    const [a, b] = Array.from(pointers.values());
    return Math.hypot(a[0] - b[0], a[1] - b[1]);
  }

  mapBox.addEventListener("pointermove", (e) => {
    if (!drag || !pointers.has(e.pointerId)) return;
    pointers.set(e.pointerId, [e.clientX, e.clientY]);
    if (pointers.size === 2 && drag.pinch) {
      const [a, b] = Array.from(pointers.values());
      const mid = drawingPoint((a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
      const now = spread();
      zoom(now / drag.pinch, mid);
      drag.pinch = now;
      drag.moved = true;
      return;
    }
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 5) return;
    drag.moved = true;
    const k = 1 / svg().getScreenCTM().a;
    const v = drag.view;
    setView([v[0] - dx * k, v[1] - dy * k, v[2], v[3]]);
  });

  function up(e) {
    pointers.delete(e.pointerId);
    if (!drag) return;
    const d = drag;
    if (pointers.size === 0) drag = null;
    if (d.moved || e.type !== "pointerup") return;
    const now = Date.now(), last = st.lastTap;
    if (st.mode === "select" && last && now - last.t < 350 && Math.hypot(e.clientX - last.x, e.clientY - last.y) < 30) {
      st.lastTap = null; // a double tap: closer, there
      zoom(2, drawingPoint(e.clientX, e.clientY));
      return;
    }
    st.lastTap = { t: now, x: e.clientX, y: e.clientY };
    clicked(d.stand, inches(drawingPoint(e.clientX, e.clientY)));
  }
  mapBox.addEventListener("pointerup", up);
  mapBox.addEventListener("pointercancel", up);

  mapBox.addEventListener("wheel", (e) => {
    if (!svg()) return;
    e.preventDefault();
    zoom(e.deltaY < 0 ? 1.25 : 0.8, drawingPoint(e.clientX, e.clientY));
  }, { passive: false });

  $("zoom-in").addEventListener("click", () => zoom(1.5));
  $("zoom-out").addEventListener("click", () => zoom(1 / 1.5));
  $("zoom-fit").addEventListener("click", () => { st.view = null; svg().setAttribute("viewBox", st.full.join(" ")); relabel(); });
  $("zoom-full").addEventListener("click", () => {
    const col = mapBox.closest(".mapcol");
    const on = col.classList.toggle("full");
    document.body.classList.toggle("mapfull", on);
    $("zoom-full").textContent = on ? "Close" : "Full screen";
    requestAnimationFrame(relabel);
  });
  window.addEventListener("resize", () => relabel());

  // -- what is drawn over the map --------------------------------------------------------
  function el(name, attrs, text) {
    const n = document.createElementNS(SVGNS, name);
    for (const k in attrs) n.setAttribute(k, String(attrs[k]));
    if (text !== undefined) n.textContent = text;
    return n;
  }

  function pts(list) { return list.map((p) => drawing(p).map((v) => v.toFixed(2)).join(",")).join(" "); }

  function draw() {
    const s = svg();
    if (!s) return;
    const old = s.querySelector("#overlay");
    if (old) old.remove();
    for (const g of s.querySelectorAll("g.stand")) g.classList.toggle("selected", g.dataset.unit === st.unit);
    for (const g of s.querySelectorAll("g.terrain")) g.classList.remove("blocking");
    const o = el("g", { id: "overlay" });
    const p = st.pending;
    if (p && p.action === "move") {
      const from = st.units[p.unit];
      const line = from ? [from].concat(p.path) : p.path;
      o.appendChild(el("polyline", { points: pts(line), class: "path" }));
      for (const q of p.path) {
        const d = drawing(q);
        o.appendChild(el("circle", { cx: d[0], cy: d[1], r: 2.5, class: "waypoint" }));
      }
    } else if (p && p.action === "place") {
      const d = drawing([p.x, p.y]);
      o.appendChild(el("circle", { cx: d[0], cy: d[1], r: 4, class: "drop" }));
    }
    for (const e of st.ends) {
      const d = drawing(e.at);
      o.appendChild(el("circle", { cx: d[0], cy: d[1], r: 2.5, class: "end" }));
    }
    const m = st.measured;
    if (m) {
      const a = drawing(m.a), b = drawing(m.b);
      o.appendChild(el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: m.los.clear ? "sight clear" : "sight blocked" }));
      const len = Math.hypot(m.b[0] - m.a[0], m.b[1] - m.a[1]) || 1;
      for (const c of m.crossed) {
        const at = (t) => drawing([m.a[0] + (m.b[0] - m.a[0]) * t / len, m.a[1] + (m.b[1] - m.a[1]) * t / len]);
        const p1 = at(c.enter), p2 = at(Math.max(c.exit, c.enter + 0.05));
        o.appendChild(el("line", { x1: p1[0], y1: p1[1], x2: p2[0], y2: p2[1], class: c.blocks ? "crossing blocks" : "crossing" }));
      }
      for (const g of s.querySelectorAll("g.terrain")) g.classList.toggle("blocking", m.los.blocked_by.includes(g.dataset.id));
      for (const d of [a, b]) o.appendChild(el("circle", { cx: d[0], cy: d[1], r: 2.5, class: "end" }));
    }
    s.appendChild(o);
  }

  // -- the tools -------------------------------------------------------------------------
  function setMode(mode) {
    st.mode = mode;
    for (const b of document.querySelectorAll("button.mode")) b.classList.toggle("on", b.dataset.mode === mode);
    st.pending = null;
    st.ends = [];
    showPending();
    const help = {
      select: "Click a stand for its facts.",
      measure: "Click two points or stands: distance, aspect and line of sight between them.",
      place: st.unit ? "Click where " + st.unit + " is to stand." : "Pick the stand to place (click it, or choose it under Stands), then click where it goes.",
      move: st.unit ? "Click the waypoints of " + st.unit + "'s move, in order; its cost and allowance show before it is made." : "Pick the stand to move, then click its waypoints.",
    };
    say(help[mode]);
    draw();
  }

  async function choose(uid) {
    st.unit = uid;
    await refresh();
  }

  // a stand chosen while placing or moving: the tool starts again for it, unless the umpire has
  // already clicked for it while its facts were on their way (those clicks stand)
  function chosen(uid) {
    if (st.mode === "select" || st.unit !== uid || (st.pending && st.pending.unit === uid)) return;
    setMode(st.mode);
  }

  function clicked(stand, at) {
    if (st.mode === "select") {
      if (stand) choose(stand);
      return;
    }
    if (st.mode === "measure") {
      st.ends.push(stand ? { id: stand, at: st.units[stand] || at } : { at });
      if (st.ends.length === 2) measure(st.ends[0], st.ends[1]);
      else { st.measured = null; say("Now the other end."); draw(); }
      return;
    }
    if (!st.unit) {
      if (stand) { choose(stand).then(() => chosen(stand)); }
      else say("Pick the stand first: click it, or choose it under Stands.", "refused");
      return;
    }
    if (st.mode === "place") st.pending = { action: "place", unit: st.unit, x: at[0], y: at[1] };
    else {
      if (!st.pending || st.pending.unit !== st.unit) st.pending = { action: "move", unit: st.unit, path: [] };
      st.pending.path.push(at);
    }
    draw();
    preview();
  }

  function facing() {
    const f = $("facing").value.trim();
    return f === "" ? null : f;
  }

  function request(p) {
    const body = { action: p.action, unit: p.unit, facing: facing(), amend: st.amend };
    if (p.action === "place") { body.x = p.x; body.y = p.y; } else { body.path = p.path; }
    return body;
  }

  function showPending() {
    const p = st.pending;
    $("pending").hidden = !p;
    if (!p) return;
    $("pendingtext").textContent = p.action === "place"
      ? "place " + p.unit + " at (" + p.x + ", " + p.y + ")"
      : "move " + p.unit + " via " + p.path.map((q) => "(" + q[0] + ", " + q[1] + ")").join(" ");
  }

  async function preview() {
    showPending();
    const p = st.pending;
    if (!p) return;
    try {
      const r = await call("POST", "/console/preview", request(p));
      if (st.pending === p) say("If made: " + r.summary, "preview");
    } catch (e) {
      if (st.pending === p) refused(e);
    }
  }

  async function act(url, body) {
    if (st.working) return null;
    st.working = true;
    for (const b of document.querySelectorAll("button")) b.disabled = true;
    try {
      const r = await call("POST", url, Object.assign({ seen: st.seq }, body));
      st.seq = r.last; // this page's own write: the poll is not to take it for another command's
      return r;
    } catch (e) {
      refused(e);
      return null;
    } finally {
      st.working = false;
      for (const b of document.querySelectorAll("button")) b.disabled = false;
    }
  }

  function tell(r) {
    const box = $("result");
    box.hidden = false;
    box.textContent = "";
    const lines = r.lines || [r.summary].concat(r.now ? [r.now] : []);
    for (const x of lines) {
      const p = document.createElement("p");
      p.textContent = x;
      box.appendChild(p);
    }
    if (r.told) {
      const d = document.createElement("div");
      d.innerHTML = r.told; // the server's rendering of the report, escaped there
      box.appendChild(d);
    }
  }

  async function done(r) {
    if (!r) return;
    tell(r);
    say(r.lines ? r.lines[0] : r.short || r.summary, "done");
    $("result").parentElement.scrollTop = 0; // the panel, where it scrolls apart from the page
    if (st.amend) endAmend();
    st.pending = null;
    showPending();
    await refresh();
  }

  $("do-it").addEventListener("click", async () => {
    if (st.pending) await done(await act("/console/act", request(st.pending)));
  });
  $("clear-it").addEventListener("click", () => { st.pending = null; showPending(); say(""); draw(); });

  async function measure(a, b) {
    const q = new URLSearchParams({ a: a.id || a.at.join(","), b: b.id || b.at.join(",") });
    if (st.amend) q.set("amend", String(st.amend));
    st.ends = [];
    try {
      const m = await call("GET", "/console/measure?" + q.toString());
      st.measured = m;
      const aspect = m.aspect ? "; " + m.b_name + " is seen on its " + m.aspect : "";
      const los = m.los.clear ? "line of sight clear" : "line of sight blocked by " + m.blocked_names.join(", ");
      say(m.a_name + " \u2192 " + m.b_name + ": edge to edge " + m.distance + "\", centre to centre " +
        m.center_distance + "\", bearing " + m.bearing + "\u00b0" + aspect + "; " + los, m.los.clear ? "clear" : "blocked");
    } catch (e) {
      st.measured = null;
      refused(e);
    }
    draw();
  }

  for (const b of document.querySelectorAll("button.mode")) b.addEventListener("click", () => setMode(b.dataset.mode));

  $("unit").addEventListener("click", (e) => {
    const t = e.target.closest("button");
    if (!t) return;
    if (t.dataset.tool) {
      st.unit = t.dataset.for;
      setMode(t.dataset.tool);
      if (t.dataset.tool === "measure" && st.units[st.unit]) st.ends = [{ id: st.unit, at: st.units[st.unit] }];
      draw();
    } else if (t.dataset.measureTo && st.unit && st.units[st.unit] && st.units[t.dataset.measureTo]) {
      setMode("measure");
      measure({ id: st.unit }, { id: t.dataset.measureTo });
    }
  });

  $("stands").addEventListener("click", (e) => {
    const t = e.target.closest("button[data-unit]");
    if (!t) return;
    const at = st.units[t.dataset.unit];
    if (at && st.view) { // zoomed in: the stand picked from the list comes to the middle of the map
      const d = drawing(at), v = st.view;
      setView([d[0] - v[2] / 2, d[1] - v[3] / 2, v[2], v[3]]);
    }
    choose(t.dataset.unit).then(() => chosen(t.dataset.unit));
  });

  // -- the turn --------------------------------------------------------------------------
  $("phase-next").addEventListener("click", async () => {
    const box = $("integrity");
    await done(await act("/console/act", { action: "phase", amend: st.amend, allow_integrity_break: Boolean(box && box.checked) }));
  });

  $("orders-file").addEventListener("change", async (e) => {
    const f = e.target.files && e.target.files[0];
    if (!f) return;
    const text = await f.text();
    e.target.value = "";
    await done(await act("/console/act", { action: "orders", name: f.name, text, amend: st.amend }));
  });

  $("undo").addEventListener("click", async () => done(await act("/console/undo", {})));
  $("redo").addEventListener("click", async () => done(await act("/console/redo", {})));

  // -- amending an action ----------------------------------------------------------------
  $("log").addEventListener("click", (e) => {
    const t = e.target.closest("button[data-amend]");
    if (!t) return;
    st.amend = Number(t.dataset.amend);
    $("amendtext").textContent = "Amending #" + st.amend + ": the map and the turn show the game just before it. " +
      "Your next place, move, orders or phase replaces #" + st.amend + ", and every later action is resolved again.";
    $("amendbar").hidden = false;
    say("Make the action that replaces #" + st.amend + " (or cancel the amendment).");
    refresh();
  });

  function endAmend() {
    st.amend = null;
    $("amendbar").hidden = true;
  }

  $("amend-cancel").addEventListener("click", () => { endAmend(); refresh(); say("The amendment was cancelled; nothing was written."); });

  $("logout").addEventListener("click", async () => {
    try { await call("POST", "/logout", {}); } catch (e) { /* gone either way */ }
    window.location.assign("/login");
  });

  // -- keeping up with the file ----------------------------------------------------------
  setInterval(check, st.poll);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) check(); });
  // another part of the page wrote the file (a photo applied): show the game as it is now
  document.addEventListener("umpire:wrote", (e) => refresh(e.detail && e.detail.note));
  refresh();
  setMode("select");
})();
