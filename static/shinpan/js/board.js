/* Shinpan boards (every game): the seat clocks counting down, the choice builder (pick the IL, then the target,
   then the half: the options narrow to what is still legal and "Play" submits the one action the picks name),
   the pending state after a click (nothing more can be clicked until the ruling arrives), the WebSocket push
   that refreshes the board at once, and the replay stepper. No framework; htmx swaps the board. */
(function () {
  "use strict";

  // ---- clocks --------------------------------------------------------------------------------------------
  var skew = 0; // server time − client time, from the board's data-now
  function readSkew() {
    var board = document.getElementById("board");
    var now = board && Date.parse(board.dataset.now || "");
    if (now) { skew = now - Date.now(); }
  }
  function format(seconds) {
    var s = Math.max(0, Math.ceil(seconds));
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }
  function tick() {
    document.querySelectorAll("[data-clock]").forEach(function (clock) {
      var deadline = Date.parse(clock.dataset.deadline || "");
      var out = clock.querySelector("[data-clock-time]");
      if (!deadline || !out) { return; }
      var left = (deadline - (Date.now() + skew)) / 1000;
      out.textContent = format(left);
      var warn = left <= Number(clock.dataset.warn || 10);
      // The low-time warning goes in the clock itself (role="alert"), not a toast over the Play/Pass buttons.
      var alert = clock.querySelector("[data-clock-alert]");
      if (warn && !clock.classList.contains("is-warning") && alert) {
        var note = clock.querySelector("[data-clock-timeout]");
        alert.textContent = format(left) + " — " + (note ? note.textContent : "");
      }
      clock.classList.toggle("is-warning", warn);
      clock.classList.toggle("is-out", left <= 0);
    });
  }
  setInterval(tick, 250);

  // ---- the choice builder ---------------------------------------------------------------------------------
  function agrees(slot, wanted, picked, partial) {
    if (slot.kind === "count") {
      wanted = wanted || {}; picked = picked || {};
      var keys = Object.keys(wanted).concat(Object.keys(picked));
      return keys.every(function (k) {
        var w = wanted[k] || 0, p = picked[k] || 0;
        return partial ? p <= w : p === w;
      });
    }
    // a slot this choice does not use (a skill that is used takes no lane) agrees with no pick, as in choices.resolve
    if (picked === undefined) { return partial || wanted === undefined; }
    return wanted === picked;
  }
  function Builder(root) {
    this.root = root;
    this.form = root.closest("form");
    this.choices = JSON.parse(root.dataset.choices || "[]");
    this.slots = Array.prototype.map.call(root.querySelectorAll("[data-slot]"), function (el) {
      return { el: el, key: el.dataset.slot, kind: el.dataset.kind, most: Number(el.dataset.most || 1),
               label: (el.querySelector(".choice-slot-label") || el).textContent.trim() };
    });
    this.picks = {};
    this.submit = this.form.querySelector("[data-submit]");
    this.select = this.form.querySelector("select[name=action]");
    this.summary = this.form.querySelector("[data-summary]");
    this.clear = this.form.querySelector("[data-clear]");
    var self = this;
    this.slots.forEach(function (slot) {
      var options = slot.el.querySelectorAll(".choice-option");
      if (slot.kind === "one" && options.length === 1) { self.picks[slot.key] = options[0].dataset.value; }
    });
    root.addEventListener("click", function (event) {
      var button = event.target.closest(".choice-option");
      if (button && !button.disabled) { self.pick(button.closest("[data-slot]").dataset.slot, button.dataset.value); }
    });
    if (this.clear) { this.clear.addEventListener("click", function () { self.picks = {}; self.update(); }); }
    this.update();
  }
  Builder.prototype.candidates = function (picks, partial) {
    var slots = this.slots;
    return this.choices.filter(function (choice) {
      return slots.every(function (slot) { return agrees(slot, choice.picks[slot.key], picks[slot.key], partial); });
    });
  };
  Builder.prototype.withPick = function (slot, value) {
    var next = Object.assign({}, this.picks);
    if (slot.kind === "count") {
      var counts = Object.assign({}, next[slot.key] || {});
      counts[value] = (counts[value] || 0) + 1;
      next[slot.key] = counts;
    } else {
      next[slot.key] = value;
    }
    return next;
  };
  Builder.prototype.pick = function (key, value) {
    var slot = this.slots.filter(function (s) { return s.key === key; })[0];
    if (slot.kind === "count") {
      var counts = Object.assign({}, this.picks[key] || {});
      var grown = this.withPick(slot, value);
      var fits = Object.assign(this.before(slot), {}); fits[key] = grown[key];
      if ((counts[value] || 0) < slot.most && this.candidates(fits, true).length) {
        this.picks = grown;
      } else {
        delete counts[value];
        this.picks[key] = counts;
      }
    } else if (this.picks[key] === value) {
      delete this.picks[key];
    } else {
      var picked = this.withPick(slot, value);
      if (!this.candidates(picked, true).length) {  // the later picks no longer fit: keep the ones above
        picked = this.before(slot); picked[key] = value;
      }
      this.picks = picked;
    }
    this.update();
  };
  Builder.prototype.before = function (slot) {
    // The picks of the slots above ``slot``: an option is offered when it fits them (pick in order, top down).
    var out = {}, picks = this.picks;
    this.slots.slice(0, this.slots.indexOf(slot)).forEach(function (s) { if (picks[s.key] !== undefined) { out[s.key] = picks[s.key]; } });
    return out;
  };
  Builder.prototype.update = function () {
    var self = this;
    this.slots.forEach(function (slot) {
      var base = self.before(slot);
      slot.el.querySelectorAll(".choice-option").forEach(function (button) {
        var value = button.dataset.value, test = Object.assign({}, base);
        var count = slot.kind === "count" ? ((self.picks[slot.key] || {})[value] || 0) : 0;
        if (slot.kind === "count") {
          test[slot.key] = Object.assign({}, self.picks[slot.key] || {});
          test[slot.key][value] = count + 1;
        } else {
          test[slot.key] = value;
        }
        var pressed = slot.kind === "count" ? count > 0 : self.picks[slot.key] === value;
        button.disabled = !(pressed || self.candidates(test, true).length > 0);
        button.setAttribute("aria-pressed", String(pressed));
        button.classList.toggle("is-selected", pressed);
        button.classList.toggle("is-link", pressed);
        var badge = button.querySelector("[data-count]");
        if (badge) { badge.textContent = slot.most > 1 && count ? " ×" + count : ""; }
      });
    });
    var done = this.candidates(this.picks, false);
    var any = Object.keys(this.picks).length > 0;
    if (this.clear) { this.clear.hidden = !any; }
    if (done.length === 1) {
      if (this.select) { this.select.value = done[0].action; }
      this.submit.disabled = false;
      this.submit.dataset.label = done[0].label;
      if (done[0].confirm) { this.submit.dataset.confirm = done[0].confirm; } else { delete this.submit.dataset.confirm; }
      this.summary.textContent = done[0].label;
    } else {
      this.submit.disabled = true;
      var next = this.slots.filter(function (s) {
        var p = self.picks[s.key];
        return s.kind === "count" ? true : p === undefined;
      })[0];
      this.summary.textContent = next ? "→ " + next.label : "";
    }
  };
  function initBuilders(scope) {
    (scope || document).querySelectorAll("[data-builder]").forEach(function (root) {
      if (!root.builder && !root.closest("fieldset[disabled]")) { root.builder = new Builder(root); }
    });
  }

  // ---- one choice group open at a time (issue 27, point 1): a group built by picks shows its title only until it
  // is opened, so the other groups and the open one's "Play" fit beside the hand. The open group is remembered
  // across boards (by its key) while it is offered; otherwise the first one opens. Without JavaScript all are open.
  var openGroup = null;
  function initGroups(scope) {
    (scope || document).querySelectorAll(".board-choices").forEach(function (list) {
      var groups = Array.prototype.slice.call(list.querySelectorAll(".choice-group.box"));
      if (groups.length < 2) { return; }
      var keys = groups.map(function (g) { return g.dataset.choiceGroup; });
      var open = keys.indexOf(openGroup) >= 0 ? openGroup : keys[0];
      groups.forEach(function (group) {
        var legend = group.querySelector(".choice-title");
        if (!legend) { return; }
        var toggle = legend.querySelector("[data-group-toggle]");
        if (!toggle) {
          toggle = document.createElement("button");
          toggle.type = "button";
          toggle.className = "choice-toggle";
          toggle.dataset.groupToggle = "";
          while (legend.firstChild) { toggle.appendChild(legend.firstChild); }
          legend.appendChild(toggle);
          toggle.addEventListener("click", function () { openGroup = group.dataset.choiceGroup; show(list, openGroup); });
        }
      });
      show(list, open);
    });
  }
  function show(list, key) {
    list.querySelectorAll(".choice-group.box").forEach(function (group) {
      var shut = group.dataset.choiceGroup !== key;
      group.classList.toggle("is-collapsed", shut);
      var toggle = group.querySelector("[data-group-toggle]");
      if (toggle) { toggle.setAttribute("aria-expanded", String(!shut)); }
    });
  }

  // ---- the side column ends at the bottom of the screen: its top, for board.css (--side-top) -------------
  var sideFrame = 0;
  function placeSide() {
    sideFrame = 0;
    var side = document.querySelector(".board-layout");
    if (side) { document.documentElement.style.setProperty("--side-top", Math.max(0, side.getBoundingClientRect().top) + "px"); }
  }
  // A pile that scrolls inside itself (board.css caps the shared rows on a desktop) can be scrolled from the
  // keyboard too: it takes the focus, named by its title (aria-labelledby is on the zone already).
  function markScrolling(scope) {
    (scope || document).querySelectorAll(".board-zone").forEach(function (zone) {
      if (zone.scrollHeight > zone.clientHeight + 1) { zone.tabIndex = 0; } else { zone.removeAttribute("tabindex"); }
    });
  }
  function queueSide() { if (!sideFrame) { sideFrame = requestAnimationFrame(placeSide); } }
  window.addEventListener("scroll", queueSide, { passive: true });
  window.addEventListener("resize", function () { queueSide(); markScrolling(document); });

  // ---- a card option's printed text: the title on hover, a bubble on a long press (touch has no hover) ------
  var held = null, bubble = null;
  function hideText() { if (bubble) { bubble.remove(); bubble = null; } }
  function showText(option) {
    hideText();
    bubble = document.createElement("div");
    bubble.className = "choice-text-bubble box";
    bubble.setAttribute("role", "tooltip");
    bubble.textContent = option.dataset.text;
    document.body.appendChild(bubble);
    var box = option.getBoundingClientRect();
    var top = box.top + window.scrollY - bubble.offsetHeight - 6;
    bubble.style.top = (top < window.scrollY ? box.bottom + window.scrollY + 6 : top) + "px";
    bubble.style.left = Math.max(6, Math.min(box.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - bubble.offsetWidth - 6)) + "px";
  }
  document.addEventListener("pointerdown", function (event) {
    hideText();
    var option = event.target instanceof Element && event.target.closest(".choice-option[data-text]");
    if (!option || event.pointerType === "mouse") { return; }
    held = setTimeout(function () { held = null; option.dataset.longPressed = "1"; showText(option); }, 500);
  });
  ["pointerup", "pointercancel", "scroll"].forEach(function (name) {
    document.addEventListener(name, function () { if (held) { clearTimeout(held); held = null; } }, true);
  });
  // The long press that showed the text is not also a pick; the context menu it would open is not shown.
  document.addEventListener("click", function (event) {
    var option = event.target instanceof Element && event.target.closest(".choice-option[data-long-pressed]");
    if (option) { delete option.dataset.longPressed; event.preventDefault(); event.stopImmediatePropagation(); }
  }, true);
  document.addEventListener("contextmenu", function (event) {
    if (event.target instanceof Element && event.target.closest(".choice-option[data-text]")) { event.preventDefault(); }
  });

  // ---- the pending state: one click, then nothing until the ruling ---------------------------------------
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.matches(".choice-group")) { return; }
    var board = document.getElementById("board");
    if (!board || board.dataset.pending === "1") {
      event.preventDefault(); event.stopImmediatePropagation(); return;
    }
    var button = form.querySelector("[data-submit]") || form.querySelector("button[type=submit]");
    var label = (button && button.dataset.label) || "";
    // A move that loses the game at once is sent only once the player says so (issue 27, point 2).
    if (button && button.dataset.confirm && !window.confirm(button.dataset.confirm)) {
      event.preventDefault(); event.stopImmediatePropagation(); return;
    }
    board.dataset.pending = "1";
    board.classList.add("is-pending");
    board.setAttribute("aria-busy", "true");
    board.querySelectorAll(".board-choices button").forEach(function (b) { b.disabled = true; });
    var prompt = board.querySelector("[data-prompt-text]");
    if (prompt && board.dataset.sentTemplate) { prompt.textContent = board.dataset.sentTemplate.replace("%(action)s", label); }
    var bar = board.querySelector("[data-prompt]");
    if (bar) { bar.className = bar.className.replace(/is-(primary|light|info)\b/g, "") + " is-warning is-pending"; }
  }, true);
  function unpend() {
    var board = document.getElementById("board");
    if (board && board.dataset.pending === "1") {
      delete board.dataset.pending;
      board.classList.remove("is-pending");
      board.removeAttribute("aria-busy");
      board.querySelectorAll(".board-choices button").forEach(function (b) { b.disabled = false; });
      initBuilders(board);
    }
  }
  document.addEventListener("htmx:responseError", function () {
    unpend();
    if (window.Shinpan) { window.Shinpan.toast(document.documentElement.lang === "ja" ? "送信できませんでした。" : "The action could not be sent.", "error"); }
  });
  document.addEventListener("htmx:sendError", unpend);
  // The board answers in this page's language, even if another tab switched the session's (views._page_language).
  document.addEventListener("htmx:configRequest", function (event) {
    event.detail.headers["X-Page-Language"] = document.documentElement.lang || "";
  });
  // A poll that left before the click (or an older answer) never replaces a newer board: the board only
  // moves forward, and while a click is on its way only the answer to that click is shown.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var board = document.getElementById("board");
    var text = event.detail.serverResponse || "";
    var found = /data-version="(\d+)"/.exec(text);
    if (!board || !found || event.detail.target !== board) { return; }
    var polling = event.detail.requestConfig && event.detail.requestConfig.verb === "get";
    if (Number(found[1]) < Number(board.dataset.version) || (polling && board.dataset.pending === "1" &&
        Number(found[1]) === Number(board.dataset.version))) {
      event.detail.shouldSwap = false;
    }
  });
  document.addEventListener("htmx:load", function (event) { readSkew(); initBuilders(event.target); initGroups(event.target); placeSide(); markScrolling(event.target); tick(); });

  // ---- live push: a WebSocket message refreshes the board at once; polling stays as the fallback ----------
  var script = document.currentScript;
  var path = script && script.dataset.boardSocket;
  function refresh() { var b = document.getElementById("board"); if (b && window.htmx) { window.htmx.trigger(b, "refresh"); } }
  // The newest version a push announced. A push that lands while the answer to a click is on its way starts its
  // refresh on the board that answer then replaces, and htmx drops a reply for a board no longer on the page:
  // so whenever a board is swapped in older than the newest push, it is refreshed again (once per pushed version).
  var pushed = -1, chased = -1;
  function onPush(event) {
    try {
      var message = JSON.parse(event.data);
      if (message && message.view && typeof message.view.version === "number") { pushed = Math.max(pushed, message.view.version); }
    } catch (e) { /* not a view: refresh anyway */ }
    refresh();
  }
  document.addEventListener("htmx:load", function () {
    var b = document.getElementById("board");
    if (b && pushed > Number(b.dataset.version) && chased < pushed) { chased = pushed; setTimeout(refresh, 0); }
  });
  function connect(delay) {
    if (!path || !window.WebSocket) { return; }
    var socket;
    try { socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + path); }
    catch (e) { return; }
    socket.onopen = function () { delay = 1000; };
    socket.onmessage = onPush;
    socket.onclose = function (event) {
      if (event.code === 4404) { return; }  // no such match: nothing to reconnect to
      setTimeout(function () { connect(Math.min(delay * 2, 30000)); refresh(); }, delay);
    };
  }
  connect(1000);

  // ---- the replay: the board at any step (issue 27, point 7) ----------------------------------------------
  // The slider, ← / →, Home / End, the buttons, the jumps and the step links fetch the board at a step as the view
  // chosen (a seat or a spectator, hidden cards shown or not) and swap it in; the address follows, so a step can
  // be shared. Without JavaScript the same controls are links and a form.
  function initReplay() {
    var form = document.querySelector("[data-replay-form]");
    if (!form) { return; }
    var slider = form.querySelector("#replay-slider");
    var total = Number(slider.max);
    var asSelect = form.querySelector("[data-replay-as]");
    var hidden = form.querySelector("[data-replay-hidden]");
    var jump = form.querySelector("[data-replay-jump]");
    var at = Number(slider.value), wanted = at, loading = false;
    function query(step) {
      return "?step=" + step + "&as=" + encodeURIComponent(asSelect.value) + (hidden.checked ? "&hidden=1" : "");
    }
    function links() {
      var targets = { first: 0, prev: Math.max(0, at - 1), next: Math.min(total, at + 1), last: total };
      Object.keys(targets).forEach(function (name) {
        var link = form.querySelector("[data-replay=" + name + "]");
        if (link) { link.setAttribute("href", query(targets[name])); }
      });
      form.querySelector("[data-position]").textContent = at;
      slider.value = at;
      var chapter = 0;
      Array.prototype.forEach.call(jump.options, function (option, i) { if (Number(option.value) <= at) { chapter = i; } });
      jump.selectedIndex = chapter;
    }
    function load() {
      if (loading) { return; }
      loading = true;
      var step = wanted;
      fetch(query(step) + "&partial=board", { headers: { "X-Page-Language": document.documentElement.lang || "" } })
        .then(function (response) { if (!response.ok) { throw new Error(response.status); } return response.text(); })
        .then(function (html) {
          var board = document.getElementById("replay-board");
          var holder = document.createElement("div");
          holder.innerHTML = html.trim();
          var fresh = holder.querySelector("#replay-board");
          if (board && fresh) { board.replaceWith(fresh); if (window.htmx) { window.htmx.process(fresh); } markScrolling(fresh); }
          at = step;
          links();
          history.replaceState(null, "", query(step));
        })
        .catch(function () {
          if (window.Shinpan) { window.Shinpan.toast(document.documentElement.lang === "ja" ? "盤面を読み込めませんでした。" : "The board could not be loaded.", "error"); }
        })
        .then(function () { loading = false; if (wanted !== at) { load(); } });
    }
    function go(step) {
      wanted = Math.max(0, Math.min(total, step));
      slider.value = wanted;
      form.querySelector("[data-position]").textContent = wanted;
      if (wanted !== at || step === at) { load(); }
    }
    var timer = null;
    slider.addEventListener("input", function () {
      clearTimeout(timer);
      var step = Number(slider.value);
      form.querySelector("[data-position]").textContent = step;
      timer = setTimeout(function () { go(step); }, 120);
    });
    asSelect.addEventListener("change", function () { go(at); });
    hidden.addEventListener("change", function () { go(at); });
    jump.addEventListener("change", function () { go(Number(jump.value)); });
    form.addEventListener("submit", function (event) { event.preventDefault(); go(Number(slider.value)); });
    document.addEventListener("click", function (event) {
      var control = event.target instanceof Element && event.target.closest("[data-replay], [data-replay-goto]");
      if (!control) { return; }
      event.preventDefault();
      var move = control.dataset.replay;
      if (control.dataset.replayGoto) { go(Number(control.dataset.replayGoto)); window.scrollTo({ top: 0 }); return; }
      go(move === "first" ? 0 : move === "prev" ? wanted - 1 : move === "next" ? wanted + 1 : total);
    });
    document.addEventListener("keydown", function (event) {
      var target = event.target;
      if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement ||
          (target instanceof HTMLInputElement && target.type !== "range" && target.type !== "checkbox")) { return; }
      var moves = { ArrowRight: wanted + 1, ArrowLeft: wanted - 1, Home: 0, End: total };
      if (!(event.key in moves)) { return; }
      event.preventDefault();  // (the slider would move too: one step per key)
      go(moves[event.key]);
    });
    links();
  }

  function start() { readSkew(); initBuilders(document); initGroups(document); placeSide(); markScrolling(document); tick(); initReplay(); }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
