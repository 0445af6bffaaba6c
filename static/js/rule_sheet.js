/* Rule chips open their rule in place: a tap on a rule chip (a.rule linking to a rule of a
   rules page, /rules/<game>#<ID>) shows that rule in a sheet over the page (a modal
   <dialog>) instead of leaving it, so a form half filled in stays as it is. The sheet's
   related rules are chips too and load into the same sheet. Without this script the chip
   is a plain link to the rules page. */
(function () {
  var CHIP = /\/rules\/[a-z0-9_]+\/?$/, ID = /^[A-Z0-9-]{1,20}$/;
  var sheet = null, pending = null;

  function theSheet() {
    if (sheet && document.body.contains(sheet)) return sheet;
    sheet = document.createElement("dialog");
    sheet.id = "rule-sheet";
    sheet.className = "rule-sheet";
    sheet.setAttribute("aria-labelledby", "rule-sheet-title");
    // A tap on the backdrop (outside the sheet's box) closes it, like the close button.
    sheet.addEventListener("click", function (e) {
      if (e.target !== sheet) return;
      var box = sheet.getBoundingClientRect();
      if (e.clientX < box.left || e.clientX > box.right || e.clientY < box.top || e.clientY > box.bottom) sheet.close();
    });
    document.body.appendChild(sheet);
    return sheet;
  }

  /* The game and rule ID a chip links to, or null for any other link. */
  function target(a) {
    var url;
    try { url = new URL(a.getAttribute("href"), document.baseURI); } catch (err) { return null; }
    var id = decodeURIComponent(url.hash.slice(1));
    if (url.origin !== location.origin || !CHIP.test(url.pathname) || !ID.test(id)) return null;
    return { url: url.pathname.replace(/\/$/, "") + "/rule/" + encodeURIComponent(id), href: url.href };
  }

  function open(found) {
    var asked = pending = {};
    fetch(found.url, { credentials: "same-origin", headers: { "Accept": "text/html" } })
      .then(function (response) {
        if (!response.ok) throw new Error(response.status);
        return response.text();
      })
      .then(function (html) {
        if (asked !== pending) return;  // a later tap asked for another rule
        var box = theSheet();
        box.innerHTML = html;
        box.scrollTop = 0;
        if (!box.open) box.showModal();
        var close = box.querySelector(".rule-sheet-close");
        if (close) close.focus();
      })
      .catch(function () {
        if (asked === pending) window.open(found.href, "_blank", "noopener");  // the rules page, as without the script
      });
  }

  document.addEventListener("click", function (e) {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    var a = e.target.closest && e.target.closest('a.rule[href*="/rules/"]');
    if (!a) return;
    var found = target(a);
    if (!found) return;
    e.preventDefault();
    open(found);
  });
})();
