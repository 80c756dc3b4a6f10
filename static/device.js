/* The device: keeping the screen awake, vibrating, switching the
   language, adopting a renderer's stylesheet. */
(function () {
  "use strict";
  const K = window.Companion;
  const page = K.page;   // this page's settings (static/config.js)

  /* --- keep the screen awake while a game runs ------------------------------ */
  let wakeLock = null, keepAwakeOn = false;
  async function keepAwake(on) {
    keepAwakeOn = on;
    if (!on) { if (wakeLock) { wakeLock.release(); wakeLock = null; } const v = document.getElementById("keepawake"); if (v) v.pause(); return; }
    if ("wakeLock" in navigator && window.isSecureContext) {
      try { if (!wakeLock) wakeLock = await navigator.wakeLock.request("screen"); wakeLock.addEventListener("release", () => { wakeLock = null; }); return; } catch (e) { /* fall back */ }
    }
    startVideoFallback();
  }
  function startVideoFallback() {
    const v = document.getElementById("keepawake");
    if (!v) return;
    // a silent looping video keeps most phones awake on plain http (a 1-pixel
    // canvas stream is enough); browsers only start it after a tap, so we retry on the next one
    if (!v.srcObject) v.srcObject = blankStream();
    const play = () => { if (keepAwakeOn) v.play().catch(() => {}); };
    play();
    document.addEventListener("pointerdown", play, {once: true});
  }
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible" && keepAwakeOn) keepAwake(true); });
  function blankStream() {
    try {
      const canvas = document.createElement("canvas"); canvas.width = canvas.height = 1;
      return canvas.captureStream ? canvas.captureStream(1) : null;
    } catch (e) { return null; }
  }

  /* A renderer's stylesheet, adopted once through the CSSOM: no <style>
     element and no style="" in the pages, so the CSP needs no 'unsafe-inline'. */
  const adopted = new Set();
  function adoptStyle(name, css) {
    if (adopted.has(name)) return;
    adopted.add(name);
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = document.adoptedStyleSheets.concat([sheet]);
  }

  function vibrate() { if (navigator.vibrate) navigator.vibrate([120, 60, 120]); }

  function switchLang(e) {
    e.preventDefault();
    const next = page.lang === "de" ? "en" : "de";
    const url = new URL(location.href); url.searchParams.set("lang", next);
    location.replace(url.toString());
  }

  Object.assign(K, {keepAwake, vibrate, switchLang, adoptStyle});
})();
