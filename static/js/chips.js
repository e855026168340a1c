// The chip set page: a refused chip change (400, 409) comes back as the chip list with the reason,
// swapped in like a success (htmx leaves error answers out by default).
(function () {
  "use strict";
  document.addEventListener("htmx:beforeSwap", function (evt) {
    var target = evt.detail.target;
    var status = evt.detail.xhr ? evt.detail.xhr.status : 0;
    if (target && target.id === "chips" && (status === 400 || status === 409)) {
      evt.detail.shouldSwap = true;
      evt.detail.isError = false;
    }
  });
})();
