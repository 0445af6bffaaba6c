// New York: tapping squares of a city, ticking money cards, the wizard's Dirk rows.
(function () {
  "use strict";

  // A refusal (or a reason) with its rule, linking to the rules page, in the box given.
  function showWhy(box, text, rule) {
    box.textContent = text + " ";
    var link = document.createElement("a");
    link.className = "rule";
    link.target = "_blank";
    link.href = box.dataset.rules + "#" + rule;
    link.textContent = rule;
    box.appendChild(link);
    box.hidden = false;
    box.scrollIntoView({ block: "nearest" });
  }

  // A square of the city picture: an offered one posts its form, a dimmed one says why.
  function tapSpot(spot) {
    var form = spot.closest("form");
    if (!form) return;
    var box = form.querySelector(".ny-why");
    if (spot.classList.contains("ok")) {
      var field = form.querySelector("[data-square-field]");
      field.disabled = false;
      field.value = spot.dataset.square;
      form.querySelectorAll(".ny-spot.picked").forEach(function (x) { x.classList.remove("picked"); });
      spot.classList.add("picked");
      if (box) box.hidden = true;
      form.requestSubmit();
    } else if (box) {
      showWhy(box, spot.dataset.why, spot.dataset.rule);
    }
  }
  document.addEventListener("click", function (e) {
    var spot = e.target.closest && e.target.closest(".ny-spot");
    if (spot) tapSpot(spot);
  });
  document.addEventListener("keydown", function (e) {
    if (e.key !== "Enter" && e.key !== " ") return;
    var spot = e.target.closest && e.target.closest(".ny-spot");
    if (spot) { e.preventDefault(); tapSpot(spot); }
  });

  // Taking money: only the choices legal() offered can be sent; any other says why.
  function checkTake(form) {
    var picks = form.querySelector(".ny-card-picks[data-combos]");
    var combos = JSON.parse(picks.dataset.combos);
    var chosen = Array.prototype.map.call(form.querySelectorAll("input[name=card]:checked"),
      function (i) { return i.value; }).sort().join(" ");
    var ok = chosen !== "" && combos.indexOf(chosen) >= 0;
    var box = form.querySelector(".ny-why");
    form.querySelector("button.primary").disabled = !ok;
    if (ok || chosen === "") box.hidden = true;
    else showWhy(box, box.dataset.text, box.dataset.rule);
  }

  // Buying: what the cards ticked come to, and whether another action follows.
  function checkPay(form) {
    var picks = form.querySelector(".ny-pay"), status = form.querySelector(".ny-pay-status");
    var price = Number(picks.dataset.price), total = 0;
    picks.querySelectorAll("input:checked").forEach(function (i) { total += Number(i.value.split(":")[1]); });
    var text = !total ? status.dataset.none : total < price ? status.dataset.short
      : total === price ? status.dataset.exact : status.dataset.over;
    status.textContent = text.replace("{total}", total).replace("{missing}", price - total)
      .replace("{price}", price).replace("{extra}", total - price);
    status.classList.toggle("exact", total === price);
    form.querySelector("button.primary").disabled = total < price;
  }

  function refresh() {
    document.querySelectorAll("form.ny-take").forEach(checkTake);
    document.querySelectorAll("form.ny-buy").forEach(checkPay);
    dirkRows();
  }
  document.addEventListener("change", function (e) {
    var form = e.target.closest && e.target.closest("form");
    if (!form) return;
    if (form.classList.contains("ny-take")) checkTake(form);
    if (form.classList.contains("ny-buy")) checkPay(form);
  });

  // A push or a reply replaces #main: keep the boxes ticked in forms that are still there.
  var ticked = null;
  function snapshot() {
    ticked = {};
    document.querySelectorAll("#main form[data-keep]").forEach(function (f) {
      ticked[f.dataset.keep] = Array.prototype.map.call(
        f.querySelectorAll("input[type=checkbox]:checked, input[type=radio]:checked"),
        function (i) { return [i.name, i.value]; });
    });
  }
  function restore() {
    if (ticked) {
      Object.keys(ticked).forEach(function (key) {
        var form = document.querySelector('#main form[data-keep="' + key + '"]');
        if (!form) return;
        ticked[key].forEach(function (nv) {
          form.querySelectorAll("input").forEach(function (i) {
            if (i.name === nv[0] && i.value === nv[1] && !i.checked) { i.checked = true; }
          });
        });
      });
      ticked = null;
    }
    refresh();
    var refused = document.querySelector("#main > .message.refused");
    if (refused) refused.scrollIntoView({ block: "center" });
  }
  document.addEventListener("htmx:beforeSwap", snapshot);
  document.addEventListener("htmx:wsBeforeMessage", snapshot);  // once a push, before its parts
  document.addEventListener("htmx:afterSwap", restore);
  document.addEventListener("htmx:wsAfterMessage", restore);  // once a push, not once per part

  // The set-up wizard shows Dirk's rows only for two players.
  function dirkRows() {
    var form = document.querySelector("form.ny-setup");
    if (!form) return;
    var named = Array.prototype.filter.call(form.querySelectorAll('input[name^="name_"]'),
      function (i) { return i.value.trim(); }).length;
    form.querySelector("[data-dirk]").hidden = named !== 2;
  }
  document.addEventListener("input", function (e) {
    if (e.target.name && e.target.name.indexOf("name_") === 0) dirkRows();
  });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", refresh);
  else refresh();
})();
