// Table map: highlight the seats matching the filter box, and keep the highlight
// when the map refreshes itself (htmx polling swaps the whole map in).
(function () {
  function apply() {
    var box = document.getElementById("map-filter");
    if (!box) { return; }
    // Compared as the server writes data-name (names.search_key): no case, no accents.
    var needle = box.value.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/\s+/g, " ").trim();
    document.querySelectorAll(".seat-table").forEach(function (table) {
      var hit = false;
      table.querySelectorAll(".seat").forEach(function (seat) {
        var name = seat.getAttribute("data-name") || "";
        var entry = seat.getAttribute("data-entry") || "";
        var match = needle.length > 0 && (name.indexOf(needle) !== -1 || entry === needle.replace("#", ""));
        seat.classList.toggle("match", match);
        hit = hit || match;
      });
      table.classList.toggle("filtered-out", needle.length > 1 && !hit);
    });
  }
  document.addEventListener("input", function (evt) { if (evt.target.id === "map-filter") { apply(); } });
  document.addEventListener("htmx:afterSwap", apply);
})();
