/* Shinpan combobox: suggestions under a text input, as an ARIA 1.2 combobox (list autocomplete, no automatic
   selection). Reusable: no framework, no dependency, one contract.

   Markup (any <input>):
     data-combobox-url      required. A GET URL answering JSON {"results": [item, …]}; the typed text is added as
                            the query parameter named by data-combobox-param (default "q"). The URL may already
                            carry a query string (…/suggest/?game=legions).
     data-combobox-param    optional, default "q".
     data-combobox-min      optional, default 1: fewer characters than this suggest nothing.
     data-combobox-pattern  optional: a regular expression the text must match to ask for suggestions (the
                            catalogue's search box only asks for plain names, not for t:minion).
   Item: {"name": text shown (required), "label": shown instead of name if present, "detail": a second line
         (default: reading · type_label), "url": where choosing it goes, …anything else}.

   Keyboard (on the input): ArrowDown / ArrowUp open the list and move through it (wrapping); Enter chooses the
   active option (and only then stops the form's submit); Escape closes the list (a second Escape clears the
   text); Tab closes it. A click or tap on an option chooses it.

   Choosing dispatches a bubbling, cancelable CustomEvent "combobox:select" on the input, detail = the item's
   JSON. Unless a listener calls preventDefault(), the page then navigates to item.url when it has one.

   Inputs present at load and inputs added later by htmx (htmx:load) are enhanced automatically;
   window.ShinpanCombobox.attach(input) enhances one by hand. Attaching twice is harmless. */
