// Replay: the arrow keys step through the moves (Home and End jump), and the
// slider jumps as it is moved.
document.addEventListener("keydown", function (e) {
  if (e.altKey || e.ctrlKey || e.metaKey || /INPUT|SELECT|TEXTAREA/.test(e.target.tagName)) return;
  var rel = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[e.key];
  var link = rel && document.querySelector('#replay .replay-nav a[rel="' + rel + '"]');
  if (!link) return;
  e.preventDefault();
  link.click();
});
document.addEventListener("change", function (e) {
  if (e.target.matches && e.target.matches('#replay .jump input[type="range"]')) e.target.form.requestSubmit();
});
