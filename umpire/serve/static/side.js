// A side's page: its map (tap to set a unit's waypoints), its orders forms (checked and sent one
// entry at a time), its briefings, and keeping up with the game file.
//
// Everything shown comes from the server, composed from the side's own knowledge: its parts are
// HTML the server escaped, put in place as they are; every other text goes in as text. The page
// asks for a digest of what it shows now and then (every few seconds at first, less often while
// nothing changes, never while hidden) and fetches its parts only when the digest changed.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const SVGNS = "http://www.w3.org/2000/svg";
  const csrf = document.querySelector('meta[name="csrf"]').content;
  const main = $("main");
  const base = "/side/" + encodeURIComponent(main.dataset.side);
  const first = Math.max(1, Number(main.dataset.poll || 4)) * 1000;
  const most = Math.max(first, Number(main.dataset.most || 20) * 1000);
  const st = { v: main.dataset.v, wait: first, timer: null, tap: null, dirty: false, turn: null, shown: null };

  const call = window.umpireCall(csrf, {
    unreachable: "cannot reach the umpire's server: nothing was sent",
    expired: "this link no longer opens the page: ask the umpire for a new one",
  });

  function note(text, bad) {
    const n = $("note");
    n.textContent = text || "";
    n.className = "answer" + (text ? (bad ? " refused" : " done") : "");
  }

  // -- the page's parts --------------------------------------------------------------------
  function put(p, keepOrders) {
    st.v = p.v;
    main.dataset.drawn = String(Number(main.dataset.drawn || 0) + 1); // how many times the parts were put in
    $("status").innerHTML = p.status;
    $("map").innerHTML = p.map;
    $("map").dataset.frame = JSON.stringify(p.frame);
    st.marks = p.marks || [];
    $("roster").innerHTML = p.roster;
    $("briefings").innerHTML = p.briefings;
    if (!keepOrders) {
      const open = Array.from(document.querySelectorAll("#orders details[open]")).map((d) => d.dataset.key);
      $("orders").innerHTML = p.orders;
      for (const d of document.querySelectorAll("#orders details")) if (open.includes(d.dataset.key)) d.open = true;
      st.dirty = false;
      st.tap = null;
      $("map").closest(".sidemap").classList.remove("tapping");
    }
    document.title = p.title;
    map.fresh();
    if (st.facts) showFacts(st.facts, false);
    const turns = document.querySelectorAll("#briefings button[data-turn]");
    const last = turns.length ? Number(turns[turns.length - 1].dataset.turn) : null;
    if (last !== st.turn) { st.turn = last; if (last) showBriefing(last); }
  }

  async function refresh() {
    const p = await call("GET", base + "/parts");
    const keep = st.dirty;
    put(p, keep);
    if (keep) note("The page changed (the umpire or another player): your unsent changes are kept. Send them, or reload.");
  }

  async function poll() {
    st.timer = null;
    if (document.hidden) return; // asked again when the page is shown
    try {
      const r = await call("GET", base + "/version");
      if (r.v !== st.v) {
        st.wait = first;
        await refresh();
      } else {
        st.wait = Math.min(most, Math.round(st.wait * 1.5));
      }
    } catch (e) {
      note(e.error || String(e), true);
      st.wait = most;
    }
    schedule();
  }

  function schedule() {
    if (st.timer === null && !document.hidden) st.timer = setTimeout(poll, st.wait);
  }

  document.addEventListener("visibilitychange", () => {
    if (document.hidden) {
      if (st.timer !== null) { clearTimeout(st.timer); st.timer = null; }
    } else {
      st.wait = first;
      if (st.timer === null) poll();
    }
  });

  async function showBriefing(turn) {
    try {
      const r = await call("GET", base + "/briefing?turn=" + turn);
      const box = $("briefing");
      box.innerHTML = r.html;
      box.hidden = false;
      const figure = box.querySelector(".zoomable");
      if (figure) window.umpireMap.view(figure, { marks: () => r.marks || [], frame: () => r.frame });
      st.shown = turn;
      for (const b of document.querySelectorAll("#briefings button[data-turn]")) {
        b.classList.toggle("on", Number(b.dataset.turn) === turn);
      }
    } catch (e) { note(e.error || String(e), true); }
  }

  $("briefings").addEventListener("click", (ev) => {
    const b = ev.target.closest("button[data-turn]");
    if (b) showBriefing(Number(b.dataset.turn));
  });

  // -- the map: tapping waypoints ---------------------------------------------------------
  function svg() { return $("map").querySelector("svg"); }
  function frame() { return JSON.parse($("map").dataset.frame); }

  function tableAt(clientX, clientY) {
    const s = svg();
    const f = frame();
    const pt = s.createSVGPoint();
    pt.x = clientX; pt.y = clientY;
    const q = pt.matrixTransform(s.getScreenCTM().inverse());
    const x = (q.x - f[0]) / f[2];
    const y = f[3] - (q.y - f[1]) / f[2];
    return [Math.round(x * 10) / 10, Math.round(y * 10) / 10];
  }

  function drawingOf(p) {
    const f = frame();
    return [f[0] + p[0] * f[2], f[1] + (f[3] - p[1]) * f[2]];
  }

  function readPoints(text) {
    const out = [];
    for (const part of String(text || "").trim().split(/\s+/)) {
      if (!part) continue;
      const xy = part.split(",").map(Number);
      if (xy.length === 2 && xy.every((v) => Number.isFinite(v))) out.push(xy);
    }
    return out;
  }

  function drawAll() {
    const s = svg();
    if (!s) return;
    for (const old of s.querySelectorAll("g.waypoints")) old.remove();
    const g = document.createElementNS(SVGNS, "g");
    g.setAttribute("class", "waypoints");
    for (const form of document.querySelectorAll("form.orderform")) {
      const entry = form.closest("details");
      if (!entry) continue;
      for (const input of form.querySelectorAll("input[data-kind=point], input[data-kind=spot]")) {
        const pts = readPoints(input.value);
        if (pts.length !== 1) continue;
        const [cx, cy] = drawingOf(pts[0]);
        for (const [dx, dy] of [[-6, -6], [-6, 6]]) { // a cross where the point is
          const l = document.createElementNS(SVGNS, "line");
          l.setAttribute("x1", cx + dx); l.setAttribute("y1", cy + dy); l.setAttribute("x2", cx - dx); l.setAttribute("y2", cy - dy);
          l.setAttribute("class", "route on");
          g.appendChild(l);
        }
      }
      if (!entry.dataset.at) continue;
      let from = JSON.parse(entry.dataset.at);
      for (const input of form.querySelectorAll("input[data-kind=points]")) {
        const pts = readPoints(input.value);
        if (!pts.length) continue;
        const line = document.createElementNS(SVGNS, "polyline");
        line.setAttribute("points", [from, ...pts].map((p) => drawingOf(p).join(",")).join(" "));
        line.setAttribute("class", st.tap && st.tap.input === input ? "route on" : "route");
        g.appendChild(line);
        for (const p of pts) {
          const c = document.createElementNS(SVGNS, "circle");
          const [cx, cy] = drawingOf(p);
          c.setAttribute("cx", cx); c.setAttribute("cy", cy); c.setAttribute("r", 3.5);
          c.setAttribute("class", "waypoint");
          g.appendChild(c);
        }
        from = pts[pts.length - 1];
      }
    }
    s.appendChild(g);
  }

  // -- the map: zoom and pan, labels at screen size, a unit's facts ----------------------------
  st.marks = JSON.parse($("map").dataset.marks || "[]");
  st.facts = null;

  function showFacts(key, centre) {
    const from = $("roster").querySelector('.unitfacts[data-for="' + CSS.escape(key) + '"]');
    const box = $("facts");
    if (!from) { box.hidden = true; st.facts = null; return; }
    st.facts = key;
    box.innerHTML = from.innerHTML; // the server's escaped HTML, as it came
    const close = document.createElement("button");
    close.type = "button";
    close.className = "small";
    close.textContent = "Close";
    close.addEventListener("click", () => { box.hidden = true; st.facts = null; });
    box.appendChild(close);
    box.hidden = false;
    for (const b of $("roster").querySelectorAll("button.unitpick")) b.classList.toggle("on", b.dataset.unit === key);
    if (centre) {
      const m = st.marks.find((x) => x.key === key && x.kind !== "terrain");
      if (m) map.centre(m.at);
    }
  }

  // the unit under a tap: the nearest stand within a thumb's reach (22 screen pixels)
  function unitAt(ev) {
    const k = map.scale();
    if (!k) return null;
    const p = map.point(ev.clientX, ev.clientY);
    let best = null, most = 22 / k;
    for (const m of st.marks) {
      if (m.kind === "terrain") continue;
      const dx = Math.max(m.box[0] - p[0], 0, p[0] - m.box[2]);
      const dy = Math.max(m.box[1] - p[1], 0, p[1] - m.box[3]);
      const d = Math.hypot(dx, dy);
      if (d <= most) { most = d; best = m.key; }
    }
    if (best === null) {
      const t = ev.target && ev.target.closest ? ev.target.closest("text.mark") : null;
      if (t && t.dataset.key) best = t.dataset.key;
    }
    return best;
  }

  const map = window.umpireMap.view($("map"), {
    marks: () => st.marks,
    frame: () => frame(),
    taps: () => Boolean(st.tap),
    changed: () => drawAll(),
    tap: (ev) => {
      if (!st.tap) {
        const key = unitAt(ev);
        if (key) showFacts(key, false);
        return;
      }
      tapped(ev);
    },
  });

  $("roster").addEventListener("click", (ev) => {
    const b = ev.target.closest("button.unitpick");
    if (b) showFacts(b.dataset.unit, true);
  });

  function tapped(ev) {
    if (!st.tap || !svg()) return;
    const p = tableAt(ev.clientX, ev.clientY);
    const input = st.tap.input;
    if (input.dataset.kind === "points") input.value = (input.value.trim() + " " + p[0] + "," + p[1]).trim();
    else input.value = p[0] + "," + p[1]; // one point: the tap replaces it
    st.dirty = true;
    drawAll();
    check(input.closest("form"));
  }

  function tapping(input, button) {
    for (const b of document.querySelectorAll("button[data-tap].on")) b.classList.remove("on");
    const box = $("map").closest(".sidemap");
    if (st.tap && st.tap.input === input) {
      st.tap = null;
      box.classList.remove("tapping");
      $("maphint").textContent = "Waypoints set. Press Tap the map again to add more.";
    } else {
      st.tap = { input };
      button.classList.add("on");
      box.classList.add("tapping"); // the map stays at the top of the screen, the form under it
      $("maphint").textContent = "Tap the map for each waypoint of " + input.name + " (press Tap the map again when done).";
    }
    drawAll();
  }

  // -- the orders forms -----------------------------------------------------------------------
  function put_in(entry, key, value) {
    const parts = key.split(".");
    let box = entry;
    for (const p of parts.slice(0, -1)) box = box[p] = box[p] || {};
    box[parts[parts.length - 1]] = value;
  }

  function entryOf(form) {
    const entry = {};
    for (const el of form.elements) {
      if (!el.name) continue;
      const kind = el.dataset.kind;
      let v;
      if (kind === "flag") v = el.checked ? true : null;
      else if (kind === "points") { v = readPoints(el.value); if (!v.length) v = null; }
      else if (kind === "point" || kind === "spot") {
        const pts = readPoints(el.value);
        v = pts.length === 1 ? pts[0] : (kind === "spot" && el.value.trim() ? el.value.trim() : (el.value.trim() ? el.value : null));
      }
      else if (kind === "targets") { v = el.value.split(/[\s,]+/).filter(Boolean); if (!v.length) v = null; }
      else if (kind === "number") v = el.value.trim() === "" ? null : Number(el.value);
      else v = el.value === "" ? null : el.value;
      if (v !== null) put_in(entry, el.name, v);
    }
    return entry;
  }

  function turnShown() {
    const h = $("status").querySelector("h1");
    const m = h ? h.textContent.match(/Turn (\d+)/) : null;
    return m ? Number(m[1]) : null;
  }

  async function send(form, what) {
    const said = form.querySelector(".said");
    const key = form.dataset.key;
    const body = { turn: turnShown(), key, entry: what === "withdraw" ? null : entryOf(form) };
    const url = base + (what === "check" ? "/check" : "/send");
    said.textContent = what === "check" ? "checking…" : "sending…";
    said.className = "said answer";
    try {
      const r = await call("POST", url, body);
      said.textContent = r.said;
      said.className = "said answer done";
      if (what !== "check") {
        st.dirty = false;
        await refresh();
        note(r.said);
      }
    } catch (e) {
      said.textContent = "Refused: " + (e.error || String(e));
      said.className = "said answer refused";
    }
  }

  let checking = null;
  function check(form) {
    if (checking) clearTimeout(checking);
    checking = setTimeout(() => { checking = null; send(form, "check"); }, 400);
  }

  $("orders").addEventListener("click", (ev) => {
    const b = ev.target.closest("button");
    if (!b) return;
    const form = b.closest("form");
    if (b.dataset.do) send(form, b.dataset.do);
    else if (b.dataset.tap) tapping(form.elements[b.dataset.tap], b);
    else if (b.dataset.clear) { form.elements[b.dataset.clear].value = ""; st.dirty = true; drawAll(); }
    else if (b.dataset.set) { form.elements[b.closest("label").querySelector("input").name].value = b.dataset.set; st.dirty = true; drawAll(); check(form); }
    else if (b.dataset.add) {
      const input = b.closest("label").querySelector("input");
      input.value = (input.value.trim() ? input.value.trim() + ", " : "") + b.dataset.add;
      st.dirty = true;
    }
  });
  $("orders").addEventListener("input", (ev) => {
    st.dirty = true;
    if (ev.target.dataset.kind === "points") drawAll();
  });

  $("logout").addEventListener("click", async () => {
    try { await call("POST", "/logout", {}); } catch (e) { /* gone either way */ }
    window.location.assign("/login");
  });

  drawAll();
  const turns = document.querySelectorAll("#briefings button[data-turn]");
  if (turns.length) { st.turn = Number(turns[turns.length - 1].dataset.turn); showBriefing(st.turn); }
  schedule();
})();
