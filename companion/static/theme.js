/* The theme: light or dark, following prefers-color-scheme unless the
   table's switch chose one (issue #28).  Sets data-theme on <html>; the
   palette in app.css (and table.css) follows it, and without it the media
   query rules.  The choice is this device's: kept in localStorage, read on
   every page that loads the shared scripts. */
(function () {
  "use strict";
  const K = window.Companion = window.Companion || {};
  const KEY = "companion.theme";
  const CHOICES = ["auto", "dark", "light"];   // the switch goes round in this order

  function stored() {
    try {
      const v = localStorage.getItem(KEY);
      return CHOICES.includes(v) ? v : "auto";
    } catch (e) { return "auto"; }
  }
  function apply(choice) {
    const root = document.documentElement;
    if (choice === "light" || choice === "dark") root.setAttribute("data-theme", choice);
    else root.removeAttribute("data-theme");
  }
  function choose(choice) {
    try {
      if (choice === "auto") localStorage.removeItem(KEY); else localStorage.setItem(KEY, choice);
    } catch (e) { /* private mode: the choice lasts this page */ }
    apply(choice);
    label();
  }
  // the switch's words: what it is now (the next tap goes on round)
  function label() {
    const button = document.getElementById("theme-switch");
    if (!button || !K.t) return;
    const now = document.documentElement.getAttribute("data-theme") || "auto";
    button.textContent = K.t("page.theme_" + now);
    button.setAttribute("aria-label", K.t("page.theme_label", {now: K.t("page.theme_" + now)}));
    button.dataset.theme = now;
  }
  function next() {
    const now = document.documentElement.getAttribute("data-theme") || "auto";
    choose(CHOICES[(CHOICES.indexOf(now) + 1) % CHOICES.length]);
  }

  apply(stored());
  // another tab of this device chose: follow it
  window.addEventListener("storage", (e) => { if (e.key === KEY) { apply(stored()); label(); } });
  function wire() {
    const button = document.getElementById("theme-switch");
    if (button && !button.dataset.wired) {
      button.dataset.wired = "1";
      button.addEventListener("click", next);
    }
    label();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire); else wire();

  K.theme = Object.assign(K.theme || {}, {choose, current: () => document.documentElement.getAttribute("data-theme") || "auto"});
})();
