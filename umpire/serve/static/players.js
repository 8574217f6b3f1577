// The console's panel of the players' pages: each side's links (made, renewed, revoked, shown
// once with a QR code), the orders its pages sent (refused one by one, locked, edited as a file
// and entered), and the release of a turn's briefings. The panel is HTML the server escaped; it
// is fetched again whenever the console's poll sees the file change (an action, or a write to
// the players' tables: a side sending orders).
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const csrf = document.querySelector('meta[name="csrf"]').content;
  const panel = $("playerspanel");
  const st = { stamp: null, seq: null, editing: null };

  const call = window.umpireCall(csrf);

  function say(text, bad) {
    const a = $("answer");
    a.textContent = text;
    a.className = "answer" + (bad ? " refused" : " done");
  }

  async function load() {
    try {
      const p = await call("GET", "/console/players");
      panel.innerHTML = p.html;
      st.stamp = p.stamp;
    } catch (e) { /* the console says when the server is lost */ }
  }

  function seen() {
    const s = $("status").textContent.match(/\(#(\d+)\)/);
    return s ? Number(s[1]) : null;
  }

  async function doing(work, after) {
    try {
      const r = await work();
      if (after) after(r);
    } catch (e) {
      say("Refused: " + (e && e.error ? e.error : String(e)), true);
    }
    await load();
  }

  panel.addEventListener("click", (ev) => {
    const b = ev.target.closest("button");
    if (!b) return;
    const box = b.closest("section.side");
    const side = box ? box.dataset.side : null;
    if (b.dataset.make) {
      const player = box.querySelector("input.player").value;
      doing(() => call("POST", "/console/links", { action: "make", side, player }), (r) => {
        $("linkside").textContent = r.side + (r.player ? " (" + r.player + ")" : "");
        $("linkurl").textContent = r.url;
        $("linkqr").innerHTML = r.qr; // the QR code's SVG, made by the server from the link alone
        $("linkshow").hidden = false;
        say("Link " + r.id + " made for " + r.side + "; the link it replaces no longer opens anything.");
      });
    } else if (b.dataset.revoke) {
      doing(() => call("POST", "/console/links", { action: "revoke", id: Number(b.dataset.revoke) }),
        () => say("Link " + b.dataset.revoke + " revoked: it opens nothing any more."));
    } else if (b.dataset.refuse) {
      const reason = window.prompt("Why is " + b.dataset.refuse + " refused? (the side reads this)", "");
      if (reason === null) return;
      doing(() => call("POST", "/console/page-orders", { action: "refuse", side, key: b.dataset.refuse, reason }),
        () => say(side + ": " + b.dataset.refuse + " refused."));
    } else if (b.dataset.lock) {
      doing(() => call("POST", "/console/page-orders", { action: b.dataset.lock, side }),
        () => say(side + ": orders " + b.dataset.lock + "ed."));
    } else if (b.dataset.enter) {
      doing(() => call("POST", "/console/page-orders", { action: "enter", side, seen: seen() }),
        (r) => say(r.short || r.summary || "entered"));
    } else if (b.dataset.edit) {
      fetch("/console/page-orders.yaml?side=" + encodeURIComponent(side), { credentials: "same-origin" })
        .then((r) => r.text()).then((text) => {
          st.editing = side;
          $("editside").textContent = side;
          $("edittext").value = text;
          $("pageedit").hidden = false;
        });
    } else if (b.dataset.release) {
      doing(() => call("POST", "/console/release", { turn: Number(b.dataset.release) }),
        (r) => say("Briefings released to the sides up to turn " + r.released + "."));
    }
  });

  $("editenter").addEventListener("click", () => {
    const side = st.editing;
    doing(() => call("POST", "/console/page-orders", { action: "enter", side, text: $("edittext").value, seen: seen() }),
      (r) => { $("pageedit").hidden = true; say(r.short || r.summary || "entered"); });
  });
  $("editcancel").addEventListener("click", () => { $("pageedit").hidden = true; });
  $("linkhide").addEventListener("click", () => { $("linkshow").hidden = true; $("linkqr").textContent = ""; });

  document.addEventListener("umpire:version", (ev) => {
    if (ev.detail.players !== st.stamp || ev.detail.seq !== st.seq) {
      st.seq = ev.detail.seq;
      load();
    }
  });
  document.addEventListener("umpire:parts", (ev) => { st.seq = ev.detail.seq; load(); });
  load();
})();
