/* The evening page (/t/<code>/evening, issue #28): every game of the room,
   its winners and chart, and the night's standings, to print or to keep.
   The host's token stays where the table keeps it (localStorage) and
   travels in a header only, never in a URL: the page fetches the evening
   as the self-contained file the server writes, shows that file's <main>,
   and the same text is what "Download (HTML)" saves (a Blob). */
(function () {
  "use strict";
  const K = window.Companion, page = K.page;
  const $ = (id) => document.getElementById(id);
  const code = page.code;
  const token = localStorage.getItem("companion:host:" + code);
  const base = `/api/rooms/${encodeURIComponent(code)}/evening`;
  const files = {};   // "html" | "csv" -> {text, name, type}

  function status(text, error) {
    const el = $("ev-status");
    el.hidden = !text;
    el.textContent = text || "";
    el.classList.toggle("ev-error", !!error);
  }

  async function load(kind) {
    const headers = token ? {Authorization: "Bearer " + token} : {};
    const answer = await fetch(`${base}.${kind}?lang=${encodeURIComponent(page.lang)}`, {headers, cache: "no-store"});
    if (!answer.ok) {
      let message = K.t("evening.no_host");
      try { message = (await answer.json()).error.message + " " + message; } catch (e) { /* keep the sentence */ }
      throw new Error(message);
    }
    const named = /filename="([^"]+)"/.exec(answer.headers.get("Content-Disposition") || "");
    return {text: await answer.text(), name: named ? named[1] : `evening-${code}.${kind}`,
      type: kind === "csv" ? "text/csv;charset=utf-8" : "text/html;charset=utf-8"};
  }

  // what the server wrote, shown here: a parsed document runs no script, and
  // its <main> carries no inline style (charts draw with SVG attributes)
  function show(file) {
    // without the file's own <style> (this page has evening.css; parsing an
    // inline style block would be refused by the site's policy and reported)
    const text = file.text.replace(/<style>[\s\S]*?<\/style>/i, "");
    const doc = new DOMParser().parseFromString(text, "text/html");
    const main = doc.getElementById("evening-doc");
    $("ev-content").replaceChildren(document.importNode(main, true));
    document.title = doc.title;
  }

  function save(file) {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([file.text], {type: file.type}));
    link.download = file.name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  }

  async function download(kind) {
    try {
      // the evening as it is now (a game may have moved on since the page opened)
      files[kind] = await load(kind);
      if (kind === "html") show(files.html);
      save(files[kind]);
    } catch (err) { status(err.message, true); }
  }

  $("ev-print").onclick = () => window.print();
  $("ev-html").onclick = () => download("html");
  $("ev-csv").onclick = () => download("csv");

  load("html").then((file) => {
    files.html = file;
    show(file);
    status("");
    ["ev-print", "ev-html", "ev-csv"].forEach((id) => { $(id).disabled = false; });
    document.body.dataset.ready = "1";   // what is drawn (tests wait for it)
  }).catch((err) => {
    status(err.message, true);
    document.body.dataset.ready = "error";
  });
})();
