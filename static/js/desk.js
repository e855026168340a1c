// Keyboard focus for the desk: after htmx swaps a fragment in, put the cursor
// where staff type next (the first [autofocus] field inside the new content).
(function () {
  function focusIn(root) {
    var target = root.querySelector && root.querySelector("[autofocus]");
    if (target) { target.focus(); if (target.select) { target.select(); } }
  }
  document.addEventListener("htmx:afterSwap", function (evt) { focusIn(evt.detail.target); });
  // "/" jumps to the page's main input, like many desk tools.
  document.addEventListener("keydown", function (evt) {
    if (evt.key !== "/" || /INPUT|TEXTAREA|SELECT/.test(document.activeElement.tagName)) { return; }
    var main = document.querySelector("[data-main-input]") || document.querySelector("main [autofocus]");
    if (main) { evt.preventDefault(); main.focus(); }
  });
})();
