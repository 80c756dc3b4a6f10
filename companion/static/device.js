/* The device: keeping the screen awake, vibrating, the your-move cue and
   the table's chime (Web Audio, no sound file), the phone's sound switch,
   the "add to home screen" offer, switching the language, adopting a
   renderer's stylesheet. */
(function () {
  "use strict";
  const K = window.Companion;
  const page = K.page;   // this page's settings (static/config.js)

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

  adoptStyle("device", `
    .keepawake { position: fixed; left: 0; bottom: 0; width: 4px; height: 4px; opacity: .01;
      pointer-events: none; z-index: -1; }
    .awake-note { display: block; width: 100%; min-height: 44px; margin: .4em 0; padding: .5em .8em;
      font-size: .85rem; text-align: left; font-weight: normal; border-radius: 10px;
      background: #efe9dc; color: #5a6670; }
    .sound-switch { white-space: nowrap; }
    .sound-switch[aria-checked="false"] { opacity: .75; text-decoration: line-through; }
    .install-offer { width: 100%; margin-top: .6em; }
    form[hidden] + .install-offer { display: none; }`);

  /* The first tap, click or key of the page: what browsers only allow
     after one (sound, a video that would not start) runs then.  Every
     hook stays until it says it is done. */
  const onGesture = new Set();
  function gesture() {
    // only an event that carries the user's activation (a touch's pointerup
    // may come before it does: then its touchend or click)
    if (navigator.userActivation && !navigator.userActivation.isActive) return;
    onGesture.forEach((hook) => { if (hook()) onGesture.delete(hook); });
  }
  ["touchend", "pointerup", "click", "keydown"].forEach((type) =>
    document.addEventListener(type, gesture, {capture: true, passive: true}));

  /* --- keep the screen awake while a game runs ------------------------------ */
  /* The Wake Lock API where the page is a secure context (https, localhost);
     else (plain http on the LAN) a real muted, inline, looping video of
     black frames (static/media, made by scripts/make-assets), which phones
     treat as a film being watched.  When neither works the page says so
     once, quietly. */
  let wakeLock = null, keepAwakeOn = false, noted = false, video = null;
  async function keepAwake(on) {
    keepAwakeOn = on;
    if (!on) {
      if (wakeLock) { const lock = wakeLock; wakeLock = null; lock.release().catch(() => {}); }
      if (video) video.pause();
      document.documentElement.dataset.awake = "off";
      return;
    }
    if ("wakeLock" in navigator && window.isSecureContext) {
      try {
        if (!wakeLock) {
          const lock = await navigator.wakeLock.request("screen");
          if (!keepAwakeOn) { lock.release().catch(() => {}); return; }
          wakeLock = lock;
          lock.addEventListener("release", () => { if (wakeLock === lock) wakeLock = null; });
        }
        document.documentElement.dataset.awake = "lock";
        return;
      } catch (e) { /* not allowed here (or not now): the video instead */ }
    }
    playVideo();
  }
  function awakeVideo() {
    if (video) return video;
    video = document.createElement("video");
    video.id = "keepawake"; video.className = "keepawake";
    video.muted = true; video.defaultMuted = true; video.loop = true; video.playsInline = true;
    ["muted", "playsinline", "loop", "disableremoteplayback"].forEach((name) => video.setAttribute(name, ""));
    video.setAttribute("aria-hidden", "true"); video.tabIndex = -1;
    video.preload = "auto";
    const types = {webm: "video/webm", mp4: "video/mp4"};
    (page.awake || []).forEach((src) => {
      const source = document.createElement("source");
      source.src = src; source.type = types[src.split("?")[0].split(".").pop()] || "";
      video.append(source);
    });
    const last = video.querySelector("source:last-child");
    // every source failed (missing, or no format this browser plays)
    if (last) last.addEventListener("error", () => cannotKeepAwake());
    document.body.append(video);
    return video;
  }
  let waitsForTap = false, tapped = false;
  function playVideo() {
    const v = awakeVideo();
    if (!v.querySelector("source")) { cannotKeepAwake(); return; }
    v.play().then(() => {
      if (!keepAwakeOn) { v.pause(); return; }
      document.documentElement.dataset.awake = "video";
    }, (err) => {
      if (!keepAwakeOn) return;
      // a browser that wants a tap first gets another try at the next one;
      // refused after a tap as well, or unplayable: it cannot be done here
      if (err && err.name === "NotAllowedError" && !tapped) {
        if (!waitsForTap) {
          waitsForTap = true;
          onGesture.add(() => { tapped = true; waitsForTap = false; if (keepAwakeOn) playVideo(); return true; });
        }
      } else if (!(err && err.name === "AbortError")) cannotKeepAwake();
    });
  }
  /* The one quiet note: a line under the page's top bar, gone at a tap. */
  function cannotKeepAwake() {
    document.documentElement.dataset.awake = "failed";
    if (noted || !keepAwakeOn) return;
    noted = true;
    const note = document.createElement("button");
    note.type = "button"; note.id = "awake-note"; note.className = "awake-note";
    note.setAttribute("role", "status");
    note.textContent = K.t("device.awake_failed");
    note.onclick = () => note.remove();
    const top = document.querySelector("main > header.top");
    if (top) top.after(note); else document.body.prepend(note);
  }
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && keepAwakeOn) keepAwake(true);
  });

  /* --- sound: the your-move cue and the table's chime -------------------- */
  /* One AudioContext, made and resumed at the page's first tap (browsers
     start sound only from a gesture; a silent blip unlocks iOS), and
     suspended again a moment after each sound: a running context renders
     silence all evening long (a phone's battery; in a traced test game
     Chromium's audio threads took 2.3 s of CPU, resting 0.65 s).  Once a
     tap has unlocked it, the page may resume it without one (Chrome: the
     page has been activated; WebKit: the tap lifted its gesture
     restriction for good). */
  let audio = null, unlocked = false, rest = null, restAt = 0;
  function context() {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!audio && Ctx) { try { audio = new Ctx(); } catch (e) { audio = null; } }
    return audio;
  }
  onGesture.add(() => {
    if (unlocked) return true;
    const ctx = context();
    if (!ctx) return true;
    ctx.resume().then(() => {
      unlocked = true;
      document.documentElement.dataset.sound = "ready";
      quietAfter(ctx, 0);
    }, () => {});
    try {
      const blip = ctx.createBufferSource();
      blip.buffer = ctx.createBuffer(1, 1, ctx.sampleRate);
      blip.connect(ctx.destination); blip.start(0);
    } catch (e) { /* nothing to unlock */ }
    return false;   // done when the resume has come through (else again at the next tap)
  });
  /* Suspends ``ctx`` once ``seconds`` of sound (and a margin) are over,
     unless a sound still playing then (or one coming first) ends later. */
  function quietAfter(ctx, seconds) {
    const at = Date.now() + (seconds + 0.5) * 1000;
    if (rest && at <= restAt) return;
    clearTimeout(rest);
    restAt = at;
    rest = setTimeout(() => {
      rest = null;
      if (ctx.state === "running") ctx.suspend().catch(() => {});
    }, at - Date.now());
  }
  /* Notes: [frequency Hz, start s, length s, loudness 0..1]. */
  function tones(notes, type) {
    const ctx = audio;
    if (!ctx) return false;   // no tap yet: no sound
    quietAfter(ctx, Math.max(...notes.map(([, at, length]) => at + length)));
    if (ctx.state === "running") play(ctx, notes, type);
    else ctx.resume().then(() => play(ctx, notes, type), () => {});
    return true;
  }
  function play(ctx, notes, type) {
    const now = ctx.currentTime + 0.01;
    notes.forEach(([freq, at, length, loud]) => {
      const osc = ctx.createOscillator(), gain = ctx.createGain();
      osc.type = type; osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + at);
      gain.gain.exponentialRampToValueAtTime(loud, now + at + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + at + length);
      osc.connect(gain); gain.connect(ctx.destination);
      osc.start(now + at); osc.stop(now + at + length + 0.02);
    });
  }

  /* The phone's sound switch, kept on this phone (localStorage). */
  const MUTE_KEY = "companion:muted";
  function muted() {
    try { return localStorage.getItem(MUTE_KEY) === "1"; } catch (e) { return false; }
  }
  function setMuted(on) {
    try { if (on) localStorage.setItem(MUTE_KEY, "1"); else localStorage.removeItem(MUTE_KEY); } catch (e) { /* private mode */ }
  }
  /* The "your move" cue: two short rising notes, unless this phone is
     muted.  Returns whether it sounded. */
  function cue() {
    if (muted()) return false;
    return tones([[660, 0, 0.11, 0.25], [880, 0.12, 0.16, 0.25]], "triangle");
  }
  /* The table's soft chime for a decisive moment.  ``on``: the host's
     setting (the chime sounds only when it is truthy); nothing else is
     asked (not the phone's mute switch).  Returns whether it sounded. */
  function chime(on) {
    if (!on) return false;
    return tones([[784, 0, 0.9, 0.12], [1175, 0.08, 1.1, 0.08], [1568, 0.16, 1.3, 0.05]], "sine");
  }
  /* A switch (button) for the cue: one tap turns it on or off. */
  function soundSwitch(button) {
    const draw = () => {
      const on = !muted();
      button.setAttribute("role", "switch");
      button.setAttribute("aria-checked", String(on));
      button.setAttribute("aria-label", K.t("device.sound_label"));
      button.title = K.t("device.sound_label");
      button.textContent = K.t(on ? "device.sound_on" : "device.sound_off");
    };
    button.classList.add("sound-switch");
    button.onclick = () => {
      setMuted(!muted());
      draw();
      if (!muted()) cue();   // what it sounds like (this tap has unlocked the sound)
    };
    draw();
  }

  /* A buzz only once the page has had a user gesture: before it, Chrome
     refuses the call and says so in the console ("Blocked call to
     navigator.vibrate", issue #45), e.g. on a phone that was seated and laid
     down untouched. navigator.userActivation where the browser has it, else
     the first touch, click or key seen here. */
  let gestured = false;
  ["pointerdown", "touchend", "keydown"].forEach((type) =>
    window.addEventListener(type, () => { gestured = true; }, {capture: true, passive: true}));
  function activated() {
    const activation = navigator.userActivation;
    return activation ? activation.hasBeenActive : gestured;
  }
  /* Returns whether it buzzed: an iPhone has no navigator.vibrate (issue
     #42), and a caller whose only signal is the buzz sounds the cue instead. */
  function vibrate() {
    if (!(navigator.vibrate && activated())) return false;
    navigator.vibrate([120, 60, 120]);
    return true;
  }

  /* --- "add to home screen", where the browser offers it ------------------ */
  let installEvent = null;
  const installButtons = new Set();
  window.addEventListener("beforeinstallprompt", (e) => {
    e.preventDefault();   // no banner of the browser's own: our quiet button
    installEvent = e;
    installButtons.forEach(drawInstall);
  });
  window.addEventListener("appinstalled", () => { installEvent = null; installButtons.forEach(drawInstall); });
  function drawInstall(button) { button.hidden = !installEvent; }
  /* ``button`` shows while the browser can install the app; a tap asks. */
  function offerInstall(button) {
    installButtons.add(button);
    button.classList.add("install-offer");
    button.textContent = K.t("device.install");
    button.onclick = async () => {
      const e = installEvent;
      if (!e) return;
      installEvent = null;
      installButtons.forEach(drawInstall);
      try { await e.prompt(); } catch (err) { /* dismissed */ }
    };
    drawInstall(button);
  }

  document.querySelectorAll("button[data-install]").forEach(offerInstall);

  function switchLang(e) {
    e.preventDefault();
    const next = page.lang === "de" ? "en" : "de";
    const url = new URL(location.href); url.searchParams.set("lang", next);
    location.replace(url.toString());
  }

  Object.assign(K, {keepAwake, vibrate, cue, chime, soundSwitch, offerInstall, switchLang, adoptStyle});
})();
