// Deal calculator: a refused calculation answers 400 with the reasons; show them in the
// results panel (htmx leaves 4xx answers out by default).
(function () {
  document.addEventListener("htmx:beforeSwap", function (evt) {
    var target = evt.detail.target;
    if (target && target.id === "deal-results" && [400, 403].indexOf(evt.detail.xhr.status) >= 0) {
      evt.detail.shouldSwap = true;
      evt.detail.isError = false;
    }
  });
})();
