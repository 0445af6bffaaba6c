// The correction page (templates/correct.html): the move's own form is filled in as the
// move was entered (``data-original``: the form fields that posted it), so the player
// changes only what was wrong. A complete action's button is marked "as entered". Game
// scripts follow the same change events a person's taps give.
(function () {
  function fill(form, fields) {
    Object.keys(fields).forEach(function (name) {
      var values = [].concat(fields[name]).map(String);
      var controls = Array.prototype.filter.call(form.elements, function (e) { return e.name === name; });
      controls.forEach(function (e) {
        if (e.tagName === "BUTTON" || e.type === "hidden") return;
        if (e.type === "checkbox" || e.type === "radio") e.checked = values.indexOf(e.value) >= 0;
        else e.value = values[controls.indexOf(e)] !== undefined ? values[controls.indexOf(e)] : e.value;
        e.dispatchEvent(new Event("change", { bubbles: true }));
      });
    });
  }

  function same(a, b) {
    return JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());
  }

  function start() {
    var box = document.querySelector("[data-original]");
    if (!box) return;
    var original = JSON.parse(box.dataset.original);
    var fields = original.fields, kind = original.type;
    if (fields.action) {  // a complete action: its button
      var action = JSON.parse(fields.action);
      box.querySelectorAll('button[name="action"]').forEach(function (b) {
        try {
          if (same(JSON.parse(b.value), action)) {
            b.classList.add("as-entered");
            var mark = document.createElement("span");
            mark.textContent = " (" + box.dataset.asEntered + ")";
            b.appendChild(mark);
          }
        } catch (e) { /* a button of another kind */ }
      });
      return;
    }
    var form = box.querySelector("form.act-" + kind + ", form.table-input-" + kind);
    if (!form) return;
    var rest = {};
    Object.keys(fields).forEach(function (k) { if (k !== "type" && k !== "seq" && k !== "near") rest[k] = fields[k]; });
    fill(form, rest);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
