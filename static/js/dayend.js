// The bag counts page: Enter moves on like Tab (the change saves the count by htmx), and a refused
// count (400) comes back as its row with the reason, swapped in like a success.
(function () {
  "use strict";
  function inputs() { return Array.prototype.slice.call(document.querySelectorAll("input[data-count]")); }
  document.addEventListener("keydown", function (evt) {
    var el = evt.target;
    if (evt.key !== "Enter" || !el.matches || !el.matches("input[data-count]")) { return; }
    evt.preventDefault();
    var all = inputs(), i = all.indexOf(el);
    var next = all[i + 1] || document.querySelector("[data-next-table]");
    if (next) { next.focus(); if (next.select) { next.select(); } } else { el.blur(); }
  });
  document.addEventListener("focusin", function (evt) {
    if (evt.target.matches && evt.target.matches("input[data-count]")) { evt.target.select(); }
  });
  document.addEventListener("htmx:beforeSwap", function (evt) {
    var status = evt.detail.xhr ? evt.detail.xhr.status : 0;
    var target = evt.detail.target;
    if (target && target.id && target.id.indexOf("count-row-") === 0 && (status === 400 || status === 409)) {
      evt.detail.shouldSwap = true;
      evt.detail.isError = false;
    }
  });
})();
