// Keyboard focus for the desk: after htmx swaps a fragment in, put the cursor
// where staff type next (the first [autofocus] field inside the new content).
(function () {
  // A field inside a closed <details> or a hidden block cannot take the cursor: skip it.
  function visible(el) {
    if (el.closest("details:not([open])")) { return false; }
    return el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0;
  }
  function focusIn(root) {
    if (!root || !root.querySelectorAll) { return; }
    var fields = [root].concat(Array.prototype.slice.call(root.querySelectorAll("[autofocus]")));
    for (var i = 0; i < fields.length; i++) {
      var target = fields[i];
      if (target.hasAttribute("autofocus") && visible(target)) {
        target.focus();
        if (target.select) { target.select(); }
        return;
      }
    }
  }
  // With hx-swap="outerHTML" the request's target has left the page by now; the event
  // itself fires on the content that replaced it, so look there.
  document.addEventListener("htmx:afterSwap", function (evt) {
    var root = evt.target && evt.target.isConnected ? evt.target : evt.detail.target;
    focusIn(root);
  });
  // A <select data-autosubmit> sends its form as soon as it changes (no inline handler:
  // the Content-Security-Policy refuses them).
  document.addEventListener("change", function (evt) {
    var field = evt.target;
    if (field.matches && field.matches("select[data-autosubmit]") && field.form) {
      if (field.form.requestSubmit) { field.form.requestSubmit(); } else { field.form.submit(); }
    }
  });
  // "d" jumps to the "open a dispute at table" field (the eliminations page): type the number, Enter.
  // It works outside the fields, and in the page's main field while it is empty (the bust field has
  // the cursor when the page opens, and a bust never starts with a letter).
  document.addEventListener("keydown", function (evt) {
    if (evt.key !== "d" || evt.ctrlKey || evt.metaKey || evt.altKey) { return; }
    var active = document.activeElement;
    var typing = /INPUT|TEXTAREA|SELECT/.test(active.tagName) || active.isContentEditable;
    if (typing && !(active.hasAttribute("data-main-input") && !active.value)) { return; }
    var field = document.querySelector("[data-dispute-input]");
    if (field) { evt.preventDefault(); field.focus(); if (field.select) { field.select(); } }
  });
  // "/" jumps to the page's main input, like many desk tools.
  document.addEventListener("keydown", function (evt) {
    if (evt.key !== "/" || /INPUT|TEXTAREA|SELECT/.test(document.activeElement.tagName)) { return; }
    var main = document.querySelector("[data-main-input]") || document.querySelector("main [autofocus]");
    if (main) { evt.preventDefault(); main.focus(); }
  });
})();

// One click, one result. Every desk POST form carries a one-time token (the hidden "_once" field
// the server renders); the server answers a second send of the same token and fields with the first
// answer instead of doing the work again. So a double click, or a retry after an answer was lost,
// keeps the token, while a new action gets a new one:
// - typing or choosing in a form gives it a new token (capture phase: before htmx reads the form);
// - once an answer to a form has been handled, a form still on the page gets a new token. That runs
//   after htmx has sent a click queued behind the request (a double click), which keeps the token.
// No answer, or a gateway's (the work may have been done), keeps the token for the retry.
(function () {
  var FIELD = "_once";
  var ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  var KEEP_ON = [0, 408, 502, 503, 504];

  function freshToken() {
    var bytes = new Uint8Array(22);
    window.crypto.getRandomValues(bytes);
    var out = "";
    for (var i = 0; i < bytes.length; i++) { out += ALPHABET.charAt(bytes[i] & 63); }
    return out;
  }
  function formOf(el) {
    if (!el || el.nodeType !== 1) { return null; }
    if (el.tagName === "FORM") { return el; }
    return el.form || el.closest("form");
  }
  function renew(form) {
    var field = form && form.querySelector('input[name="' + FIELD + '"]');
    if (field) { field.value = freshToken(); }
  }

  ["input", "change"].forEach(function (name) {
    document.addEventListener(name, function (evt) {
      if (evt.target && evt.target.name === FIELD) { return; }
      renew(formOf(evt.target));
    }, true);
  });
  document.addEventListener("htmx:afterRequest", function (evt) {
    var detail = evt.detail || {};
    var verb = detail.requestConfig && detail.requestConfig.verb;
    var status = detail.xhr ? detail.xhr.status : 0;
    if (String(verb).toLowerCase() !== "post" || KEEP_ON.indexOf(status) >= 0) { return; }
    var form = formOf(detail.elt);
    if (!form) { return; }
    window.setTimeout(function () { if (form.isConnected) { renew(form); } }, 0);
  });
  // The adjudicator answers a refused save (entries of another event...) 400 with its work area: show it.
  document.addEventListener("htmx:beforeSwap", function (evt) {
    var target = evt.detail.target;
    var status = evt.detail.xhr ? evt.detail.xhr.status : 0;
    if (target && target.id === "work" && status >= 400 && status < 500 && status !== 403) {
      evt.detail.shouldSwap = true;
      evt.detail.isError = false;
    }
  });
  // The server's own refusal of a token (damaged, another staff member's) goes to the messages area.
  document.addEventListener("htmx:beforeSwap", function (evt) {
    var xhr = evt.detail.xhr;
    if (xhr && xhr.getResponseHeader("X-Once-Refused")) {
      evt.detail.shouldSwap = true;
      evt.detail.isError = false;
    }
  });
})();
// A button with data-copy="#field" copies the field's text (the results for a chat group). The clipboard
// API needs a secure origin; on a plain-http desk the selection is copied the old way.
(function () {
  document.addEventListener("click", function (evt) {
    var button = evt.target.closest && evt.target.closest("button[data-copy]");
    if (!button) { return; }
    var field = document.querySelector(button.getAttribute("data-copy"));
    if (!field) { return; }
    var status = button.parentNode.querySelector("[role=status]");
    var done = function () { if (status) { status.textContent = button.getAttribute("data-copied") || ""; } };
    var fallback = function () {
      field.focus();
      field.select();
      try { document.execCommand("copy"); done(); } catch (e) { /* the text stays selected to copy by hand */ }
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(done, fallback);
    } else {
      fallback();
    }
  });
})();
