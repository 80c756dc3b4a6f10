/* The page's settings (language, texts, room code) from the JSON block in
   base.html (the Content-Security-Policy allows no inline script), as
   Companion.page: the one global of the pages is Companion. */
window.Companion = {page: JSON.parse(document.getElementById("companion-config").textContent), games: {}};
