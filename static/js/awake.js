// "Keep screen on" on phones and the table screen (templates/_awake.html): NoSleep.js must
// start from a tap. The choice is remembered, and taken up again at the next tap after a reload.
(function () {
  var noSleep = null, KEY = "companion-keep-awake";
  function set(on) {
    if (!window.NoSleep) return;
    noSleep = noSleep || new NoSleep();
    if (on) noSleep.enable(); else noSleep.disable();
    window.keepingAwake = function () { return !!(noSleep && noSleep.isEnabled); };
    try { localStorage.setItem(KEY, on ? "1" : "0"); } catch (err) { /* private mode */ }
    document.querySelectorAll(".keep-awake").forEach(function (b) { b.setAttribute("aria-pressed", on ? "true" : "false"); });
  }
  document.addEventListener("click", function (e) {
    var button = e.target.closest && e.target.closest(".keep-awake");
    if (button) { set(button.getAttribute("aria-pressed") !== "true"); return; }
    var wanted = false;
    try { wanted = localStorage.getItem(KEY) === "1"; } catch (err) { /* private mode */ }
    if (wanted && !(noSleep && noSleep.isEnabled) && document.querySelector(".keep-awake")) set(true);
  });
})();
