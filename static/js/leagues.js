// The league page: a preset chosen fills the formula field (and can then be adjusted); a refused save
// (400: a formula that cannot be evaluated) comes back as the league's panel with the reason, swapped in
// like a success (htmx leaves error answers out by default).
(function () {
  "use strict";
  document.addEventListener("change", function (evt) {
    var select = evt.target;
    if (!select.matches || !select.matches("select[data-preset-for]")) { return; }
    var field = document.getElementById(select.getAttribute("data-preset-for"));
    var option = select.options[select.selectedIndex];
    var formula = option ? option.getAttribute("data-formula") : null;
    if (field && formula) { field.value = formula; field.focus(); }
  });
  document.addEventListener("htmx:beforeSwap", function (evt) {
    var target = evt.detail.target;
    var status = evt.detail.xhr ? evt.detail.xhr.status : 0;
    if (target && target.id === "league" && (status === 400 || status === 409)) {
      evt.detail.shouldSwap = true;
      evt.detail.isError = false;
    }
  });
})();
