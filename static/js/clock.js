// Tells the server the browser's time and time zone: a Raspberry Pi without
// internet has no clock of its own (see companion/clock.py).
(function () {
  var script = document.currentScript;
  if (!script || !window.fetch || !window.URLSearchParams) return;
  var body = new URLSearchParams({ ms: String(Date.now()), utc_offset: String(-new Date().getTimezoneOffset()) });
  fetch(script.dataset.url, { method: "POST", body: body, credentials: "same-origin", keepalive: true })
    .catch(function () {});
})();
