/* The start page: pick a game and its options, create the room, keep the
   host token on this device and go to the table screen. */
(function () {
  "use strict";
  const C = window.COMPANION, K = window.Companion;
  const list = document.getElementById("game-list"), optionsEl = document.getElementById("options");
  let games = [], chosen = null;

  function drawOptions() {
    const game = games.find((g) => g.name === chosen);
    optionsEl.innerHTML = game.options.length ? `<h3>${K.esc(K.t("page.options"))}</h3>` : "";
    game.options.forEach((opt) => {
      const id = "opt-" + opt.name;
      let input;
      if (opt.kind === "bool") input = `<input type="checkbox" id="${id}" ${opt.default ? "checked" : ""}>`;
      else if (opt.kind === "int") input = `<input type="number" id="${id}" min="${opt.min}" max="${opt.max}" value="${opt.default}">`;
      else if (opt.kind === "choice") input = `<select id="${id}">${opt.choices.map((c) => `<option ${c === opt.default ? "selected" : ""}>${K.esc(c)}</option>`).join("")}</select>`;
      else input = `<input id="${id}" value="${K.esc(opt.default || "")}">`;
      optionsEl.insertAdjacentHTML("beforeend", `<label class="option">${input} <span>${K.esc(opt.label)}</span></label>`);
    });
  }
  function readOptions() {
    const game = games.find((g) => g.name === chosen), out = {};
    game.options.forEach((opt) => {
      const el = document.getElementById("opt-" + opt.name);
      out[opt.name] = opt.kind === "bool" ? el.checked : opt.kind === "int" ? parseInt(el.value, 10) : el.value;
    });
    return out;
  }
  fetch(`/api/games?lang=${C.lang}`).then((r) => r.json()).then((answer) => {
    games = answer.games;
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
