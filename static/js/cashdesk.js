// The cash desk: a refusal (400, 409) carries the player's panel or the ledger row with the message in it,
// so it is swapped in like an answer. The sale buttons are plain submit buttons: the page works without
// this script, and "/" (desk.js) puts the cursor in the search box.
(function () {
  document.addEventListener("htmx:beforeSwap", function (evt) {
    var target = evt.detail.target;
    var status = evt.detail.xhr ? evt.detail.xhr.status : 0;
    if (!target || (status !== 400 && status !== 409)) { return; }
    if (target.id === "cash-panel" || target.id === "cash-main" || target.hasAttribute("data-ledger-row")) {
      evt.detail.shouldSwap = true;
      evt.detail.isError = false;
    }
  });
})();
