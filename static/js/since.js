/* What changed while nobody looked.
   A phone remembers (per table page, in localStorage) the last move it showed while it
   was visible. When it comes back (opened again, reloaded, woken, its tab shown again)
   and moves were made meanwhile, the box #since says how many, with those moves' lines
   from the page's own log (already in the phone's language), in a fold closed with one
   tap. The table screen marks what the last move changed: every element a push altered
   carries the class "changed" until the next move's push. */
(function () {
  var RETURN_WINDOW = 5000;  // ms after coming back during which the fetched picture counts as "away"

  function shownSeq() {
    var m = document.getElementById("moment");
    return m ? parseInt(m.dataset.seq, 10) : NaN;
  }

  function phone() {
    var box = document.getElementById("since"), key = "companion-seen:" + location.pathname;
    var returning = true, until = 0;  // until: when a return stops waiting for its picture

    function remembered() { try { return parseInt(localStorage.getItem(key), 10); } catch (e) { return NaN; } }
    function remember(seq) { try { localStorage.setItem(key, String(seq)); } catch (e) { /* private mode */ } }

    function show(was, now) {
      var lines = Array.prototype.filter.call(
        document.querySelectorAll(".phone-main .log li[value]"),
        function (li) { return parseInt(li.value, 10) > was; });
      var count = now - was, list = box.querySelector("ol");
      box.querySelector(".since-title").textContent =
        (count === 1 ? box.dataset.one : box.dataset.other).replace("{n}", count);
      list.innerHTML = "";
      lines.forEach(function (li) {
        var copy = li.cloneNode(true);
        copy.removeAttribute("id");
        list.appendChild(copy);
      });
      box.querySelector("details").open = true;
      box.hidden = false;
    }

    // While returning (the page just opened, or shown again and maybe fetching its
    // picture), a newer move than the one remembered is news; otherwise it was seen.
    function look() {
      var now = shownSeq();
      if (document.visibilityState !== "visible" || isNaN(now)) return;
      var was = remembered();
      if (returning && !isNaN(was) && now > was) {
        show(was, now);
        returning = false;
      }
      if (Date.now() > until) returning = false;
      remember(now);
    }

    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState !== "visible") return;
      returning = true;
      until = Date.now() + RETURN_WINDOW;
      look();
    });
    document.addEventListener("htmx:afterSettle", look);
    document.addEventListener("htmx:wsAfterMessage", look);  // once a push, not once per part
    look();  // an opened page is drawn as the table is now: no fetch to wait for
    returning = false;
  }

  function tableScreen(root) {
    var MARK = "changed";
    function classes(value) {
      return (value || "").split(/\s+/).filter(function (c) { return c && c !== MARK; }).sort().join(" ");
    }
    new MutationObserver(function (records) {
      var marked = [];
      records.forEach(function (r) {
        if (r.target.id === "moment") {  // a new move: the last move's marks go
          root.querySelectorAll("." + MARK).forEach(function (el) { el.classList.remove(MARK); });
        } else if (r.type === "childList") {
          r.addedNodes.forEach(function (n) { if (n.nodeType === 1) marked.push(n); });
        } else if (r.type === "characterData") {
          marked.push(r.target.parentElement);
        } else if (r.attributeName !== "class" || classes(r.oldValue) !== classes(r.target.getAttribute("class"))) {
          marked.push(r.target);
        }
      });
      marked.forEach(function (el) {
        if (el && el.classList && !el.classList.contains("part") && el.id !== "moment") el.classList.add(MARK);
      });
    }).observe(root, { subtree: true, childList: true, characterData: true, attributes: true, attributeOldValue: true });
  }

  document.addEventListener("DOMContentLoaded", function () {
    if (document.getElementById("since")) phone();
    var table = document.querySelector(".table-main");
    if (table) tableScreen(table.parentNode);  // #main is morphed in place, but watch around it
  });
})();
