// Table Companion, on every page: htmx set-up, the live socket's upkeep, swaps that keep
// what the person is doing, whose turn it is. A game's own is in static/js/<game>.js.

// Refused actions come back as 4xx with an in-page message: swap them in too.
document.addEventListener("DOMContentLoaded", function () {
  htmx.config.responseHandling = [
    { code: "204", swap: false },
    { code: "[23]..", swap: true },
    { code: "4..", swap: true, error: false },
    { code: "...", swap: false, error: true },
  ];
});

// A reply that redraws #main (a stale move, a fetch after waking up) and names a move (X-Move)
// older than the page's is not swapped in. One whose form a push removed is swapped against
// the page: htmx 2.0 looks the morph up from that form, off the page, and would nest #main.
document.addEventListener("htmx:beforeSwap", function (e) {
  var move = e.detail.xhr && e.detail.xhr.getResponseHeader("X-Move");
  var moment = document.getElementById("moment");
  if (move !== null && moment && parseInt(move, 10) < parseInt(moment.dataset.seq, 10)) e.detail.shouldSwap = false;
  var elt = e.detail.requestConfig && e.detail.requestConfig.elt;  // detail.elt is the target
  if (!e.detail.shouldSwap || !elt || document.body.contains(elt)) return;
  e.detail.shouldSwap = false;
  htmx.swap(e.detail.target, e.detail.serverResponse, { swapStyle: "morph" }, { contextElement: document.body });
});

// A push: each part takes the place of the part of its id, a phone's board parts as they come
// (nothing in them is htmx's), the others morphed (below); htmx takes up what they hold. (The
// extension's oob swaps cloned each part and raised events per element.) After the pages' own listeners.
window.addEventListener("htmx:wsBeforeMessage", function (e) {
  e.preventDefault();
  var parsed = document.createElement("template");
  parsed.innerHTML = e.detail.message;
  Array.prototype.slice.call(parsed.content.children).forEach(function (fresh) {
    var old = document.getElementById(fresh.id), style = fresh.getAttribute("hx-swap-oob");
    if (!old) return;
    fresh.removeAttribute("hx-swap-oob");
    if (style === "outerHTML") { old.replaceWith(fresh); return; }
    Idiomorph.morph(old, fresh, { morphStyle: "outerHTML" }).forEach(function (n) { if (n.nodeType === 1) htmx.process(n); });
  });
  htmx.trigger(e.target, "htmx:wsAfterMessage", e.detail);
});

// A refused move: its reason, beside its form, is brought into view (the first one shown).
document.addEventListener("htmx:afterSettle", function (e) {
  if (!e.detail.xhr || e.detail.xhr.status < 400) return;
  var refusal = document.querySelector("#main .message.refused:not([hidden])");
  if (refusal) refusal.scrollIntoView({ block: "nearest" });
});

// The live socket's upkeep: a banner while a move could not be sent or the socket is down;
// a lost socket retried within seconds; the picture fetched anew when a phone wakes up
// (it may hold a dead socket, iOS) or when a move's push does not come.
(function () {
  var unsent = false, down = false, socket = null, opens = 0, postedAt = null;
  function show() {
    var banner = document.getElementById("conn-banner");
    if (!banner) return;
    var text = unsent ? banner.dataset.unsent : down ? banner.dataset.down : "";
    banner.textContent = text;
    banner.hidden = !text;
  }
  function fetchPicture() {
    var box = document.querySelector("[data-resync]");
    if (box) htmx.ajax("GET", box.dataset.resync, { target: "#main", swap: "morph" });
  }
  function resync() { fetchPicture(); if (socket) socket.reconnect(); }
  function shown() { var m = document.getElementById("moment"); return m ? m.dataset.seq : null; }

  // The extension's back-off grows to a minute (the server restarting): an old picture shown that long.
  htmx.config.wsReconnectDelay = function (retries) {
    return Math.min(1000 * Math.pow(2, retries), 5000) * (0.5 + Math.random() / 2);
  };
  document.addEventListener("htmx:wsOpen", function (e) { socket = e.detail.socketWrapper; opens++; down = unsent = false; show(); });
  document.addEventListener("htmx:wsClose", function (e) {
    var code = e.detail.event && e.detail.event.code, seen = opens;
    if (code === 1008) { fetchPicture(); return; }  // a seat handed over: the fresh picture says so; no socket
    down = true; show();
    // The extension retries after abnormal closes only: retry after the others too.
    if ([1006, 1011, 1012, 1013].indexOf(code) < 0) setTimeout(function () { if (opens === seen && socket) socket.reconnect(); }, 3000);
  });
  document.addEventListener("htmx:sendError", function () { unsent = true; show(); });
  document.addEventListener("visibilitychange", function () { if (document.visibilityState === "visible") resync(); });
  // A move's answer is empty (its push brings it); should no push come, the page fetches it.
  document.addEventListener("htmx:beforeRequest", function () { postedAt = shown(); });
  document.addEventListener("htmx:afterRequest", function (e) {
    var xhr = e.detail.xhr, at = postedAt;
    if (xhr && xhr.status) { unsent = false; show(); }
    if (!xhr || xhr.status !== 200 || xhr.responseText !== "" || at === null) return;
    setTimeout(function () { if (shown() === at) resync(); }, 2000);
  });
})();

