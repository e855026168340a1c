// Floor desk pages (eliminations, chip counts, hand-for-hand).
(function () {
  var PANELS = ["elim-panel", "chips-panel", "h4h-panel"];
  // A refusal answers 400 (bad typing) or 409 (refused: the seat changed, the undo is too late...)
  // with the panel and its message. htmx leaves 4xx answers out by default: show these.
  document.addEventListener("htmx:beforeSwap", function (evt) {
    var target = evt.detail.target;
    var status = evt.detail.xhr ? evt.detail.xhr.status : 0;
    if (target && PANELS.indexOf(target.id) >= 0 && (status === 400 || status === 409)) {
      evt.detail.shouldSwap = true;
      evt.detail.isError = false;
    }
  });
  // Eliminations: the confirmation names who sits at the seats typed. Once the text changes it
  // no longer applies (Enter shows the new seats instead), so it steps out of sight at once.
  document.addEventListener("input", function (evt) {
    var input = evt.target;
    if (!input.hasAttribute || !input.hasAttribute("data-confirmed")) { return; }
    var changed = input.value.trim().split(/\s+/).join(" ") !== input.getAttribute("data-confirmed").trim().split(/\s+/).join(" ");
    var form = input.form;
    form.querySelectorAll("[data-testid=bust-confirm]").forEach(function (box) { box.hidden = changed; });
  });
  // Escape in the bust field drops a confirmation and clears the field, ready for the next seat.
  document.addEventListener("keydown", function (evt) {
    var input = evt.target;
    if (evt.key !== "Escape" || !input.hasAttribute || input.getAttribute("name") !== "bust") { return; }
    input.value = "";
    if (input.form) {
      input.form.querySelectorAll("[data-testid=bust-confirm]").forEach(function (box) { box.hidden = true; });
    }
  });
})();
