// Manhattan's phone: a building turn as card, city, piece; the pick's steppers; and what
// the player chose kept across the pushes that replace #main.
(function () {
  function data(form) {
    var node = form.querySelector("script.mh-data");
    return node ? { json: JSON.parse(node.textContent), rules: node.dataset.rules } : null;
  }
  function chosen(form, name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : null;
  }
  function ruleLink(rules, rule) {
    var a = document.createElement("a");
    a.className = "rule"; a.href = rules + "#" + rule; a.target = "_blank"; a.textContent = rule;
    return a;
  }
  function firstReason(why) {
    var keys = why ? Object.keys(why) : [];
    return keys.length ? why[keys[0]] : null;
  }

  // The cities where no piece fits the card are dimmed, each saying why; the pieces
  // that may not go on the chosen lot are marked, and say why when tapped (MH-B-3).
  function update(form) {
    var d = data(form);
    if (!d) return;
    var card = chosen(form, "card"), city = chosen(form, "city");
    var fits = (card && d.json.fits[card]) || {}, why = (card && d.json.why[card]) || {};
    form.querySelectorAll(".mh-city-pick").forEach(function (label) {
      var here = fits[label.dataset.city], none = card && !(here && Object.keys(here).length);
      label.classList.toggle("mh-dim", !!none);
      var note = label.querySelector(".mh-why"), reason = none && firstReason(why[label.dataset.city]);
      note.hidden = !reason;
      note.textContent = reason ? reason.text : "";
    });
    var lot = (city && fits[city]) || {}, whyLot = (city && why[city]) || {};
    form.querySelectorAll(".mh-piece").forEach(function (button) {
      var ok = (lot[button.dataset.colour] || []).indexOf(Number(button.dataset.height)) >= 0;
      button.setAttribute("aria-disabled", ok ? "false" : "true");
      var reason = whyLot[button.dataset.colour];
      button.dataset.reason = ok || !reason ? "" : reason.text;
      button.dataset.rule = ok || !reason ? "" : reason.rule;
    });
    var box = form.querySelector(".mh-reason");
    if (box) box.hidden = true;
  }

  function refuse(form, button) {
    var box = form.querySelector(".mh-reason"), d = data(form);
    box.textContent = button.dataset.reason || box.dataset.fallback || "";
    if (button.dataset.rule && d) box.appendChild(ruleLink(d.rules, button.dataset.rule));
    box.hidden = false;
    box.scrollIntoView({ block: "nearest" });
  }

  document.addEventListener("change", function (e) {
    var form = e.target.closest && e.target.closest("form.mh-build");
    if (!form || e.target.type !== "radio") return;
    update(form);
    var next = form.querySelector(e.target.name === "card" ? ".mh-cities" : ".mh-pieces");
    if (next) next.scrollIntoView({ block: "nearest", behavior: "smooth" });
  });
  document.addEventListener("click", function (e) {
    var button = e.target.closest && e.target.closest(".mh-piece");
    if (!button || button.getAttribute("aria-disabled") !== "true") return;
    e.preventDefault();
    e.stopPropagation();
    refuse(button.closest("form"), button);
  }, true);

  // The pick: steppers within what the box holds and the round's count.
  function total(form) {
    var sum = 0;
    form.querySelectorAll(".mh-stepper input").forEach(function (i) { sum += Number(i.value || 0); });
    return sum;
  }
  function pickUpdate(form) {
    var out = form.querySelector(".mh-total"), count = Number(out.dataset.count), sum = total(form);
    out.querySelector("output").textContent = sum;
    form.querySelectorAll(".mh-stepper").forEach(function (row) {
      var n = Number(row.querySelector("input").value || 0), most = Number(row.dataset.most);
      row.querySelector(".mh-plus").disabled = n >= most || sum >= count;
      row.querySelector(".mh-minus").disabled = n <= 0;
    });
  }
  document.addEventListener("click", function (e) {
    var step = e.target.closest && e.target.closest(".mh-plus, .mh-minus");
    if (!step) return;
    var form = step.closest("form"), input = step.closest(".mh-stepper").querySelector("input");
    input.value = Math.max(0, Number(input.value || 0) + (step.classList.contains("mh-plus") ? 1 : -1));
    pickUpdate(form);
  });
  document.addEventListener("input", function (e) {
    var form = e.target.closest && e.target.closest("form.mh-pick");
    if (form) pickUpdate(form);
  });

  // The wizard: the box's counts add up to 24.
  function boxUpdate(box) {
    var sum = 0, want = Number(box.dataset.total);
    box.querySelectorAll("input").forEach(function (i) { sum += Number(i.value || 0); });
    var out = box.querySelector(".mh-box-total");
    out.textContent = sum + " / " + want;
    out.classList.toggle("bad", sum !== want);
  }
  document.addEventListener("input", function (e) {
    var box = e.target.closest && e.target.closest(".mh-box");
    if (box) boxUpdate(box);
  });

  // A push or a reply replaces #main: keep the card and city tapped, if still offered.
  var kept = null;
  function snapshot(e) {
    var target = e.detail && (e.detail.target || e.detail.elt);
    if (target && target.id !== "main") return;
    kept = {};
    document.querySelectorAll("#main form[data-keep]").forEach(function (f) {
      var radios = {};
      f.querySelectorAll("input[type=radio]:checked").forEach(function (r) { radios[r.name] = r.value; });
      kept[f.dataset.keep] = radios;
    });
  }
  function restore() {
    var main = document.getElementById("main");
    if (!main) return;
    if (kept) {
      Object.keys(kept).forEach(function (key) {
        var form = main.querySelector('form[data-keep="' + key + '"]');
        if (!form) return;
        Object.keys(kept[key]).forEach(function (name) {
          var radio = form.querySelector('input[type=radio][name="' + name + '"][value="' + kept[key][name] + '"]');
          if (radio) radio.checked = true;
        });
      });
      kept = null;
    }
    settle(main);
    var refused = main.querySelector(".message.refused:not([hidden])");
    if (refused) refused.scrollIntoView({ block: "nearest" });
  }
  function settle(root) {
    root.querySelectorAll("form.mh-build").forEach(update);
    root.querySelectorAll("form.mh-pick").forEach(pickUpdate);
    root.querySelectorAll(".mh-box").forEach(boxUpdate);
  }
  document.addEventListener("htmx:beforeSwap", snapshot);
  document.addEventListener("htmx:wsAfterMessage", restore);  // once a push, not once per part
  document.addEventListener("htmx:afterSwap", restore);
  document.addEventListener("DOMContentLoaded", function () { settle(document); });
})();
