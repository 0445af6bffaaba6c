// Palazzo: the payment composer. Tapping a card lays it out (a count field per kind);
// the running verdict says whether the cards make one legal payment (PZ-P) and what it
// is worth, before anything is sent. The server checks again.
var Palazzo = (function () {
  var CURRENCIES = ["a", "b", "c"], VALUES = [3, 4, 5, 6, 7], GROUP = 15;

  function value(card) { return Number(card.slice(1)); }

  // The split worth the most (PZ-P-4): every card of the two other currencies in groups,
  // the rest loose in one currency (``currency`` if given), certificates in threes.
  function decompose(counts, currency) {
    var certs = counts.w2 || 0, best = null;
    (currency ? [currency] : CURRENCIES).forEach(function (loose) {
      var groups = Math.floor(certs / 3), total = 2 * (certs % 3), ok = true;
      VALUES.forEach(function (v) {
        var others = CURRENCIES.filter(function (c) { return c !== loose; })
          .map(function (c) { return counts[c + v] || 0; });
        var own = counts[loose + v] || 0;
        if (others[0] !== others[1] || own < others[0]) { ok = false; return; }
        groups += others[0];
        total += (own - others[0]) * v;
      });
      if (ok && (!best || GROUP * groups + total > best.value)) {
        best = { value: GROUP * groups + total, groups: groups };
      }
    });
    if (best) return best;
    var left = {};  // what stays loose once every possible group is formed
    VALUES.forEach(function (v) {
      var n = Math.min.apply(null, CURRENCIES.map(function (c) { return counts[c + v] || 0; }));
      CURRENCIES.forEach(function (c) { left[c + v] = (counts[c + v] || 0) - n; });
    });
    var loose = CURRENCIES.filter(function (c) {
      return VALUES.some(function (v) { return left[c + v] > 0; });
    });
    return { error: loose.length > 1 ? "mixed" : "keep", currencies: loose };
  }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (m, key) { return key in values ? values[key] : m; });
  }

  function counts(box) {
    var found = {}, cards = [];
    box.querySelectorAll(".pz-count-grid input").forEach(function (input) {
      var n = Math.max(0, parseInt(input.value || "0", 10) || 0), card = input.name.slice(2);
      found[card] = n;
      for (var i = 0; i < n; i++) cards.push(card);
    });
    return { counts: found, cards: cards };
  }

  // What the payment must be worth: a buy costs the price of each ticked tile.
  function need(box) {
    var tiles = box.closest("form").querySelector(".pz-buy-tiles");
    var base = Number(box.dataset.need || 0);
    if (!tiles) return { need: base };
    var ticked = tiles.querySelectorAll("input:checked").length;
    if (!ticked) return { need: base, problem: tiles.dataset.msgNone };
    if (ticked > Number(tiles.dataset.max)) return { need: base, problem: tiles.dataset.msgMany };
    return { need: Number(tiles.dataset.price) * ticked };
  }

  function verdict(box, chosen) {
    var d = box.dataset, cards = chosen.cards;
    if (d.exact !== "") {
      return { ok: cards.length === Number(d.exact), text: fill(d.msgCount, { n: cards.length, exact: d.exact }) };
    }
    var wanted = need(box);
    if (wanted.problem) return { ok: false, text: wanted.problem, rule: "PZ-B-1" };
    if (!cards.length) return { ok: false, text: d.msgEmpty };
    if (cards.length > Number(d.hand)) return { ok: false, text: fill(d.msgHand, { hand: d.hand }), rule: d.rule };
    var split = decompose(chosen.counts, d.currency || null);
    if (split.error === "mixed") {
      return { ok: false, rule: "PZ-P-1", text: fill(d.msgMixed, { currencies: split.currencies.join(", ").toUpperCase() }) };
    }
    if (split.error) return { ok: false, rule: "PZ-P-1", text: fill(d.msgKeep, { currency: d.currency.toUpperCase() }) };
    var worth = split.value + Number(d.laid || 0);
    if (worth < wanted.need) return { ok: false, rule: d.rule, text: fill(d.msgShort, { value: worth, need: wanted.need }) };
    var groups = split.groups ? " (" + split.groups + " " + (split.groups > 1 ? d.msgGroups : d.msgGroup) + ")" : "";
    return { ok: true, text: fill(d.msgOk, { value: worth }) + groups };
  }

  function update(box) {
    var chosen = counts(box);
    box.querySelectorAll(".pz-cardtap").forEach(function (chip) {
      var n = chosen.counts[chip.dataset.card] || 0;
      chip.querySelector(".badge").textContent = n ? "×" + n : "";
      chip.classList.toggle("chosen", n > 0);
    });
    var laid = box.querySelector(".pz-laid");
    laid.textContent = "";
    chosen.cards.forEach(function (card) {
      var tap = box.querySelector('.pz-cardtap[data-card="' + card + '"]');
      var back = document.createElement("button");
      back.type = "button";
      back.className = "pz-card pz-untap pz-cur-" + card[0];
      back.dataset.card = card;
      back.textContent = tap.firstChild.textContent.trim() + " ×";
      laid.appendChild(back);
    });
    var said = verdict(box, chosen), line = box.querySelector(".pz-verdict"), rule = line.querySelector(".rule");
    line.classList.toggle("ok", said.ok);
    line.classList.toggle("bad", !said.ok && chosen.cards.length > 0);
    line.querySelector(".pz-why").textContent = said.text;
    var cited = !said.ok && said.rule;
    rule.hidden = !cited;
    rule.textContent = cited ? said.rule : "";
    if (cited) rule.href = box.dataset.rulesUrl + "#" + said.rule;
    var send = box.closest("form").querySelector(".pz-send");
    if (send) send.disabled = !said.ok;
  }

  function field(box, card) { return box.querySelector('.pz-count-grid input[name="n_' + card + '"]'); }

  document.addEventListener("click", function (e) {
    var target = e.target.closest && e.target.closest(".pz-cardtap, .pz-untap, .pz-clear");
    var box = target && target.closest(".pz-composer");
    if (!box) return;
    if (target.classList.contains("pz-clear")) {
      box.querySelectorAll(".pz-count-grid input").forEach(function (i) { i.value = 0; });
    } else {
      var input = field(box, target.dataset.card), n = Number(input.value || 0);
      if (target.classList.contains("pz-untap")) {
        input.value = Math.max(0, n - 1);
      } else if (n < Number(target.dataset.max) && counts(box).cards.length < Number(box.dataset.hand)) {
        input.value = n + 1;
      }
    }
    update(box);
  });

  document.addEventListener("change", function (e) {
    var form = e.target.closest && e.target.closest("form");
    if (form) form.querySelectorAll(".pz-composer").forEach(update);
  });

  function refresh() { document.querySelectorAll(".pz-composer").forEach(update); }

  // Ticked boxes and chosen radios survive a push, as the shared script keeps counts and selects.
  var ticked = null;
  function keep(e) {
    var target = e.detail && (e.detail.target || e.detail.elt);
    if (target && target.id !== "main") return;
    ticked = {};
    document.querySelectorAll("#main form[data-keep]").forEach(function (form) {
      ticked[form.dataset.keep] = Array.prototype.map.call(
        form.querySelectorAll("input[type=checkbox]:checked, input[type=radio]:checked"),
        function (i) { return i.name + "=" + i.value; });
    });
  }
  function restore() {
    if (ticked) {
      Object.keys(ticked).forEach(function (key) {
        var form = document.querySelector('#main form[data-keep="' + key + '"]');
        if (!form) return;
        ticked[key].forEach(function (pair) {
          var at = pair.indexOf("="), name = pair.slice(0, at), val = pair.slice(at + 1);
          var input = Array.prototype.find.call(form.querySelectorAll("input"), function (i) {
            return i.name === name && i.value === val && !i.checked;
          });
          if (input) input.checked = true;
        });
      });
      ticked = null;
    }
    refresh();
  }
  document.addEventListener("htmx:beforeSwap", keep);
  document.addEventListener("htmx:afterSwap", restore);
  document.addEventListener("htmx:wsAfterMessage", restore);  // once a push, not once per part
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", refresh);
  else refresh();

  return { decompose: decompose };
})();
