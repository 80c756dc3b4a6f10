/* The start page: join a room by its code, or pick a game and its options,
   create the room, keep the host token on this device and go to the table
   screen.  Option and choice labels and a one-line help come with
   /api/games (the game's option.<name>, option.<name>.<choice> and
   option.<name>.help texts); forms.js draws the inputs. */
(function () {
  "use strict";
  const K = window.Companion, page = K.page;
  const list = document.getElementById("game-list"), optionsEl = document.getElementById("options");
  let games = [], chosen = null;

  const tt = (key) => K.t(key);
  /* --- join by typing the code ---------------------------------------------- */
  const code = document.getElementById("room-code");
  document.getElementById("join-room-title").textContent = tt("page.join_room");
  document.getElementById("join-room-go").textContent = tt("page.join_go");
  document.getElementById("join-room-hint").textContent = tt("page.join_hint");
  code.placeholder = "ABCDE";
  code.oninput = () => { code.value = code.value.toUpperCase().replace(/[^A-Z]/g, "").slice(0, 5); };
  document.getElementById("join-room").onsubmit = (e) => {
    e.preventDefault();
    const value = code.value.trim().toUpperCase();
    if (!/^[A-Z]{5}$/.test(value)) { code.reportValidity(); return; }
    location.href = `/j/${value}`;
  };

  /* --- create a room ---------------------------------------------------------- */
  /* The game's options and the room's own: explain mode (issue #29), on
     for a room's first game (a new room has played nothing yet). */
  function withRoomOptions(game) {
    const explain = {name: "explain", kind: "bool", default: true,
      label: K.t("option.explain"), help: K.t("option.explain.help")};
    return Object.assign({}, game, {options: game.options.concat([explain])});
  }
  /* The player range the options make (issue #45: HOAX's "Large group" takes
     3–14): /api/games lists it per combination of the options that change it. */
  function playerRange(game, options) {
    const value = (name) => {
      if (name in options) return options[name];
      const opt = game.options.find((o) => o.name === name);
      return opt ? opt.default : undefined;
    };
    const found = (game.player_ranges || []).find((r) =>
      Object.keys(r.options).every((name) => value(name) === r.options[name]));
    return found || game.players;
  }
  function playersText(game, options) {
    const range = playerRange(game, options || {});
    return K.t("page.players", {min: range.min, max: range.max});
  }
  function showRange() {
    const game = games.find((g) => g.name === chosen);
    const small = list.querySelector(`button[data-game="${CSS.escape(chosen)}"] small`);
    if (game && small) small.textContent = playersText(game, readOptions());
  }
  function drawOptions() {
    const game = withRoomOptions(games.find((g) => g.name === chosen));
    optionsEl.innerHTML = `<h3>${K.esc(K.t("page.options"))}</h3>` + K.optionInputs(game);
    // another game chosen: the others show their range at their defaults again
    list.querySelectorAll("button[data-game]").forEach((b) => {
      const other = games.find((g) => g.name === b.dataset.game);
      b.querySelector("small").textContent = playersText(other, {});
    });
    showRange();
  }
  optionsEl.addEventListener("change", showRange);
  optionsEl.addEventListener("input", showRange);
  function readOptions() {
    return K.readOptionInputs(optionsEl, withRoomOptions(games.find((g) => g.name === chosen)));
  }
  /* The games with their options, labels in this language (/api/games).
     A request that fails (the server restarting, a busy network) says so
     and asks again: the page never stays empty without a word. */
  function loadGames() {
    fetch(`/api/games?lang=${page.lang}`).then((r) => {
      if (!r.ok) throw new Error(String(r.status));
      return r.json();
    }).then(showGames, () => {
      list.innerHTML = `<p class="hint">${K.esc(tt("page.games_retry"))}</p>`;
      setTimeout(loadGames, 2000);
    });
  }
  loadGames();
  function showGames(answer) {
    games = answer.games;
    list.innerHTML = games.map((g) => `<button type="button" class="choice game" data-game="${K.esc(g.name)}">
      <strong>${K.esc(g.title)}</strong><small>${K.esc(playersText(g, {}))}</small></button>`).join("");
    list.querySelectorAll("button").forEach((b) => {
      b.onclick = () => { chosen = b.dataset.game; list.querySelectorAll("button").forEach((x) => x.classList.toggle("on", x === b)); drawOptions(); };
    });
    if (games.length) list.querySelector("button").click();
  }
  document.getElementById("create-form").onsubmit = async (e) => {
    e.preventDefault();
    const r = await fetch("/api/rooms", {method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({game: chosen, options: readOptions()})});
    const answer = await r.json();
    if (!r.ok) { K.toast(answer.error.message); return; }
    localStorage.setItem("companion:host:" + answer.code, answer.host_token);
    location.href = `/t/${answer.code}`;
  };
})();
