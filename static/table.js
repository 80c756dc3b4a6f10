/* The table screen: public view, QR code, seats, log; host tools when this
   device holds the host token (the tablet that created the room). */
(function () {
  "use strict";
  const C = window.COMPANION, K = window.Companion;
  const hostToken = localStorage.getItem("companion:host:" + C.code);
  const $ = (id) => document.getElementById(id);
  document.getElementById("lang-switch").onclick = K.switchLang;

  fetch(`/api/rooms/${C.code}`).then((r) => r.json()).then((answer) => {
    if (answer.ok === false) { $("status").textContent = answer.error.message; }
  });
  // the join URL as phones must see it comes from the server (LAN address)
  fetch(`/api/rooms/${C.code}/urls`).then((r) => r.ok ? r.json() : null).then((urls) => {
    if (urls) $("join-url").textContent = urls.join;
  });

  let conn;
  function onView(view) {
    $("status").textContent = K.renderStatus(view);
    K.renderSeats(view, $("seats"), {highlight: (view.public && view.public.waiting_for) || []});
    K.renderLog(view, $("log"));
    K.renderGame(view, $("game-area"), "table");
    $("evening").innerHTML = K.renderEvening(view);
    document.body.dataset.status = view.status;
    if (view.you && view.you.host) {
      $("host-tools").hidden = false;
      K.renderActions(view, $("host-actions"), send);
    }
    K.keepAwake(view.status === "playing");
  }
  async function send(action) {
    const answer = await conn.send(action);
    if (answer.ok && answer.result && answer.result.claim) {
      const url = `${$("join-url").textContent}?claim=${encodeURIComponent(answer.result.claim)}`;
      const name = K.ui(answer.view).name(answer.result.seat);
      $("claim").hidden = false;
      $("claim-text").textContent = K.t("page.join_link", {name});
      $("claim-qr").src = `/api/rooms/${C.code}/qr.svg?claim=${encodeURIComponent(answer.result.claim)}`;
      $("claim-url").textContent = url;
    }
    return answer;
  }
  conn = K.connect(hostToken, onView, (error) => { $("status").textContent = error.message; });
})();