// A push's parts and a reply that redraws #main are morphed in (idiomorph): focus and
// scrolling survive, what the server changed shows, and where it drew a thing as before
// the person's state of it stays: a control with the same attributes (a select, the same
// options) in a form with the same attributes keeps its value; the same fold (data-keep,
// else its summary's text) stays open or shut. What derives from such state (a bid's
// total) is the game script's to redraw after the swap.
(function () {
  var kept = new WeakSet(), changedForms = new WeakSet();  // the person's, in this morph; forms changed
  var LIVE = { INPUT: ["checked", "value"], TEXTAREA: ["value"], OPTION: ["selected"], DETAILS: ["open"] };

  function attributes(el) {
    var pairs = [];
    Array.prototype.forEach.call(el.attributes, function (a) {
      if (el.tagName === "DETAILS" && a.name === "open") return;  // the person's, not the server's
      var value = a.name === "class" ? a.value.split(/\s+/).filter(function (c) { return c && c.indexOf("htmx-") !== 0; }).join(" ") : a.value;  // not htmx's marks of a request in flight
      pairs.push(a.name + "=" + value);
    });
    return pairs.sort().join("\n");
  }

  function options(select) {
    return Array.prototype.map.call(select.options, function (o) { return [o.value, o.text, o.disabled].join("\n"); }).join("\n\n");
  }

  function isControl(el) {
    if (el.tagName === "SELECT" || el.tagName === "TEXTAREA") return true;
    return el.tagName === "INPUT" && !/^(hidden|submit|button|reset|image|file)$/.test(el.type);
  }

  function sameControl(old, fresh) {
    if (attributes(old) !== attributes(fresh)) return false;
    if (old.form && changedForms.has(old.form)) return false;
    return old.tagName !== "SELECT" || options(old) === options(fresh);
  }

  function foldKey(details) {
    var summary = details.querySelector(":scope > summary");
    return details.dataset.keep || (summary ? summary.textContent.replace(/\s+/g, " ").trim() : "");
  }

  // For each matched pair, before idiomorph copies the new state; a form before its controls.
  Idiomorph.defaults.callbacks.beforeNodeMorphed = function (old, fresh) {
    if (old.nodeType !== Node.ELEMENT_NODE) return true;
    var keep = false;
    if (old.tagName === "FORM") {
      if (attributes(old) === attributes(fresh)) changedForms.delete(old); else changedForms.add(old);
    } else if (old.tagName === "DETAILS") {
      keep = foldKey(old) === foldKey(fresh);
    } else if (isControl(old)) {
      keep = sameControl(old, fresh);
    }
    if (keep) kept.add(old); else kept.delete(old);
    return true;
  };

  Idiomorph.defaults.callbacks.beforeAttributeUpdated = function (name, el) {
    var owner = el.tagName === "OPTION" ? el.closest("select") : el;
    var live = LIVE[el.tagName];
    return !(owner && kept.has(owner) && live && live.indexOf(name) >= 0);
  };
})();

// Whose turn: a dot in the tab's title, and a short buzz when it becomes this phone's turn.
var wasMyTurn = null, baseTitle = document.title;
function markTurn() {
  var moment = document.querySelector(".phone-main #moment");
  if (!moment) return;
  var mine = moment.dataset.myTurn === "1";
  if (mine && wasMyTurn === false && navigator.vibrate) navigator.vibrate(150);
  var title = (mine ? "\u25CF " + moment.dataset.turnTitle + " \u00B7 " : "") + baseTitle;
  if (document.title !== title) document.title = title;  // set, it is redrawn in the head and sent to the browser
  wasMyTurn = mine;
}
["DOMContentLoaded", "htmx:afterSettle", "htmx:wsAfterMessage"].forEach(function (t) { document.addEventListener(t, markTurn); });
