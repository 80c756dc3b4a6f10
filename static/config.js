/* The page's settings (language, texts, room code) from the JSON block in
   base.html: the Content-Security-Policy allows no inline script. */
window.COMPANION = JSON.parse(document.getElementById("companion-config").textContent);
