// Fifth Avenue's pages: picking a lot on the board picture, building a bid by tapping
// cards, the set-up wizard's ring pictures, and piles ticked by their card value.

// A tap on a lot that cannot be picked says why, with the rule that forbids it.
document.addEventListener("click", function (e) {
  var lot = e.target.closest && e.target.closest(".lot.unavailable");
  var form = lot && lot.closest("form");
  var why = form && form.querySelector(".pick-why");
  if (!why || !lot.dataset.why) return;
  why.textContent = lot.dataset.why + " ";
  if (lot.dataset.rule) {
    var link = document.createElement("a");
    link.className = "rule";
    link.href = lot.dataset.ruleHref;
    link.target = "_blank";
    link.textContent = lot.dataset.rule;
    why.appendChild(link);
  }
  why.hidden = false;
});

// Picking a lot by tapping the board picture inside an action form.
document.addEventListener("click", function (e) {
  var lot = e.target.closest && e.target.closest(".lot.pickable");
  if (!lot) return;
  var form = lot.closest("form");
  var why = form && form.querySelector(".pick-why");
  if (why) why.hidden = true;
  var field = form && form.querySelector("[data-spot-field]");
  if (!field) return;
  field.disabled = false;
  field.value = lot.dataset.spot;
  showPicked(form);
  if (form.classList.contains("autosubmit")) form.requestSubmit();
});

// The lot the form's spot field holds is drawn as picked (also when chosen from the list).
document.addEventListener("change", function (e) {
  if (e.target.matches && e.target.matches("select[data-spot-field]")) showPicked(e.target.form);
});
function showPicked(form) {
  var field = form.querySelector("[data-spot-field]");
  form.querySelectorAll(".lot.pickable").forEach(function (lot) {
    lot.classList.toggle("picked", !field.disabled && lot.dataset.spot === field.value);
  });
}

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

// A swap keeps the person's count fields and spot choice (companion.js) but brings
// the server's badges, totals and lots: draw them from the kept fields again.
function redrawKept() {
  document.querySelectorAll("#main form").forEach(function (form) {
    if (form.querySelector(".bid-total")) bidTotal(form);
    if (form.querySelector("[data-spot-field]")) showPicked(form);
  });
}
document.addEventListener("htmx:afterSwap", redrawKept);
document.addEventListener("htmx:wsAfterMessage", redrawKept);  // once a push, not once per part

// Set-up wizard: each quarter's ring picture follows its colour choices.
document.addEventListener("change", function (e) {
  var ring = e.target.closest && e.target.closest("[data-ring]");
  if (ring && e.target.tagName === "SELECT") ringPaint(ring);
});

// Choosing a pile's card value also ticks that pile.
document.addEventListener("change", function (e) {
  var pile = e.target.closest && e.target.closest(".pile");
  if (pile && e.target.tagName === "SELECT" && e.target.value) pile.querySelector("input[type=checkbox]").checked = true;
});

// Set-up wizard: tap a ring's colours in ring order, clockwise from the top; each tap
// fills the next lot, the picture follows, and a full ring hands over to the next one.
function ringPaint(ring) {
  var used = {};
  ring.querySelectorAll("select").forEach(function (select) {
    var slot = select.name.split("_").pop();
    var lot = ring.querySelector('[data-slot="' + slot + '"]');
    if (lot) lot.setAttribute("class", "fa-lot lot-" + (select.value || "unset"));
    if (select.value) used[select.value] = true;
  });
  ring.querySelectorAll(".ring-tap").forEach(function (b) { b.disabled = !!used[b.dataset.colour]; });
}
document.addEventListener("click", function (e) {
  var tap = e.target.closest && e.target.closest(".ring-tap, .ring-clear");
  var ring = tap && tap.closest("[data-ring]");
  if (!ring) return;
  var selects = Array.prototype.slice.call(ring.querySelectorAll("select"));
  if (tap.classList.contains("ring-clear")) {
    selects.forEach(function (s) { s.value = ""; });
  } else {
    var next = selects.filter(function (s) { return !s.value; })[0];
    if (next) next.value = tap.dataset.colour;
    if (selects.every(function (s) { return s.value; })) {
      var following = ring.nextElementSibling;
      while (following && !following.matches("[data-ring]")) following = following.nextElementSibling;
      var first = following && following.querySelector(".ring-tap");
      if (first) { following.scrollIntoView({ block: "center" }); first.focus({ preventScroll: true }); }
    }
  }
  ringPaint(ring);
});
document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("[data-ring]").forEach(ringPaint);
});