(function () {
  "use strict";
  var DELAY_MS = 150;
  var counter = 0;
  var TEXT = {
    en: { nomatch: function (q) { return "No card matches “" + q + "”."; }, none: "No suggestions", some: function (n) { return n === 1 ? "1 suggestion; use the arrow keys to choose" : n + " suggestions; use the arrow keys to choose"; }, label: "Suggestions" },
    ja: { nomatch: function (q) { return "「" + q + "」に合うカードはありません。"; }, none: "候補はありません", some: function (n) { return "候補 " + n + " 件。矢印キーで選べます"; }, label: "候補" }
  };

  function words() { return (document.documentElement.lang || "en").indexOf("ja") === 0 ? TEXT.ja : TEXT.en; }

  function attach(input) {
    if (!input || input.dataset.comboboxReady === "1") { return; }
    input.dataset.comboboxReady = "1";
    var id = input.id || ("combobox-" + (++counter));
    input.id = id;
    var wrapper = input.parentElement;
    wrapper.classList.add("combobox");
    var list = document.createElement("ul");
    list.id = id + "-listbox";
    list.className = "combobox-listbox";
    list.setAttribute("role", "listbox");
    list.setAttribute("aria-label", words().label);  // not the input's label: one name, one control
    list.hidden = true;
    var status = document.createElement("div");
    status.className = "visually-hidden";
    status.setAttribute("role", "status");
    var empty = document.createElement("p");  // said on screen too: nothing matches what was typed
    empty.className = "combobox-empty help";
    empty.hidden = true;
    wrapper.appendChild(list);
    wrapper.appendChild(status);
    wrapper.appendChild(empty);

    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", list.id);
    input.setAttribute("autocomplete", "off");

    var items = [];
    var active = -1;
    var timer = null;
    var controller = null;
    var pattern = input.dataset.comboboxPattern ? new RegExp(input.dataset.comboboxPattern) : null;
    var minimum = parseInt(input.dataset.comboboxMin || "1", 10);

    function open() {
      if (!items.length) { return; }
      list.hidden = false;
      input.setAttribute("aria-expanded", "true");
    }
    function close() {
      list.hidden = true;
      input.setAttribute("aria-expanded", "false");
      setActive(-1);
    }
    function setActive(index) {
      var options = list.children;
      for (var i = 0; i < options.length; i++) {
        options[i].setAttribute("aria-selected", i === index ? "true" : "false");
        options[i].classList.toggle("is-active", i === index);
      }
      active = index;
      if (index >= 0 && options[index]) {
        input.setAttribute("aria-activedescendant", options[index].id);
        options[index].scrollIntoView({ block: "nearest" });
      } else {
        input.removeAttribute("aria-activedescendant");
      }
    }
    function render(results) {
      items = results;
      list.textContent = "";
      results.forEach(function (item, index) {
        var option = document.createElement("li");
        option.id = list.id + "-" + index;
        option.className = "combobox-option";
        option.setAttribute("role", "option");
        option.setAttribute("aria-selected", "false");
        var name = document.createElement("span");
        name.className = "combobox-name";
        name.textContent = item.label || item.name;
        option.appendChild(name);
        var detail = item.detail || [item.reading, item.type_label].filter(Boolean).join(" · ");
        if (detail) {
          var small = document.createElement("span");
          small.className = "combobox-detail";
          small.textContent = detail;
          option.appendChild(small);
        }
        option.addEventListener("mousedown", function (event) { event.preventDefault(); });  // keep the focus
        option.addEventListener("click", function () { choose(index); });
        list.appendChild(option);
      });
      active = -1;
      status.textContent = results.length ? words().some(results.length) : (input.value.trim() ? words().none : "");
      empty.hidden = results.length > 0 || !input.value.trim();
      empty.textContent = empty.hidden ? "" : words().nomatch(input.value.trim());
      if (results.length && document.activeElement === input) { open(); } else { close(); }
    }
    function choose(index) {
      var item = items[index];
      if (!item) { return; }
      close();
      var event = new CustomEvent("combobox:select", { detail: item, bubbles: true, cancelable: true });
      if (input.dispatchEvent(event) && item.url) { window.location.assign(item.url); }
    }
    function fetchSuggestions() {
      var text = input.value.trim();
      if (controller) { controller.abort(); }
      if (text.length < minimum || (pattern && !pattern.test(text))) { render([]); return; }
      controller = window.AbortController ? new AbortController() : null;
      var url = new URL(input.dataset.comboboxUrl, window.location.href);
      url.searchParams.set(input.dataset.comboboxParam || "q", text);
      fetch(url.toString(), { headers: { Accept: "application/json" }, signal: controller && controller.signal })
        .then(function (response) { return response.ok ? response.json() : { results: [] }; })
        .then(function (body) { if (input.value.trim() === text) { render(body.results || []); } })
        .catch(function () { /* aborted or offline: keep the list as it is */ });
    }

    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(fetchSuggestions, DELAY_MS);
    });
    input.addEventListener("keydown", function (event) {
      var expanded = !list.hidden;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        if (!items.length) { return; }
        event.preventDefault();
        if (!expanded) { open(); }
        var step = event.key === "ArrowDown" ? 1 : -1;
        var next = active + step;
        if (next >= items.length) { next = 0; }
        if (next < 0) { next = items.length - 1; }
        setActive(next);
      } else if (event.key === "Enter") {
        if (expanded && active >= 0) {
          event.preventDefault();
          event.stopPropagation();
          choose(active);
        } else {
          close();
        }
      } else if (event.key === "Escape") {
        if (expanded) { event.preventDefault(); close(); } else if (input.value) { input.value = ""; render([]); }
      } else if (event.key === "Tab") {
        close();
      }
    });
    input.addEventListener("blur", function () { setTimeout(close, 100); });
    input.addEventListener("focus", function () { if (items.length && input.value.trim()) { open(); } });
  }

  function attachAll(root) {
    var scope = root && root.querySelectorAll ? root : document;
    if (scope.matches && scope.matches("[data-combobox-url]")) { attach(scope); }
    Array.prototype.forEach.call(scope.querySelectorAll("[data-combobox-url]"), attach);
  }

  window.ShinpanCombobox = { attach: attach };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { attachAll(document); });
  } else {
    attachAll(document);
  }
  document.addEventListener("htmx:load", function (event) { attachAll(event.target); });
})();
