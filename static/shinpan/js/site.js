/* Shinpan: behaviour shared by every page (menu, notices, dialogs, language switch). No framework; htmx does
   the requests. Window.Shinpan.toast(message, level) shows a notice that fades after 6 s. */
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  function toast(message, level) {
    var box = document.getElementById("toasts");
    if (!box) { return; }
    var note = document.createElement("div");
    note.className = "notification toast is-light is-" + (level === "error" ? "danger" : (level || "info"));
    note.setAttribute("role", level === "error" || level === "danger" ? "alert" : "status");
    var close = document.createElement("button");
    close.type = "button"; close.className = "delete"; close.setAttribute("data-dismiss", "");
    close.setAttribute("aria-label", document.documentElement.lang === "ja" ? "閉じる" : "Dismiss");
    note.appendChild(close);
    note.appendChild(document.createTextNode(message));
    box.appendChild(note);
    setTimeout(function () { note.remove(); }, 6000);
  }
  window.Shinpan = { toast: toast };
  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!(target instanceof Element)) { return; }
    var burger = target.closest("[data-toggle-menu]");
    if (burger) {
      var menu = document.getElementById(burger.getAttribute("aria-controls"));
      var open = burger.getAttribute("aria-expanded") !== "true";
      burger.setAttribute("aria-expanded", String(open));
      burger.classList.toggle("is-active", open);
      if (menu) { menu.classList.toggle("is-active", open); }
    }
    if (target.closest("[data-dismiss]")) { target.closest(".notification").remove(); }
    var opener = target.closest("[data-open-dialog]");
    if (opener) {
      var dialog = document.getElementById(opener.getAttribute("data-open-dialog"));
      if (dialog && dialog.showModal) { dialog.showModal(); }
    }
    if (target.closest("[data-close-dialog]")) { target.closest("dialog").close(); }
  });
  // docs/dice.md: a player's share of the dice seed; an empty share is filled with 128 random bits on submit.
  document.addEventListener("submit", function (event) {
    event.target.querySelectorAll("input[data-entropy]").forEach(function (input) {
      if (input.value.trim() || !window.crypto || !window.crypto.getRandomValues) return;
      var bytes = window.crypto.getRandomValues(new Uint8Array(16));
      input.value = Array.prototype.map.call(bytes, function (b) { return (b < 16 ? "0" : "") + b.toString(16); }).join("");
    });
  }, true);

  // A choice that shows parts of its form (select[data-switch]): only the parts for the value chosen show
  // (elements [data-switch-for="<the select's name>"][data-when="<values, space-separated>"]); the hidden parts'
  // fields are disabled, so not sent.
  function switchParts(select) {
    if (!select.form) return;
    select.form.querySelectorAll('[data-switch-for="' + select.name + '"]').forEach(function (part) {
      var shown = part.getAttribute("data-when").split(" ").indexOf(select.value) >= 0;
      part.hidden = !shown;
      part.querySelectorAll("input, select, textarea").forEach(function (field) { field.disabled = !shown; });
    });
  }
  document.querySelectorAll("select[data-switch]").forEach(switchParts);
  // Copy buttons ([data-copy="<id of the field>"]): the field's text to the clipboard, and a word that it was.
  document.addEventListener("click", function (event) {
    var button = event.target instanceof Element ? event.target.closest("[data-copy]") : null;
    if (!button) return;
    var field = document.getElementById(button.getAttribute("data-copy"));
    if (!field) return;
    field.select();
    var done = function () { toast(button.getAttribute("data-copied") || "Copied", "success"); };
    if (navigator.clipboard && window.isSecureContext) { navigator.clipboard.writeText(field.value).then(done); }
    else if (document.execCommand && document.execCommand("copy")) { done(); }
  });
  document.addEventListener("change", function (event) {
    if (event.target instanceof Element && event.target.matches("[data-autosubmit]")) { event.target.form.submit(); }
    if (event.target instanceof Element && event.target.matches("[data-switch]")) { switchParts(event.target); }
  });
})();
