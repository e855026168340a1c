// Rulings pages: the print button of the floor-decision log, and "/" to jump to the search box.
document.addEventListener("click", function (event) {
  if (event.target.closest("[data-print]")) { window.print(); }
});
document.addEventListener("keydown", function (event) {
  if (event.key !== "/" || /^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement.tagName)) { return; }
  var box = document.querySelector(".rulings-search input[type=search]");
  if (box) { event.preventDefault(); box.focus(); box.select(); }
});
