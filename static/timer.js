/* The host's per-step timer on the table and on the phone of whoever is
   awaited (issue #28).  table.js and phone.js call K.timer.table(view) and
   K.timer.phone(view) on every view. */
(function () {
  "use strict";
  const K = window.Companion = window.Companion || {};
  K.timer = K.timer || {table() {}, phone() {}};
})();
