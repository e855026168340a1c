// Registration desk. The name field belongs to the clerk: Enter sends what the form holds at
// that moment and empties the fields at once, so the next name can be typed straight away;
// no answer from the server replaces or clears the field. Answers land beside it: the seat
// card, the recent list, and a notice for a refusal or a question (the server swaps those).
(function () {
  var NOTICES_KEPT = 8;

  function regForm(el) {
    return el && el.matches && el.matches("form[data-reg-form]") ? el : null;
  }
  function formOf(el) { return el && el.nodeType === 1 ? el.form || el.closest("form") : null; }
  function tidy(text) { return (text || "").trim().replace(/\s+/g, " "); }
  function nameInput() { return document.querySelector("[data-testid=name-input]"); }
  function clearMatches() {
    var matches = document.getElementById("matches");
    if (matches) { matches.innerHTML = ""; }
  }

  function textFields(form) { return form.querySelectorAll("input[type=text]"); }

  // One click, one result. Enter or "Register and seat" pressed again on the fields the last
  // send emptied, with nothing typed since, is that registration again (the second click of a
  // double click, a second Enter while the answer is on its way): it is not sent, and the first
  // send's answer lands as usual. Capture phase: before htmx takes the submit. A deliberate
  // retry of a send whose answer was lost goes through its notice's "Type again" instead.
  document.addEventListener("submit", function (evt) {
    var form = regForm(evt.target);
    if (!form || !form.tdRegEmptiedBySend || (evt.submitter && evt.submitter.name)) { return; }
    var typed = Array.prototype.some.call(textFields(form), function (input) { return input.value !== ""; });
    if (typed) { return; }
    evt.preventDefault();
    evt.stopImmediatePropagation();
  }, true);
  document.addEventListener("input", function (evt) {
    var form = regForm(formOf(evt.target));
    if (form) { form.tdRegEmptiedBySend = false; }
  }, true);

  // After htmx has taken the submit (it sends it now, or queues it behind the one still
  // saving), keep a copy of the fields as they are, then empty them for the next player.
  // Without htmx the browser posts the page itself: leave the form alone then.
  document.addEventListener("submit", function (evt) {
    var form = regForm(evt.target);
    if (!form || !evt.defaultPrevented) { return; }
    evt.tdRegValues = new FormData(form, evt.submitter || null);
    textFields(form).forEach(function (input) { input.value = ""; });
    form.tdRegEmptiedBySend = true;
    clearMatches();
  });

  // A queued submit is read by htmx only when it leaves, by then with the next name half
  // typed in the field: send the copy taken when Enter was pressed instead. Parameters that
  // are not fields of the form (added by other scripts) are left as they are.
  document.addEventListener("htmx:configRequest", function (evt) {
    var trigger = evt.detail.triggeringEvent;
    var copy = trigger && trigger.tdRegValues;
    var form = regForm(evt.detail.elt);
    if (!copy || !form) { return; }
    var params = evt.detail.parameters;
    var names = {};
    Array.prototype.forEach.call(form.elements, function (el) { if (el.name) { names[el.name] = true; } });
    copy.forEach(function (value, key) { names[key] = true; });
    Object.keys(names).forEach(function (key) { params.delete(key); });
    copy.forEach(function (value, key) { params.append(key, value); });
  });

  // The matches answer one query; once the field holds something else they are stale.
  document.addEventListener("htmx:beforeSwap", function (evt) {
    var target = evt.detail.target;
    if (!target || target.id !== "matches") { return; }
    var input = nameInput();
    var config = evt.detail.requestConfig;
    var asked = config && config.parameters ? config.parameters.get("name") : null;
    if (input && asked !== null && tidy(asked) !== tidy(input.value)) { evt.detail.shouldSwap = false; }
  });

  // A registration that never reached the server (network down, timeout) or that the server
  // failed to answer must not vanish: say so beside the form, with what was typed.
  function unsent(evt) {
    var form = regForm(evt.detail.elt);
    var trigger = evt.detail.requestConfig && evt.detail.requestConfig.triggeringEvent;
    var copy = trigger && trigger.tdRegValues;
    var list = document.getElementById("reg-notices");
    if (!form || !list) { return; }
    var typed = { name: "", nickname: "", document: "" };
    Object.keys(typed).forEach(function (key) {
      typed[key] = copy ? (copy.get(key) || "") : "";
    });
    var item = document.createElement("li");
    item.className = "notice refused";
    item.setAttribute("role", "alert");
    item.setAttribute("data-testid", "notice-unsent");
    var message = document.createElement("p");
    message.className = "notice-message";
    var text = form.getAttribute(evt.type === "htmx:responseError" ? "data-failed" : "data-unsent");
    message.textContent = text + (typed.name ? " (" + typed.name + ")" : "");
    item.appendChild(message);
    var actions = document.createElement("div");
    actions.className = "notice-actions";
    if (typed.name) {
      var refill = document.createElement("button");
      refill.type = "button";
      refill.className = "small";
      refill.setAttribute("data-refill", "");
      refill.setAttribute("data-name", typed.name);
      refill.setAttribute("data-nickname", typed.nickname);
      refill.setAttribute("data-document", typed.document);
      // The send's own one-time token: typed again unchanged, it is the same send, and the server
      // answers with what it did if the send reached it (an answer lost on the way), once.
      refill.setAttribute("data-once", copy ? (copy.get("_once") || "") : "");
      refill.textContent = form.getAttribute("data-retype");
      actions.appendChild(refill);
    }
    var dismiss = document.createElement("button");
    dismiss.type = "button";
    dismiss.className = "small link";
    dismiss.setAttribute("data-dismiss", "");
    dismiss.textContent = form.getAttribute("data-dismiss-label");
    actions.appendChild(dismiss);
    item.appendChild(actions);
    list.insertBefore(item, list.firstChild);
    trimNotices();
  }
  document.addEventListener("htmx:sendError", unsent);
  document.addEventListener("htmx:timeout", unsent);
  document.addEventListener("htmx:responseError", unsent);

  function trimNotices() {
    var list = document.getElementById("reg-notices");
    if (!list) { return; }
    while (list.children.length > NOTICES_KEPT) { list.removeChild(list.lastElementChild); }
  }
  document.addEventListener("htmx:afterSettle", trimNotices);

  document.addEventListener("click", function (evt) {
    var dismiss = evt.target.closest("[data-dismiss]");
    if (dismiss) {
      var notice = dismiss.closest(".notice");
      if (notice) { notice.remove(); }
      return;
    }
    // "Type again": put a refused registration back in the form, on the clerk's request only.
    var refill = evt.target.closest("[data-refill]");
    var form = document.querySelector("form[data-reg-form]");
    if (!refill || !form) { return; }
    ["name", "nickname", "document"].forEach(function (key) {
      var field = form.querySelector("input[name=" + key + "]");
      if (field) { field.value = refill.getAttribute("data-" + key) || ""; }
    });
    form.tdRegEmptiedBySend = false;
    // A send that got no answer goes again with its own token (see unsent above).
    var once = form.querySelector("input[name=_once]");
    if (once && refill.getAttribute("data-once")) { once.value = refill.getAttribute("data-once"); }
    var details = form.querySelector("details");
    if (details && (refill.getAttribute("data-nickname") || refill.getAttribute("data-document"))) {
      details.open = true;
    }
    var input = nameInput();
    if (input) {
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    }
  });

  // Escape clears the name field and the matches, ready for the next player.
  document.addEventListener("keydown", function (evt) {
    if (evt.key !== "Escape") { return; }
    var input = nameInput();
    if (!input || document.activeElement !== input) { return; }
    input.value = "";
    clearMatches();
  });
})();
