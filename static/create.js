/* The start page: join a room by its code, or pick a game and its options,
   create the room, keep the host token on this device and go to the table
   screen.  Option and choice labels come from the game's texts:
   option.<name> (the API's label), option.<name>.<choice>, and a one-line
   help option.<name>.help where the game has one. */
(function () {
  "use strict";
  const C = window.COMPANION, K = window.Companion;
  const list = document.getElementById("game-list"), optionsEl = document.getElementById("options");
  let games = [], chosen = null;
  const gameTexts = {};   // game -> its texts in this language

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
  async function textsOf(name) {
    if (!gameTexts[name]) {
      try {
        const r = await fetch(`/api/games/${encodeURIComponent(name)}/texts?lang=${C.lang}`);
        gameTexts[name] = r.ok ? (await r.json()).texts : {};
      } catch (e) { gameTexts[name] = {}; }
    }
    return gameTexts[name];
  }
  // a choice in words: the game's option.<name>.<choice>, a number as it is
  function choiceLabel(texts, opt, choice) {
    return texts[`option.${opt.name}.${choice}`] || String(choice);
  }
  function drawOptions() {
    const game = games.find((g) => g.name === chosen);
    const texts = gameTexts[game.name] || {};
    optionsEl.innerHTML = game.options.length ? `<h3>${K.esc(K.t("page.options"))}</h3>` : "";
    game.options.forEach((opt) => {
      const id = "opt-" + opt.name;
      const label = opt.label || texts[`option.${opt.name}`] || opt.name;
      const help = opt.help || texts[`option.${opt.name}.help`];
      let input;
      if (opt.kind === "bool") input = `<input type="checkbox" id="${id}" ${opt.default ? "checked" : ""}>`;
      else if (opt.kind === "int") input = `<input type="number" id="${id}" min="${opt.min}" max="${opt.max}" value="${opt.default}">`;
      else if (opt.kind === "choice") {
        input = `<select id="${id}">${opt.choices.map((c) => `<option value="${K.esc(c)}" ${c === opt.default ? "selected" : ""}>` +
          `${K.esc(choiceLabel(texts, opt, c))}</option>`).join("")}</select>`;
      } else input = `<input id="${id}" value="${K.esc(opt.default || "")}">`;
      const helpHtml = help ? `<small class="option-help" id="${id}-help">${K.esc(help)}</small>` : "";
      if (opt.kind === "bool") {
        optionsEl.insertAdjacentHTML("beforeend", `<label class="option">${input} <span>${K.esc(label)}${helpHtml}</span></label>`);
      } else {
        optionsEl.insertAdjacentHTML("beforeend", `<label class="option option-stacked" for="${id}"><span>${K.esc(label)}${helpHtml}</span>${input}</label>`);
      }
    });
  }
  function readOptions() {
    const game = games.find((g) => g.name === chosen), out = {};
    game.options.forEach((opt) => {
      const el = document.getElementById("opt-" + opt.name);
      if (!el) { out[opt.name] = opt.default; return; }
      out[opt.name] = opt.kind === "bool" ? el.checked : opt.kind === "int" ? parseInt(el.value, 10) : el.value;
    });
    return out;
  }
  // every game's texts first (small), so that options draw at once when a game is picked
  fetch(`/api/games?lang=${C.lang}`).then((r) => r.json()).then(async (answer) => {
    games = answer.games;
    await Promise.all(games.map((g) => textsOf(g.name)));
    list.innerHTML = games.map((g) => `<button type="button" class="choice game" data-game="${K.esc(g.name)}">
      <strong>${K.esc(g.title)}</strong><small>${K.esc(K.t("page.players", {min: g.players.min, max: g.players.max}))}</small></button>`).join("");
    list.querySelectorAll("button").forEach((b) => {
      b.onclick = () => { chosen = b.dataset.game; list.querySelectorAll("button").forEach((x) => x.classList.toggle("on", x === b)); drawOptions(); };
    });
    if (games.length) list.querySelector("button").click();
  });
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
