// Registration desk: Escape clears the name field and the matches, ready for the next player.
(function () {
  document.addEventListener("keydown", function (evt) {
    if (evt.key !== "Escape") { return; }
    var input = document.querySelector("[data-testid=name-input]");
    if (!input || document.activeElement !== input) { return; }
    input.value = "";
    var matches = document.getElementById("matches");
    if (matches) { matches.innerHTML = ""; }
  });
})();
