#!/usr/bin/python3
"""The WebKit "browser" the WebKit tests drive: a window holding one
WebKitGTK web view (Debian's libwebkit2gtk-4.1 through PyGObject), started
by WebKitWebDriver once per WebDriver session in place of MiniBrowser.

Run by Debian's own Python (``/usr/bin/python3``: python3-gi and
gir1.2-webkit2-4.1, installed by ``scripts/setup --test``), never by the
project's venv.  WebKitWebDriver passes ``--automation`` and the session's
``webkitgtk:browserOptions.args``:

``--errors=FILE``  every page error, one line each, appended to FILE
``--lang=xx``      the languages the page is told (navigator.language,
                   Accept-Language), as a phone set to that language

Why not MiniBrowser: WebKit has no browser log a WebDriver client can
read, so the test installs its own error collector, and only the embedder
can run a script before the page's own (a user script at document start:
it is not the page's, so the page's CSP does not apply to it, and nothing of
the server changes).  MiniBrowser also keeps its toolbar, which makes its
narrowest window 447 px wide; this window is only the page, so a phone's
390 px fits too.

Like iOS, media (and Web Audio) need a user gesture, and muted video may
play by itself."""
from __future__ import annotations

import ctypes
import signal
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gtk, WebKit2  # noqa: E402  (after require_version, as PyGObject asks)

#: runs in every frame before any of the page's scripts: what Chromium's
#: console and pageerror events would report, sent to the shell
COLLECTOR = r"""
(() => {
  const say = (kind, text) => {
    try { window.webkit.messageHandlers.companionError.postMessage(kind + ": " + text + " (" + location.href + ")"); }
    catch (e) { /* the shell is gone */ }
  };
  addEventListener("error", (e) => {
    const el = e.target;
    if (el && el !== window && el.tagName) say("resource failed", el.tagName + " " + (el.currentSrc || el.src || el.href || ""));
    else say("uncaught", e.message + " at " + e.filename + ":" + e.lineno + ":" + e.colno);
  }, true);
  addEventListener("unhandledrejection", (e) => {
    const r = e.reason;
    say("unhandled rejection", r && r.stack ? r.message + "\n" + r.stack : String(r));
  });
  document.addEventListener("securitypolicyviolation", (e) => say("CSP", e.violatedDirective + " blocked " + e.blockedURI));
  const error = console.error;
  console.error = function (...args) {
    say("console.error", args.map((a) => a && a.stack ? a.stack : String(a)).join(" "));
    return error.apply(this, args);
  };
  const fetch_ = window.fetch;
  if (fetch_) window.fetch = function (...args) {
    return fetch_.apply(this, args).then((answer) => {
      // Chromium's console reports every failed load: "Failed to load resource: 4xx/5xx"
      if (answer.status >= 400) say("failed to load resource", answer.status + " " + answer.url);
      return answer;
    });
  };
})();
"""


def main(argv: list[str]) -> None:
    # gone with the WebKitWebDriver that started it, however that one ends
    ctypes.CDLL(None).prctl(1, signal.SIGTERM)   # PR_SET_PDEATHSIG
    options = dict(a[2:].split("=", 1) for a in argv if a.startswith("--") and "=" in a)
    errors = open(options["errors"], "a", buffering=1) if "errors" in options else sys.stdout

    context = WebKit2.WebContext.new_ephemeral()   # every session a fresh phone
    context.set_automation_allowed(True)
    if options.get("lang"):
        context.set_preferred_languages([options["lang"]])

    scripts = WebKit2.UserContentManager()
    scripts.add_script(WebKit2.UserScript.new(
        COLLECTOR, WebKit2.UserContentInjectedFrames.ALL_FRAMES,
        WebKit2.UserScriptInjectionTime.START, None, None))
    scripts.register_script_message_handler("companionError")
    scripts.connect("script-message-received::companionError",
                    lambda _m, result: errors.write(result.get_js_value().to_string().replace("\n", " | ") + "\n"))

    settings = WebKit2.Settings()
    settings.set_media_playback_requires_user_gesture(True)   # as on iOS
    # no GPU under Xvfb: composited with OpenGL, WebKit draws every layer
    # with Mesa's software GL, and the keep-awake video each phone plays
    # while a game runs cost about 0.6 of a core per phone (a WebKit
    # play-through: 150 s of CPU in 108 s, 63 s in 62 s without). Pages
    # lay out, hit-test and run the same; only the painting differs.
    settings.set_hardware_acceleration_policy(WebKit2.HardwareAccelerationPolicy.NEVER)
    policies = WebKit2.WebsitePolicies(autoplay=WebKit2.AutoplayPolicy.ALLOW_WITHOUT_SOUND)
    windows = []

    def create_view(_session):
        view = WebKit2.WebView(web_context=context, user_content_manager=scripts, settings=settings,
                               website_policies=policies, is_controlled_by_automation=True)
        window = Gtk.Window(title="companion-webkit")
        window.connect("destroy", lambda *_: Gtk.main_quit())
        window.add(view)
        window.show_all()
        windows.append(window)
        return view

    def started(_context, session):
        info = WebKit2.ApplicationInfo.new()
        info.set_name("companion-webkit")
        info.set_version(WebKit2.get_major_version(), WebKit2.get_minor_version(), WebKit2.get_micro_version())
        session.set_application_info(info)
        session.connect("create-web-view", create_view)

    context.connect("automation-started", started)
    Gtk.main()


if __name__ == "__main__":
    main(sys.argv[1:])
