/* Deck pages (owned by the decks area): adding the card chosen in the name box, card previews on tap, copy
   buttons. Everything here is an enhancement: without JavaScript the add form posts the typed name, +/− are
   forms, "Draw again" is a link, and names link to the card pages.

   The name box is the site's ARIA 1.2 combobox (static/shinpan/js/combobox.js, loaded before this file): it
   shows the suggestions of /decks/<id>/suggest/ and dispatches "combobox:select" with the chosen item; here the
   choice fills the form's card id and submits it (htmx), so Enter on a suggestion adds the card. Enter with no
   suggestion chosen posts the typed name: the server adds it or answers with the closest names. */
(function () {
  "use strict";

  function toast(message, level) {
    if (window.Shinpan && window.Shinpan.toast) { window.Shinpan.toast(message, level); }
  }

  function addFrom(form) {
    if (form.requestSubmit) { form.requestSubmit(); } else { form.submit(); }
  }

  function setUp(root) {
    (root || document).querySelectorAll("input[data-deck-combobox]").forEach(function (input) {
      if (input.getAttribute("data-deck-ready")) { return; }
      input.setAttribute("data-deck-ready", "1");
      if (window.ShinpanCombobox) { window.ShinpanCombobox.attach(input); }  // harmless if already attached
      var field = input.form.querySelector("input[name=card]");
      input.addEventListener("input", function () { if (field) { field.value = ""; } });  // text changed: no card
      input.addEventListener("keydown", function (event) {
        if (event.key === "Escape" && field) { field.value = ""; }
      });
      input.addEventListener("combobox:select", function (event) {
        event.preventDefault();  // add the card here instead of opening its page
        if (field && event.detail && event.detail.id) { field.value = String(event.detail.id); }
        if (event.detail && event.detail.name) { input.value = event.detail.name; }
        addFrom(input.form);
      });
    });
  }

  // After a card is added (the feedback carries data-ok), empty the box for the next name and keep typing there.
  document.addEventListener("htmx:afterSettle", function () {
    var feedback = document.getElementById("add-feedback");
    var input = document.querySelector("input[data-deck-combobox]");
    if (feedback && input && feedback.hasAttribute("data-ok")) {
      feedback.removeAttribute("data-ok");
      input.value = "";
      var field = input.form.querySelector("input[name=card]");
      if (field) { field.value = ""; }
      input.focus();
    }
  });

  // Phones (no hover): the first tap on a card name shows its face under the row; the second opens the card page.
  var touch = window.matchMedia && window.matchMedia("(hover: none)").matches;
  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!(target instanceof Element)) { return; }
    var name = target.closest("[data-preview]");
    if (name && touch) {
      var row = name.closest(".deck-entry");
      if (row && !row.classList.contains("is-previewing")) {
        event.preventDefault();
        document.querySelectorAll(".deck-entry.is-previewing").forEach(function (other) { other.classList.remove("is-previewing"); });
        row.classList.add("is-previewing");
        name.setAttribute("aria-expanded", "true");
        return;
      }
    }
    var copy = target.closest("[data-copy-url],[data-copy-text]");
    if (copy) {
      var text = copy.hasAttribute("data-copy-text") ? Promise.resolve(copy.getAttribute("data-copy-text"))
        : fetch(copy.getAttribute("data-copy-url"), { credentials: "same-origin" }).then(function (r) { return r.text(); });
      text.then(function (value) { return navigator.clipboard.writeText(value); })
        .then(function () { toast(copy.getAttribute("data-copied"), "success"); })
        .catch(function () { toast(copy.getAttribute("data-copy-failed"), "error"); });
    }
  });

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form instanceof HTMLFormElement && form.hasAttribute("data-confirm") && !window.confirm(form.getAttribute("data-confirm"))) {
      event.preventDefault();
    }
  }, true);

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { setUp(); });
  } else { setUp(); }
})();
