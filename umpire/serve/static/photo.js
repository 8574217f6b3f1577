// The console's photo of the table: the umpire takes (a phone opens its camera) or chooses a
// photo, it is sent as it is, the server reads it against the game and answers with the
// difference (a map with arrows and a table, HTML the server escaped, put in place as it is);
// nothing is written until "Apply the photo", which applies what the server read, as one action.
// Every other text goes in as text. A photo larger than the server takes is not sent.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const input = $("photo-file");
  if (!input) return;
  const MAX = 40 * 1024 * 1024; // bytes: the server's limit for a photo (umpire.photo.image.MAX_BYTES)
  const csrf = document.querySelector('meta[name="csrf"]').content;
  const call = window.umpireCall(csrf, {
    unreachable: "cannot reach the server: nothing was sent (is umpire serve still running?)",
    expired: "the session has ended: open the login link again",
  });
  const answer = $("photo-answer");
  const result = $("photo-result");
  const applyBtn = $("photo-apply");
  const clearBtn = $("photo-clear");
  let busy = false;

  function say(text, kind) {
    answer.textContent = text || "";
    answer.className = "answer" + (kind ? " " + kind : "");
    answer.setAttribute("role", kind === "refused" ? "alert" : "status");
  }

  function clear() {
    result.hidden = true;
    result.textContent = "";
    applyBtn.hidden = true;
    clearBtn.hidden = true;
  }

  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    input.value = "";
    if (!file || busy) return;
    clear();
    if (file.size > MAX) {
      say("Refused: the photo is too large (" + Math.round(file.size / 1048576) + " MB; a photo may be up to " +
          MAX / 1048576 + " MB): take it at a lower resolution", "refused");
      return;
    }
    busy = true;
    input.disabled = true;
    say("Reading the photo… (a few seconds)", "preview");
    try {
      const r = await call("POST", "/console/photo", file);
      result.innerHTML = r.html; // rendered and escaped by the server
      result.hidden = false;
      applyBtn.hidden = !r.apply;
      clearBtn.hidden = false;
      say(r.apply ? "Look at the arrows, then apply the photo (one action: Undo takes it back)." :
        r.summary, r.apply ? "preview" : "clear");
    } catch (e) {
      say("Refused: " + (e && e.error ? e.error : String(e)), "refused");
    } finally {
      busy = false;
      input.disabled = false;
    }
  });

  applyBtn.addEventListener("click", async () => {
    if (busy) return;
    busy = true;
    applyBtn.disabled = true;
    try {
      const r = await call("POST", "/console/photo/apply", {});
      clear();
      say(r.summary, "done");
      document.dispatchEvent(new CustomEvent("umpire:wrote", { detail: { note: "done: " + r.short } }));
    } catch (e) {
      say("Refused: " + (e && e.error ? e.error : String(e)), "refused");
      if (e && e.stale) clear();
    } finally {
      busy = false;
      applyBtn.disabled = false;
    }
  });

  clearBtn.addEventListener("click", () => { clear(); say(""); });
})();
