/* A player's phone: join (or rejoin with a one-time link), then this seat's
   view: the secret behind hold-to-reveal, what to do now, the log. */
(function () {
  "use strict";
  const C = window.COMPANION, K = window.Companion;
  const $ = (id) => document.getElementById(id);
  const key = "companion:seat:" + C.code;
  $("lang-switch").onclick = K.switchLang;
  let conn, lastView = null, hadTodo = false;

  async function post(url, body) {
    const r = await fetch(url + `?lang=${C.lang}`, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
    return r.json();
  }

  async function start() {
    const params = new URLSearchParams(location.search);
    const claim = params.get("claim");
    if (claim) {
      const answer = await post(`/api/rooms/${C.code}/seats`, {claim});
      history.replaceState(null, "", location.pathname);
      if (answer.token) localStorage.setItem(key, answer.token);
      else return gone(answer.error.message);
    }
    const token = localStorage.getItem(key);
    if (!token) return showJoin();
    play(token);
  }

  function showJoin() {
    $("join-form").hidden = false;
    $("name").focus();
    $("join-form").onsubmit = async (e) => {
      e.preventDefault();
      const answer = await post(`/api/rooms/${C.code}/seats`, {name: $("name").value});
      if (answer.token) { localStorage.setItem(key, answer.token); $("join-form").hidden = true; play(answer.token); }
      else { $("join-error").hidden = false; $("join-error").textContent = answer.error.message; }
    };
  }

  function gone(message) {
    $("play").hidden = true; $("join-form").hidden = true;
    $("gone").hidden = false; $("gone").textContent = message;
  }

  function secretHtml(view) {
    const secret = view.you && view.you.secret;
    if (!secret) return null;
    const u = K.ui(view);
    return Object.entries(secret).map(([k, v]) => {
      const label = u.t("field." + k);
      const value = Array.isArray(v) ? v.map((x) => K.valueLabel(view, k, x)).join(", ")
        : (v && typeof v === "object") ? Object.entries(v).map(([a, b]) => `${K.valueLabel(view, k, a)}: ${K.valueLabel(view, k, b)}`).join(" · ")
        : K.valueLabel(view, k, v);
      return `<div class="secret-item" data-key="${K.esc(k)}"><small>${K.esc(label)}</small><strong class="value-${K.esc(String(v))}">${K.esc(value)}</strong></div>`;
    }).join("");
  }

  let revealed = false;
  function drawSecret() {
    const html = lastView && secretHtml(lastView);
    $("secret").hidden = !html;
    $("secret-body").innerHTML = revealed && html ? html : K.esc(K.t("page.hidden"));
    $("secret-body").classList.toggle("shown", revealed);
  }
  K.holdToReveal($("hold"), $("secret-body"), (on) => { revealed = on; drawSecret(); });

  function onView(view) {
    lastView = view;
    $("play").hidden = false;
    $("me").textContent = K.t("page.you_are", {name: view.you ? view.you.name : ""});
    drawSecret();
    K.renderGame(view, $("game-area"), "phone");
    const todo = view.actions.filter((a) => !["rename", "leave"].includes(a.type));
    K.renderActions(view, $("actions"), (a) => conn.send(a), {skip: view.status === "playing" ? ["rename"] : []});
    $("todo").textContent = view.status === "finished" ? K.renderStatus(view)
      : todo.length ? K.t("page.your_turn") : (view.status === "lobby" ? K.t("page.start_hint") : K.t("page.nothing_to_do"));
    $("todo").className = "todo" + (todo.length ? " now" : "");
    if (todo.length && !hadTodo) K.vibrate();
    hadTodo = todo.length > 0;
    K.renderSeats(view, $("seats"));
    K.renderLog(view, $("log"));
    K.keepAwake(view.status === "playing");
  }

  function play(token) {
    conn = K.connect(token, onView, (error) => {
      if (error.code === "bad_token") { localStorage.removeItem(key); gone(K.t("page.seat_gone")); }
      else if (error.code === "no_room") gone(K.t("page.room_gone"));
      else gone(error.message);
    });
  }
  start();
})();
