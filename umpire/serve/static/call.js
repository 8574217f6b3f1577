// How every page of umpire serve asks its server: JSON both ways (a file, such as a photo, goes
// as it is), the session's token in a header
// on every write, and a refusal thrown as the server's answer ({error: ...}), so each page says
// it in its own words. Loaded before the page's own script.
"use strict";
// csrf: the page's token; words: what the page says when the server cannot be reached
// (unreachable) and when the session or link has ended (expired); lost and found: called as
// the server stops and starts answering.
window.umpireCall = function (csrf, words) {
  const w = words || {};
  return async function call(method, url, body) {
    const opts = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
    if (method !== "GET") {
      opts.headers["X-CSRF-Token"] = csrf;
      if (body instanceof Blob) { // a file sent as it is (a photo of the table)
        opts.headers["Content-Type"] = body.type || "application/octet-stream";
        opts.body = body;
      } else {
        opts.headers["Content-Type"] = "application/json";
        opts.body = JSON.stringify(body || {});
      }
    }
    let r;
    try {
      r = await fetch(url, opts);
    } catch (e) {
      if (w.lost) w.lost();
      throw { error: w.unreachable || "cannot reach the server: nothing was sent" };
    }
    if (w.found) w.found();
    let data = {};
    try { data = await r.json(); } catch (e) { data = { error: "the server answered " + r.status }; }
    if (r.status === 401 && w.expired) data.error = w.expired;
    if (!r.ok || data.error) throw data;
    return data;
  };
};
