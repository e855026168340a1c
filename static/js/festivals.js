// A venue's tables: a refused change (a table number already used, a table still in play) answers 400 or
// 409 with the tables and the reason; show it in place (htmx leaves 4xx answers out by default).
(function () {
  document.addEventListener("htmx:beforeSwap", function (evt) {
    var target = evt.detail.target;
    var status = evt.detail.xhr ? evt.detail.xhr.status : 0;
    if (target && target.id === "venue-tables" && (status === 400 || status === 409)) {
      evt.detail.shouldSwap = true;
      evt.detail.isError = false;
    }
  });
})();
