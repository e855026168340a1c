// The blind structure editor's keyboard: Alt+N a level, Alt+B a break (after the row the cursor is
// in), Alt+Up/Down move that row, Alt+Delete remove it, Alt+S save; Enter and Shift+Enter go to the
// same cell of the next or previous row, as in a spreadsheet. Every shortcut presses one of the
// page's own buttons, so the keyboard and the mouse (and the page without JavaScript) do the same.
// After the table is redrawn, the cursor goes back to the cell it was in (or to that column of the
// row just added or moved). A refused save (400) is drawn like any answer: it carries the problems.
(function () {
  "use strict";
  var remembered = null; // {row, col} of the cell the cursor was in when a request left

  function form() { return document.querySelector("[data-structure-form]"); }
  function rowOf(el) { return el && el.closest ? el.closest("tr[data-row]") : null; }
  function cellIn(tr, col) {
    return tr ? tr.querySelector('[data-col="' + col + '"]') : null;
  }
  function focusCell(el) {
    if (!el) { return false; }
    el.focus();
    if (el.select) { el.select(); }
    return true;
  }

  // Press the button of `op`: a row's own (up, down, remove) or the toolbar's (add, save).
  function press(op, tr) {
    var f = form();
    if (!f) { return; }
    var rowButton = op === "up" || op === "down" || op === "remove";
    var button = (rowButton ? tr : f).querySelector('button[data-op="' + op + '"]');
    if (!button) { return; }
    if (op === "add-level" || op === "add-break") {
      var after = f.querySelector("[data-after]");
      if (after) { after.value = tr ? tr.getAttribute("data-row") : ""; }
    }
    button.click();
  }

  // The next (or previous) row that has a cell of this column, breaks skipped for blinds.
  function step(tr, col, forward) {
    var row = tr;
    while (row) {
      row = forward ? row.nextElementSibling : row.previousElementSibling;
      if (row && row.matches("tr[data-row]") && cellIn(row, col)) { return cellIn(row, col); }
    }
    return null;
  }

  document.addEventListener("keydown", function (evt) {
    var f = form();
    if (!f) { return; }
    var active = document.activeElement;
    var inForm = active && f.contains(active);
    var tr = inForm ? rowOf(active) : null;
    if (evt.altKey && !evt.ctrlKey && !evt.metaKey) {
      var op = null;
      switch (evt.code) {
        case "KeyN": op = "add-level"; break;
        case "KeyB": op = "add-break"; break;
        case "KeyS": op = "save"; tr = null; break;
        case "ArrowUp": op = tr ? "up" : null; break;
        case "ArrowDown": op = tr ? "down" : null; break;
        case "Delete": case "Backspace": op = tr ? "remove" : null; break;
      }
      if (!op) { return; }
      evt.preventDefault();
      press(op, tr);
      return;
    }
    if (evt.key === "Enter" && !evt.altKey && !evt.ctrlKey && !evt.metaKey && inForm &&
        active.matches("input[data-col]")) {
      // A cell's Enter moves down (Shift: up) instead of sending the form.
      evt.preventDefault();
      focusCell(step(tr, active.getAttribute("data-col"), !evt.shiftKey));
    }
  });

  function isEditor(evt) {
    var target = evt.detail && evt.detail.target;
    return target && target.id === "structure-editor";
  }

  document.addEventListener("htmx:beforeRequest", function (evt) {
    if (!isEditor(evt)) { return; }
    var active = document.activeElement;
    var tr = rowOf(active);
    remembered = tr && active.getAttribute("data-col")
      ? { row: tr.getAttribute("data-row"), col: active.getAttribute("data-col") } : null;
  });

  // A row named for one request only (Alt+N in a row) is not where a later click adds.
  document.addEventListener("htmx:afterRequest", function (evt) {
    if (!isEditor(evt)) { return; }
    var after = document.querySelector("[data-structure-form] [data-after]");
    if (after) { after.value = ""; }
  });

  // The save's refusal (400, the problems beside the rows) replaces the editor like any answer.
  document.addEventListener("htmx:beforeSwap", function (evt) {
    if (isEditor(evt) && evt.detail.xhr && evt.detail.xhr.status === 400) {
      evt.detail.shouldSwap = true;
      evt.detail.isError = false;
    }
  });

  // desk.js has already put the cursor on the [autofocus] cell (the row added or moved): keep it in
  // that row but in the column it was in; without one, back to the cell it was in.
  document.addEventListener("htmx:afterSwap", function () {
    var editor = document.getElementById("structure-editor");
    if (!editor || !remembered) { return; }
    var focusRow = editor.querySelector("[autofocus]");
    var tr = focusRow ? rowOf(focusRow) : editor.querySelector('tr[data-row="' + remembered.row + '"]');
    var cell = cellIn(tr, remembered.col);
    remembered = null;
    if (cell) { focusCell(cell); }
  });
})();
