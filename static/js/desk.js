// Keyboard focus for the desk: after htmx swaps a fragment in, put the cursor
// where staff type next (the first [autofocus] field inside the new content).
(function () {
  // A field inside a closed <details> or a hidden block cannot take the cursor: skip it.
  function visible(el) {
    if (el.closest("details:not([open])")) { return false; }
    return el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0;
  }
  function focusIn(root) {
    if (!root || !root.querySelectorAll) { return; }
    var fields = [root].concat(Array.prototype.slice.call(root.querySelectorAll("[autofocus]")));
    for (var i = 0; i < fields.length; i++) {
      var target = fields[i];
      if (target.hasAttribute("autofocus") && visible(target)) {
        target.focus();
        if (target.select) { target.select(); }
        return;
      }
    }
  }
  // With hx-swap="outerHTML" the request's target has left the page by now; the event
  // itself fires on the content that replaced it, so look there.
  document.addEventListener("htmx:afterSwap", function (evt) {
    var root = evt.target && evt.target.isConnected ? evt.target : evt.detail.target;
    focusIn(root);
  });
  // "/" jumps to the page's main input, like many desk tools.
  document.addEventListener("keydown", function (evt) {
    if (evt.key !== "/" || /INPUT|TEXTAREA|SELECT/.test(document.activeElement.tagName)) { return; }
    var main = document.querySelector("[data-main-input]") || document.querySelector("main [autofocus]");
    if (main) { evt.preventDefault(); main.focus(); }
  });
})();
