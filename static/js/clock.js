// The blind clock in the browser: counts down from the server's state and the
// browser/server clock offset, keeps counting (and says "offline") when the
// server cannot be reached, beeps at one minute left and at each level change
// (WebAudio, switchable), shows the time of day, the break's end, the late
// registration countdown, the chips in play and the director's rotating messages, and gives the
// desk its keyboard shortcuts.
(function () {
  "use strict";
  var SOUND_KEY = "tdconsole.clock.sound";
  var OFFLINE_AFTER_MS = 3500;
  var state = null;        // the last state received (the #clock-data JSON)
  var offset = 0;          // server clock minus browser clock, in ms
  var lastOk = Date.now(); // last successful refresh
  var requestStarted = 0;
  var shown = { number: null, left: null };
  var audio = null;

  function root() { return document.querySelector("[data-clock-root]"); }

  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function clockText(ms) {
    var total = Math.max(0, Math.ceil(ms / 1000));
    var h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
    return h ? h + ":" + pad(m) + ":" + pad(s) : pad(m) + ":" + pad(s);
  }
  function serverNow() { return Date.now() + offset; }

  function readState() {
    var el = document.getElementById("clock-data");
    if (!el) { return; }
    var data;
    try { data = JSON.parse(el.textContent); } catch (e) { return; }
    var received = Date.now();
    // The server stamped the state somewhere between our request and its answer.
    var sent = requestStarted && received - requestStarted < 5000 ? requestStarted : received;
    offset = data.server_ms - (sent + received) / 2;
    data.received = received;
    state = data;
    tick();
  }

  // Where the clock is now: which schedule row, time left, time past the end.
  function compute() {
    var rows = state.schedule || [];
    if (!rows.length) { return null; }
    if (state.status === "finished") {
      var over = state.paused || state.ends_ms === null ? state.overtime_ms : serverNow() - state.ends_ms;
      return { i: 0, left: 0, over: over, finished: true };
    }
    if (state.paused || state.ends_ms === null) { return { i: 0, left: state.left_ms, over: 0, finished: false }; }
    var left = state.ends_ms - serverNow(), i = 0;
    while (left <= 0 && i < rows.length - 1) { i += 1; left += rows[i].seconds * 1000; }
    if (left <= 0) {
      // Past the schedule we hold: the last level keeps running (counting up).
      return { i: i, left: 0, over: -left, finished: state.complete };
    }
    return { i: i, left: left, over: 0, finished: false };
  }

  // Bound elements hidden while they have nothing to say.
  var HIDE_EMPTY = { colour_up: true, chip_race: true, next_at: true };
  function bind(scope, name, text) {
    var els = scope.querySelectorAll('[data-bind="' + name + '"]');
    for (var k = 0; k < els.length; k++) {
      if (els[k].textContent !== text) { els[k].textContent = text; }
      if (HIDE_EMPTY[name]) { els[k].hidden = !text; }
      if (name === "time") { els[k].classList.toggle("cs-time-long", text.length > 6); }
    }
    return els;
  }

  // The chips in play, each drawn in its colour (SVG attributes: the policy allows no inline style).
  var SVG = "http://www.w3.org/2000/svg";
  function circle(r, fill, cls) {
    var c = document.createElementNS(SVG, "circle");
    c.setAttribute("cx", "12"); c.setAttribute("cy", "12"); c.setAttribute("r", r); c.setAttribute("fill", fill);
    if (cls) { c.setAttribute("class", cls); }
    return c;
  }
  function swatch(chip) {
    var svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", "chip-swatch"); svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("role", "img"); svg.setAttribute("aria-label", chip.colour);
    var title = document.createElementNS(SVG, "title");
    title.textContent = chip.colour;
    var spots = circle("8", "none");
    spots.setAttribute("stroke", "#ffffff"); spots.setAttribute("stroke-width", "2.6");
    spots.setAttribute("stroke-dasharray", "3.14 3.14");
    svg.appendChild(title);
    svg.appendChild(circle("11", chip.hex, "chip-edge"));
    svg.appendChild(spots);
    svg.appendChild(circle("5", chip.hex, "chip-inlay"));
    return svg;
  }
  function showChips(scope, chips) {
    var box = scope.querySelector("[data-chips]");
    var list = box && box.querySelector("[data-chips-list]");
    if (!list) { return; }  // the event has no chip set
    chips = chips || [];
    var key = chips.map(function (c) { return c.value; }).join(",");
    box.hidden = !chips.length;
    if (list.getAttribute("data-shown") === key) { return; }
    while (list.firstChild) { list.removeChild(list.firstChild); }
    chips.forEach(function (chip) {
      var item = document.createElement("span");
      item.className = "cs-chip";
      item.setAttribute("data-testid", "chip");
      item.setAttribute("data-value", String(chip.value));
      item.appendChild(swatch(chip));
      item.appendChild(document.createTextNode(chip.text));
      list.appendChild(item);
    });
    list.setAttribute("data-shown", key);
  }

  function toBreak(rows, i, left) {
    var until = left;
    for (var j = i + 1; j < rows.length; j++) {
      if (rows[j].is_break) { return clockText(until); }
      until += rows[j].seconds * 1000;
    }
    return "—";
  }

  // Times of day in the event's time zone, 24-hour (21:40), whatever the TV's own settings.
  var formatters = {};
  function timeOfDay(ms) {
    var zone = (state && state.time_zone) || undefined;
    var key = zone || "";
    if (!formatters[key]) {
      var options = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
      if (zone) { options.timeZone = zone; }
      try { formatters[key] = new Intl.DateTimeFormat(document.documentElement.lang || undefined, options); }
      catch (e) { delete options.timeZone; formatters[key] = new Intl.DateTimeFormat(undefined, options); }
    }
    return formatters[key].format(new Date(ms));
  }
  function fill(template, value) { return (template || "").replace("{time}", value); }

  // The director's lines: one at a time, each for `data-rotate-ms` (the same one on every screen).
  function rotateMessages(scope) {
    var box = scope.querySelector("[data-messages]");
    if (!box) { return; }
    var items = box.querySelectorAll("[data-message]");
    if (!items.length) { return; }
    var period = parseInt(box.getAttribute("data-rotate-ms"), 10) || 10000;
    var shownIndex = Math.floor(Date.now() / period) % items.length;
    for (var k = 0; k < items.length; k++) {
      var hide = k !== shownIndex;
      if (items[k].hidden !== hide) { items[k].hidden = hide; }
    }
  }

  // Late registration: counted down like the level, from when it closes (or, paused, what is left).
  function lateRegistration(scope) {
    if (state.reg_left_ms === null || state.reg_left_ms === undefined) { return; }
    var left = state.reg_ends_ms !== null && state.reg_ends_ms !== undefined && !state.paused
      ? state.reg_ends_ms - serverNow() : state.reg_left_ms;
    var open = left > 0;
    var els = bind(scope, "late_reg", open ? fill(state.texts.reg_in, clockText(left)) : state.texts.reg_closed);
    for (var k = 0; k < els.length; k++) {
      els[k].classList.toggle("cs-banner-late-reg-open", open);
      els[k].classList.toggle("cs-banner-late-reg-closed", !open);
    }
  }

  function tick() {
    var scope = root();
    if (!state || !scope) { return; }
    bind(scope, "time_of_day", timeOfDay(serverNow()));
    rotateMessages(scope);
    // A finished event's screen stops polling (the server answers 286): no news is not offline then.
    var over = state.event_finished || scope.querySelector("[data-event-finished]") !== null;
    var offline = !over && Date.now() - lastOk > OFFLINE_AFTER_MS;
    setOffline(offline);
    if (over) { api.nextWarningAt = null; return; }
    lateRegistration(scope);
    var now = compute();
    if (!now) { return; }
    var row = state.schedule[now.i];
    bind(scope, "time", now.finished ? "+" + clockText(now.over) : clockText(now.left));
    if (now.i > 0) {
      // The level changed here before the server told us (or while offline): show the new one.
      bind(scope, "label", row.label);
      bind(scope, "blinds", row.blinds);
      bind(scope, "ante", row.ante);
      bind(scope, "next", row.next);
      bind(scope, "colour_up", row.colour_up);
      bind(scope, "chip_race", row.chip_race || "");
      showChips(scope, row.chips);
      bind(scope, "average_bb", row.average_bb);
    }
    var running = !state.paused && state.status !== "not_started";
    if (running && !now.finished) { bind(scope, "to_break", toBreak(state.schedule, now.i, now.left)); }
    // On a break: the time of day the next level starts, rounded to the minute as the server does.
    bind(scope, "next_at", running && row.is_break && !now.finished && now.left > 0
      ? fill(state.texts.next_at, timeOfDay(serverNow() + now.left + 30000)) : "");
    if (shown.number !== null && row.number !== shown.number) { signal("level"); }
    if (running && shown.left !== null && shown.left > 60000 && now.left <= 60000 && now.left > 0 &&
        row.number === shown.number) { signal("warning"); }
    // When the one-minute warning of this level will sound (browser time), for the page's tests.
    api.nextWarningAt = running && !now.finished && now.left > 60000 ? Date.now() + now.left - 60000 : null;
    shown.number = row.number;
    shown.left = now.left;
    scope.classList.toggle("is-last-minute", running && now.left > 0 && now.left <= 60000);
  }

  function setOffline(offline) {
    var sign = document.querySelector("[data-offline]");
    if (sign && sign.hidden === offline) { sign.hidden = !offline; }
    var scope = root();
    if (scope) { scope.classList.toggle("is-offline", offline); }
  }

  // --- Sound (WebAudio oscillators, no files) ------------------------------------------
  // The director enables sound once on the TV: the choice is kept in localStorage. A browser starts
  // audio only after a user gesture on each page load, so after a reload the first click or key on
  // the page resumes the AudioContext; until then the hint says so.
  function soundOn() {
    try { return window.localStorage.getItem(SOUND_KEY) === "on"; } catch (e) { return false; }
  }
  function tone(freq, start, length) {
    var osc = audio.createOscillator(), gain = audio.createGain();
    osc.type = "sine";
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.5, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
    osc.connect(gain);
    gain.connect(audio.destination);
    osc.start(start);
    osc.stop(start + length + 0.05);
  }
  function ensureAudio() {
    if (!audio) {
      var Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) { return null; }
      audio = new Ctx();
      audio.onstatechange = showSoundHint;
    }
    if (audio.state === "suspended") {
      var resumed = audio.resume();
      if (resumed && resumed.then) { resumed.then(showSoundHint, function () { /* still waiting for a gesture */ }); }
    }
    return audio;
  }
  function audioState() { return audio ? audio.state : "none"; }
  function showSoundHint() {
    var hint = document.querySelector("[data-sound-hint]");
    if (!hint) { return; }
    var waiting = soundOn() && audioState() !== "running";
    if (hint.hidden === waiting) { hint.hidden = !waiting; }
  }
  function signal(kind) {
    document.dispatchEvent(new CustomEvent("clock:signal", { detail: { kind: kind } }));
    if (soundOn()) { play(kind); }
  }
  function play(kind) {
    // Never queue tones on a suspended context: they would all sound at once at the first click.
    if (!ensureAudio() || audio.state !== "running") { return; }
    var t = audio.currentTime + 0.05;
    if (kind === "warning") {
      tone(880, t, 0.25); tone(880, t + 0.35, 0.25);
    } else {
      tone(660, t, 0.3); tone(880, t + 0.35, 0.3); tone(1320, t + 0.7, 0.6);
    }
    api.played.push(kind);
  }
  function showSound(button) {
    var on = soundOn();
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.textContent = on ? button.dataset.labelOn : button.dataset.labelOff;
    showSoundHint();
  }
  // What the screen's script knows, for the browser tests (read only).
  var api = {
    soundOn: soundOn,
    audioState: audioState,
    nextWarningAt: null,  // browser time (ms) of this level's one-minute warning; null when none is due
    played: [],           // the signals actually sent to the speakers
  };
  window.tdClock = api;

  // --- Wiring ------------------------------------------------------------------------
  function isStateTarget(evt) {
    var t = evt.detail && (evt.detail.target || evt.detail.elt);
    return t && (t.id === "clock-state" || t.id === "clock-panel");
  }

  document.addEventListener("htmx:beforeRequest", function (evt) {
    if (isStateTarget(evt)) { requestStarted = Date.now(); }
  });
  document.addEventListener("htmx:afterSwap", function (evt) {
    if (!isStateTarget(evt)) { return; }
    var status = evt.detail.xhr ? evt.detail.xhr.status : 200;
    if (status < 500) { lastOk = Date.now(); }
    readState();
  });
  ["htmx:sendError", "htmx:timeout", "htmx:responseError"].forEach(function (name) {
    document.addEventListener(name, function (evt) {
      if (!isStateTarget(evt)) { return; }
      // Desk controls answer 4xx with a message to show; only the poller's failures mean offline.
      var status = evt.detail.xhr ? evt.detail.xhr.status : 0;
      if (status === 0 || status >= 500) { lastOk = 0; setOffline(true); }
    });
  });
  // Show desk errors (409 refused control, 400 bad input, 403 role) in the panel.
  document.addEventListener("htmx:beforeSwap", function (evt) {
    var t = evt.detail.target;
    if (t && (t.id === "clock-panel" || t.id === "screen-messages") &&
        [400, 403, 409].indexOf(evt.detail.xhr.status) >= 0) {
      evt.detail.shouldSwap = true;
      evt.detail.isError = false;
    }
  });

  document.addEventListener("keydown", function (evt) {
    var desk = document.querySelector("[data-clock-desk]");
    if (!desk || evt.ctrlKey || evt.metaKey || evt.altKey) { return; }
    if (/INPUT|TEXTAREA|SELECT|BUTTON/.test(document.activeElement.tagName) && evt.key === " ") { return; }
    if (/INPUT|TEXTAREA|SELECT/.test(document.activeElement.tagName)) { return; }
    var key = evt.key === " " ? "space" : (evt.key === "=" ? "+" : evt.key);
    var button = desk.querySelector('button[data-shortcut="' + key + '"]');
    if (button) { evt.preventDefault(); button.click(); }
  });

  document.addEventListener("DOMContentLoaded", function () {
    var button = document.querySelector("[data-sound-toggle]");
    if (button) {
      showSound(button);
      button.addEventListener("click", function () {
        try { window.localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on"); } catch (e) { /* private mode */ }
        showSound(button);
        if (!soundOn() || !ensureAudio()) { return; }
        // The click is the gesture the browser waits for: a short beep says the sound works.
        if (audio.state === "running") { play("warning"); }
        else { audio.resume().then(function () { play("warning"); }, function () { /* no audio device */ }); }
      });
      if (soundOn()) { ensureAudio(); }
      showSound(button);
      // The first gesture on the page after a reload lets the browser play again.
      ["pointerdown", "keydown", "touchstart"].forEach(function (name) {
        document.addEventListener(name, function () { if (soundOn()) { ensureAudio(); } }, true);
      });
    }
    var full = document.querySelector("[data-fullscreen]");
    if (full) {
      full.addEventListener("click", function () {
        if (document.fullscreenElement) { document.exitFullscreen(); }
        else if (document.documentElement.requestFullscreen) { document.documentElement.requestFullscreen(); }
      });
    }
    lastOk = Date.now();
    readState();
    window.setInterval(tick, 200);
  });
})();
