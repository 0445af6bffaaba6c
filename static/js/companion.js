// Table Companion: keep the live socket alive on phones that sleep.
(function () {
  // Refused actions come back as 4xx with an in-page message: swap them in too.
  document.addEventListener("DOMContentLoaded", function () {
    htmx.config.responseHandling = [
      { code: "204", swap: false },
      { code: "[23]..", swap: true },
      { code: "4..", swap: true, error: false },
      { code: "...", swap: false, error: true },
    ];
  });

  var socket = null, opens = 0;
  document.addEventListener("htmx:wsOpen", function (e) { socket = e.detail.socketWrapper; opens++; });
  document.addEventListener("htmx:wsClose", function (e) {
    // The extension retries only after abnormal closes. After any other close
    // (but not "seat handed over", 1008), retry unless a new socket opened meanwhile.
    var code = e.detail.event && e.detail.event.code, seen = opens;
    if (code === 1008 || [1006, 1011, 1012, 1013].indexOf(code) >= 0) return;
    setTimeout(function () { if (opens === seen && socket) socket.reconnect(); }, 3000);
  });

  // A phone waking up may hold a dead socket it never heard close (iOS):
  // fetch a fresh picture over HTTP and open a new socket.
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible") return;
    var box = document.querySelector("[data-resync]");
    if (box) htmx.ajax("GET", box.dataset.resync, { target: "#main", swap: "outerHTML" });
    if (socket) socket.reconnect();
  });
})();

// Picking a lot by tapping the board picture inside an action form.
document.addEventListener("click", function (e) {
  var lot = e.target.closest && e.target.closest(".lot.pickable");
  if (!lot) return;
  var form = lot.closest("form");
  var field = form && form.querySelector("[data-spot-field]");
  if (!field) return;
  field.disabled = false;
  field.value = lot.dataset.spot;
  form.querySelectorAll(".lot.picked").forEach(function (x) { x.classList.remove("picked"); });
  lot.classList.add("picked");
  if (form.classList.contains("autosubmit")) form.requestSubmit();
});

// Building a bid by tapping cards: each tap adds one card to a count field.
function bidTotal(form) {
  var total = Number(form.querySelector(".bid-total").dataset.laid || 0);
  form.querySelectorAll(".cardtap").forEach(function (chip) {
    var n = Number(form.elements[chip.dataset.field].value || 0);
    total += n * Number(chip.dataset.value);
    chip.querySelector(".badge").textContent = n ? "×" + n : "";
    chip.classList.toggle("chosen", n > 0);
  });
  form.querySelector(".bid-total output").textContent = total;
}
document.addEventListener("click", function (e) {
  var chip = e.target.closest && e.target.closest(".cardtap");
  var clear = e.target.closest && e.target.closest(".tap-clear");
  var form = (chip || clear) && (chip || clear).closest("form");
  if (!form) return;
  if (clear) {
    form.querySelectorAll(".bid-grid input").forEach(function (i) { i.value = 0; });
  } else {
    var row = chip.closest(".tap-row"), used = 0;
    row.querySelectorAll(".cardtap").forEach(function (c) { used += Number(form.elements[c.dataset.field].value || 0); });
    if (used >= Number(row.dataset.max)) return;  // no more cards of this colour in hand
    var field = form.elements[chip.dataset.field];
    field.value = Number(field.value || 0) + 1;
  }
  bidTotal(form);
});

// Whose turn: a dot in the tab's title, and a short buzz when it becomes this phone's turn.
var wasMyTurn = null, baseTitle = document.title;
function markTurn() {
  var main = document.querySelector(".phone-main");
  if (!main) return;
  var mine = main.dataset.myTurn === "1";
  if (mine && wasMyTurn === false && navigator.vibrate) navigator.vibrate(150);
  document.title = (mine ? "\u25CF " : "") + baseTitle;
  wasMyTurn = mine;
}
document.addEventListener("DOMContentLoaded", markTurn);
document.addEventListener("htmx:afterSettle", markTurn);
document.addEventListener("htmx:oobAfterSwap", markTurn);

// Set-up wizard: each quarter's ring picture follows its colour choices.
document.addEventListener("change", function (e) {
  var ring = e.target.closest && e.target.closest("[data-ring]");
  if (!ring || e.target.tagName !== "SELECT") return;
  var slot = e.target.name.split("_").pop();
  var lot = ring.querySelector('[data-slot="' + slot + '"]');
  if (lot) lot.setAttribute("class", "fa-lot lot-" + (e.target.value || "unset"));
});

// A push or a reply replaces #main: keep what the person was doing there —
// which folds were open, and a half-built form (taps on a bid) — if it is still there.
var kept = null;
function snapshot(e) {
  var main = document.getElementById("main");
  var target = e.detail && (e.detail.target || e.detail.elt);
  if (!main || (target && target.id !== "main")) return;
  kept = { open: [], forms: {} };
  main.querySelectorAll("details[open]").forEach(function (d) { kept.open.push(foldKey(d)); });
  main.querySelectorAll("form[data-keep]").forEach(function (f) {
    var values = {};
    f.querySelectorAll("input[type=number], select").forEach(function (i) { values[i.name] = i.value; });
    kept.forms[f.dataset.keep] = values;
  });
}
function foldKey(d) {
  var s = d.querySelector("summary");
  return d.dataset.keep || (s ? s.textContent.replace(/\s+/g, " ").trim() : "");
}
function restore() {
  var main = document.getElementById("main");
  if (!main || !kept) return;
  main.querySelectorAll("details").forEach(function (d) {
    if (kept.open.indexOf(foldKey(d)) >= 0) d.open = true;
  });
  Object.keys(kept.forms).forEach(function (key) {
    var form = main.querySelector('form[data-keep="' + key + '"]');
    if (!form) return;
    var values = kept.forms[key];
    Object.keys(values).forEach(function (name) { if (form.elements[name]) form.elements[name].value = values[name]; });
    if (form.querySelector(".bid-total")) bidTotal(form);
  });
  kept = null;
}
document.addEventListener("htmx:oobBeforeSwap", snapshot);
document.addEventListener("htmx:beforeSwap", snapshot);
document.addEventListener("htmx:oobAfterSwap", restore);
document.addEventListener("htmx:afterSwap", restore);

// Choosing a pile's card value also ticks that pile.
document.addEventListener("change", function (e) {
  var pile = e.target.closest && e.target.closest(".pile");
  if (pile && e.target.tagName === "SELECT" && e.target.value) pile.querySelector("input[type=checkbox]").checked = true;
});
