// The players' live page: counts the clock down from the server's timestamps (as the projected screen
// does), polls one small JSON document with its ETag (a 304 costs a few hundred bytes), and answers
// "where do I sit?". No library: it has to load fast on a phone.
(function () {
  "use strict";
  var root, doc, texts, lang, stateUrl, seatsUrl, pollMs, cacheSeconds;
  var offset = 0;          // server clock minus this phone's clock, in ms
  var etag = null;
  var lastOk = Date.now();
  var timer = null, inFlight = false;
  var OFFLINE_AFTER_MS = 15000;

  function $(sel) { return root.querySelector(sel); }
  function put(name, text) {
    var els = root.querySelectorAll('[data-bind="' + name + '"]');
    for (var k = 0; k < els.length; k++) { if (els[k].textContent !== text) { els[k].textContent = text; } }
  }
  function fill(template, value) { return (template || "").replace("{v}", value); }

  var numbers = null, tenths = null, moneyFormats = {};
  function num(n) {
    if (n === null || n === undefined) { return "—"; }
    if (!numbers) { try { numbers = new Intl.NumberFormat(lang); } catch (e) { numbers = new Intl.NumberFormat(); } }
    return numbers.format(n);
  }
  function oneDecimal(n) {
    if (!tenths) { tenths = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }); }
    return tenths.format(n);
  }
  // Money for the room: whole amounts without cents, cents only when there are any.
  function money(text) {
    if (text === null || text === undefined) { return ""; }
    var value = Number(text), whole = Math.round(value) === value, key = whole ? "w" : "c";
    if (!moneyFormats[key]) {
      try {
        moneyFormats[key] = new Intl.NumberFormat(lang, { style: "currency", currency: doc.event.currency,
          minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 });
      } catch (e) { moneyFormats[key] = { format: function (v) { return doc.event.currency + " " + num(v); } }; }
    }
    return moneyFormats[key].format(value);
  }

  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function clockText(ms) {
    var total = Math.max(0, Math.ceil(ms / 1000));
    var h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
    return h ? h + ":" + pad(m) + ":" + pad(s) : pad(m) + ":" + pad(s);
  }
  function serverNow() { return Date.now() + offset; }

  // Where the clock is now: which row of the levels, time left, time past the end.
  function compute() {
    var c = doc.clock, rows = c.levels || [];
    if (!rows.length) { return null; }
    if (c.paused || c.ends_ms === null) {
      return { i: 0, left: c.left_ms || 0, over: c.overtime_ms || 0, finished: c.status === "finished" };
    }
    var left = c.ends_ms - serverNow(), i = 0;
    while (left <= 0 && i < rows.length - 1) { i += 1; left += rows[i].seconds * 1000; }
    if (left <= 0) { return { i: i, left: 0, over: -left, finished: c.complete }; }
    return { i: i, left: left, over: 0, finished: false };
  }
  function blinds(row) { return row.is_break ? "" : num(row.small_blind) + " / " + num(row.big_blind); }
  function ante(row) { return row.is_break || !row.ante ? "" : fill(texts.ante, num(row.ante)); }
  function nextText(rows, i) {
    var row = rows[i + 1];
    if (!row) { return doc.clock.complete ? texts.last_level : "—"; }
    if (row.is_break) { return fill(texts.break_minutes, String(row.seconds / 60)); }
    return blinds(row) + (row.ante ? " · " + ante(row) : "");
  }
  function toBreak(rows, i, left) {
    var until = left;
    for (var j = i + 1; j < rows.length; j++) {
      if (rows[j].is_break) { return clockText(until); }
      until += rows[j].seconds * 1000;
    }
    return texts.no_break;
  }
  // The average stack in big blinds of the level played (after a break: of the next level).
  function averageBB(rows, i) {
    var avg = doc.field.average_stack;
    for (var j = i; j < rows.length; j++) {
      if (!rows[j].is_break) { return rows[j].big_blind && avg ? fill(texts.bb, oneDecimal(avg / rows[j].big_blind)) : ""; }
    }
    return "";
  }

  function tick() {
    setOffline(!doc.event.finished && Date.now() - lastOk > OFFLINE_AFTER_MS);
    if (doc.event.finished) { put("average_bb", ""); return; }
    var now = compute();
    if (!now) { return; }
    var rows = doc.clock.levels, row = rows[now.i];
    put("level", row.is_break ? texts["break"] : fill(texts.level, row.number));
    put("time", now.finished ? "+" + clockText(now.over) : clockText(now.left));
    put("blinds", blinds(row));
    put("ante", ante(row));
    put("next", nextText(rows, now.i));
    put("to_break", now.finished ? "—" : toBreak(rows, now.i, now.left));
    put("average_bb", averageBB(rows, now.i));
    var status = doc.clock.status === "not_started" ? texts.not_started
      : (doc.clock.paused ? texts.paused : (now.finished ? texts.overtime : ""));
    put("status", status);
    root.classList.toggle("is-paused", !!doc.clock.paused);
    root.classList.toggle("is-last-minute", !doc.clock.paused && now.left > 0 && now.left <= 60000);
  }

  function item(main, side, attrs) {
    var li = document.createElement("li");
    var a = document.createElement("span"); a.className = "lv-main"; a.textContent = main; li.appendChild(a);
    if (side) { var b = document.createElement("span"); b.className = "lv-side"; b.textContent = side; li.appendChild(b); }
    for (var name in attrs || {}) { li.setAttribute(name, attrs[name]); }
    return li;
  }
  function list(name, rows, make) {
    var box = root.querySelector('[data-list="' + name + '"]');
    if (!box) { return; }
    while (box.firstChild) { box.removeChild(box.firstChild); }
    rows.forEach(function (row) { box.appendChild(make(row)); });
    var empty = root.querySelector('[data-empty="' + name + '"]');
    if (empty) { empty.hidden = rows.length > 0; }
  }
  function placeText(place) { return place ? fill(texts.place, place) : ""; }

  function render() {
    var f = doc.field, p = doc.prizes;
    put("players", num(f.players_left) + " / " + num(f.entries));
    put("average", num(f.average_stack));
    put("pool", money(p.prize_pool));
    put("paid", num(p.places_paid));
    put("champion", doc.champion || "—");
    $("[data-clock-box]").hidden = doc.event.finished;
    $("[data-results-box]").hidden = !doc.event.finished;
    list("payouts", p.payouts, function (r) { return item(placeText(r.place), money(r.amount)); });
    list("leaders", doc.leaders, function (r) {
      return item(r.name + " #" + r.number, num(r.chips), { "data-testid": "live-leader" });
    });
    list("eliminations", doc.eliminations, function (r) {
      var side = [placeText(r.place), money(r.prize)].filter(Boolean).join(" · ");
      return item(r.name + " #" + r.number, side, { "data-testid": "live-elimination" });
    });
    list("results", doc.results, function (r) {
      return item(placeText(r.place) + " " + r.name, money(r.prize), { "data-testid": "live-result" });
    });
    tick();
  }

  function setOffline(offline) {
    var sign = document.querySelector("[data-offline]");
    if (sign && sign.hidden === offline) { sign.hidden = !offline; }
  }

  // --- Polling: one document, its ETag, the server's time on every answer --------------------------
  function schedule(ms) {
    window.clearTimeout(timer);
    timer = window.setTimeout(poll, ms);
  }
  function poll() {
    if (inFlight) { return; }
    inFlight = true;
    // The script revalidates by itself (no-store: the browser's own cache stays out of it). Its own
    // Cache-Control keeps the browser from asking shared caches for no-cache: they may answer from
    // what they kept (Age says how old), as the server allows.
    var sent = Date.now(), headers = { "Cache-Control": "max-age=" + cacheSeconds };
    if (etag) { headers["If-None-Match"] = etag; }
    fetch(stateUrl, { cache: "no-store", headers: headers, credentials: "same-origin" }).then(function (r) {
      var got = Date.now();
      if (r.status !== 200 && r.status !== 304) { throw new Error("HTTP " + r.status); }
      // The server stamped its time between our request and its answer; a shared cache says how old it is.
      var stamp = parseInt(r.headers.get("X-Server-Time"), 10);
      var age = parseInt(r.headers.get("Age") || "0", 10) || 0;
      if (stamp) { offset = stamp + age * 1000 - (sent + got) / 2; }
      lastOk = got;
      if (r.status === 304) { return null; }
      etag = r.headers.get("ETag") || etag;
      return r.json();
    }).then(function (data) {
      if (data) { doc = data; render(); }
    }, function () { /* offline: keep counting, say so after a while */ }).then(function () {
      inFlight = false;
      schedule(doc.event.finished ? pollMs * 8 : pollMs);
    });
  }

  // --- Where do I sit? -------------------------------------------------------------------------
  var seatTimer = null, seatAsked = "";
  function showSeats(results, query) {
    var box = $("[data-seat-results]");
    while (box.firstChild) { box.removeChild(box.firstChild); }
    if (!query) { return; }
    if (!results) { box.appendChild(item(texts.type_more)); return; }
    if (!results.length) { box.appendChild(item(texts.no_match, "", { "data-testid": "live-seat-none" })); return; }
    results.forEach(function (r) {
      var where = !r.alive ? [texts.out, placeText(r.place)].filter(Boolean).join(" · ")
        : (r.table === null ? texts.not_seated
          : texts.table_seat.replace("{table}", r.table).replace("{seat}", r.seat));
      box.appendChild(item(r.name + " · " + fill(texts.entry, r.number), where, { "data-testid": "live-seat-hit" }));
    });
  }
  function findSeat(query) {
    query = query.trim();
    var digits = /^#?\s*\d+$/.test(query);
    if (!digits && query.length < 2) { showSeats(null, query); return; }
    seatAsked = query;
    var url = seatsUrl + (seatsUrl.indexOf("?") >= 0 ? "&" : "?") + "q=" + encodeURIComponent(query);
    fetch(url, { credentials: "same-origin" }).then(function (r) { return r.json(); }).then(function (data) {
      if (data.query.trim() === seatAsked) { showSeats(data.results, seatAsked); }
    }, function () { /* offline: the form still works on the next try */ });
  }

  function start() {
    root = document.querySelector("[data-live-root]");
    if (!root) { return; }
    doc = JSON.parse(document.getElementById("live-data").textContent);
    texts = JSON.parse(document.getElementById("live-texts").textContent);
    lang = root.getAttribute("data-lang") || undefined;
    stateUrl = root.getAttribute("data-state-url");
    seatsUrl = root.getAttribute("data-seats-url");
    pollMs = parseInt(root.getAttribute("data-poll-ms"), 10) || 4000;
    cacheSeconds = parseInt(root.getAttribute("data-cache-seconds"), 10) || 0;
    etag = doc.version ? '"' + doc.version + '"' : null;
    // The page was stamped by the server between the request and its first byte.
    var serverMs = parseInt(root.getAttribute("data-server-ms"), 10);
    var nav = window.performance && performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
    var mid = nav && performance.timeOrigin && nav.responseStart
      ? performance.timeOrigin + (nav.requestStart + nav.responseStart) / 2 : Date.now();
    offset = serverMs ? serverMs - mid : 0;
    render();
    window.setInterval(tick, 250);
    schedule(pollMs);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") { schedule(0); }
    });
    var form = $("[data-seat-form]"), input = $("#lv-q");
    form.addEventListener("submit", function (evt) { evt.preventDefault(); findSeat(input.value); });
    input.addEventListener("input", function () {
      window.clearTimeout(seatTimer);
      seatTimer = window.setTimeout(function () { findSeat(input.value); }, 350);
    });
  }
  // What the page's script knows, for the browser tests (read only).
  window.tdLive = { offset: function () { return offset; }, doc: function () { return doc; } };
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
