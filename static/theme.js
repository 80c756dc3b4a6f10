/* The theme: light or dark, following prefers-color-scheme unless the
   table's switch chose one (issue #28).  Sets data-theme on <html>. */
(function () {
  "use strict";
  const K = window.Companion = window.Companion || {};
  K.theme = K.theme || {};
})();
