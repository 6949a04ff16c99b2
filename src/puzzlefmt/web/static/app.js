/* puzzlefmt serve: the page. It talks to the server only through the JSON API under /api.
 *
 * Safety: text from the user or the server is only ever put into the page with textContent,
 * form values, or as an <img> source (SVG pictures shown as images cannot run scripts);
 * never as HTML. The server's Content Security Policy forbids inline scripts as well.
 */
"use strict";

(() => {
  const PAGE_SIZE = 25;
  const THUMB_SIZE = 160;
  const $ = (id) => document.getElementById(id);

  const state = {
    caps: null,          // /api/capabilities
    formats: new Map(),  // name -> format description
    text: "",
    filename: null,
    candidates: [],
    override: null,      // a format the user chose
    format: null,        // the format being shown
    record: 1,
    page: 1,
    pages: 1,
    view: null,          // the last /api/read answer
    seq: 0,              // the newest analysis; older answers are dropped
    gameMove: 0,
  };

  // ------------------------------------------------------------------ helpers

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(typeof child === "string" ? document.createTextNode(child) : child);
    }
    return node;
  }

  function setSvg(img, svg, alt) {
    img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
    if (alt !== undefined) img.alt = alt;
  }

  function say(text) {
    $("message").textContent = text || "";
  }

  function outcome(id, text, bad) {
    const node = $(id);
    node.textContent = text || "";
    node.classList.toggle("bad", !!bad);
  }

  function byteLength(text) {
    return new TextEncoder().encode(text).length;
  }

  function theme() {
    const chosen = $("theme").value;
    if (chosen === "light" || chosen === "dark") return chosen;
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches
      ? "dark" : "light";
  }

  async function api(path, body) {
    const options = body === undefined ? {} : {
      method: "POST",
      headers: {"Content-Type": "application/json"},
      body: JSON.stringify(body),
    };
    let response;
    try {
      response = await fetch("/api/" + path, options);
    } catch (err) {
      return {ok: false, status: 0,
              error: {kind: "network", message: "the server does not answer (" + err.message + ")"}};
    }
    let data = null;
    try {
      data = await response.json();
    } catch (err) {
      data = null;
    }
    if (response.ok) return {ok: true, status: response.status, data};
    const error = (data && data.error) || {kind: "http", message: "HTTP " + response.status};
    return {ok: false, status: response.status, error};
  }

  function source() {
    return {text: state.text, format: state.format, record: state.record};
  }

  async function copyText(text, where) {
    try {
      await navigator.clipboard.writeText(text);
      outcome(where, "Copied.");
    } catch (err) {
      outcome(where, "Copying was refused by the browser: select the text and copy it.", true);
    }
  }

  // ------------------------------------------------------------------ detection and reading

  function resetResult() {
    $("detect").hidden = true;
    $("error").hidden = true;
    $("view").hidden = true;
    $("records").hidden = true;
    state.view = null;
  }

  async function analyse() {
    const seq = ++state.seq;
    const text = $("paste").value;
    state.text = text;
    if (!text.trim()) {
      resetResult();
      say("");
      return;
    }
    if (state.caps && byteLength(text) > state.caps.max_bytes) {
      resetResult();
      showError({kind: "too-large",
                 message: "This text is larger than the server's limit of "
                   + state.caps.max_bytes + " bytes."}, "");
      return;
    }
    say("Detecting…");
    const answer = await api("detect", {text, filename: state.filename});
    if (seq !== state.seq) return;
    if (!answer.ok) {
      resetResult();
      showError(answer.error, text);
      return;
    }
    let note = "";
    if (answer.data.text !== null) {
      $("paste").value = answer.data.text;
      state.text = answer.data.text;
      note = "Took the puzzle out of the link. ";
    }
    state.candidates = answer.data.candidates;
    const names = state.candidates.map((c) => c.format);
    if (state.override && !state.formats.has(state.override)) state.override = null;
    state.format = state.override || (names.length ? names[0] : null);
    renderCandidates();
    if (!state.format) {
      // nothing recognises it: the server says which format comes closest, and where
      // that format stops
      $("records").hidden = true;
      const read = await api("read", {text: state.text, format: null, record: 1});
      if (seq !== state.seq) return;
      showError(read.ok ? {message: "No format recognises this text."} : read.error, state.text);
      say(note);
      return;
    }
    state.record = 1;
    say(note);
    await show(seq);
    if (seq !== state.seq) return;
    if (isCollection(state.format)) await loadPage(1, seq);
    else $("records").hidden = true;
  }

  function isCollection(name) {
    const fmt = state.formats.get(name);
    return !!(fmt && fmt.collection);
  }

  function renderCandidates() {
    const list = $("candidate-list");
    list.replaceChildren();
    state.candidates.forEach((c, i) => {
      const id = "cand-" + i;
      const input = el("input", {type: "radio", name: "candidate", id, value: c.format});
      input.checked = c.format === state.format;
      input.addEventListener("change", () => choose(c.format));
      list.append(el("div", {class: "candidate"},
        input,
        el("label", {for: id, class: "name", text: c.format + " (" + c.family + ")"}),
        el("span", {class: "score", text: c.score.toFixed(2)}),
        el("span", {class: "reason", text: c.reason})));
    });
    if (!state.candidates.length) {
      list.append(el("p", {class: "help", text: "No format recognises this text."}));
    }
    const other = $("format-other");
    other.value = state.candidates.some((c) => c.format === state.format) ? "" : (state.format || "");
    $("detect").hidden = false;
  }

  async function choose(name) {
    if (!name) return;
    state.override = name;
    state.format = name;
    state.record = 1;
    renderCandidates();
    const seq = ++state.seq;
    await show(seq);
    if (seq !== state.seq) return;
    if (isCollection(name)) await loadPage(1, seq);
    else $("records").hidden = true;
  }

  async function show(seq) {
    say("Reading…");
    const answer = await api("read", {...source(), theme: theme()});
    if (seq !== undefined && seq !== state.seq) return;
    say("");
    if (!answer.ok) {
      $("view").hidden = true;
      showError(answer.error, state.text);
      return;
    }
    $("error").hidden = true;
    renderView(answer.data);
  }

  function showError(err, text) {
    $("error").hidden = false;
    $("view").hidden = true;
    $("error-msg").textContent = err.message || "error";
    const where = [];
    if (err.format && err.format !== "auto") where.push(err.format);
    if (err.where) where.push(err.where);
    else if (err.line) where.push("line " + err.line + (err.column ? ", column " + err.column : ""));
    $("error-where").textContent = where.join(": ");
    const box = $("error-lines");
    box.replaceChildren();
    box.hidden = true;
    if (!err.line || !text) return;
    const lines = text.split(/\r\n|\r|\n/);
    const bad = Math.min(err.line, lines.length);
    const first = Math.max(1, bad - 3);
    const last = Math.min(lines.length, bad + 3);
    for (let n = first; n <= last; n++) {
      const content = lines[n - 1];
      const row = el("span", {class: n === bad ? "line bad" : "line"},
        el("span", {class: "ln", text: String(n)}));
      if (n === bad && err.column && err.column >= 1 && err.column <= content.length) {
        const c = err.column - 1;
        row.append(content.slice(0, c), el("span", {class: "col", text: content[c]}),
                   content.slice(c + 1));
      } else {
        row.append(content);
      }
      if (n === bad) row.setAttribute("aria-label", "line " + n + ", where the error is");
      box.append(row);
      if (n === bad && err.column) {
        box.append(el("span", {class: "line caret"},
          el("span", {class: "ln", text: "\u00a0"}), " ".repeat(err.column - 1) + "^"));
      }
    }
    box.hidden = false;
  }

  // ------------------------------------------------------------------ one record

  // The families' names for people, from /api/capabilities (the registry's titles).
  function familyTitle(name) {
    const found = state.caps && state.caps.families.find((f) => f.name === name);
    return found ? found.title : name;
  }

  function renderView(v) {
    state.view = v;
    $("view").hidden = false;
    const kind = v.actions.game ? "Crossword game record" : familyTitle(v.family);
    let title = kind + " · " + v.format;
    if (v.collection && v.records) {
      title += " · record " + v.record + " of " + v.records.total;
    }
    $("view-title").textContent = title;
    setSvg($("picture"), v.picture, "Picture of the " + familyTitle(v.family));
    const status = $("status");
    status.textContent = v.status;
    status.className = v.problems.length ? "status-bad" : "status-ok";
    const problems = $("problems");
    problems.replaceChildren(...v.problems.concat(v.warnings || []).map((p) => el("li", {text: p})));
    $("text-picture").textContent = v.text_picture;

    // actions
    const select = $("convert-to");
    const keep = select.value;
    select.replaceChildren();
    const single = el("optgroup", {label: "One record"});
    const whole = el("optgroup", {label: v.collection ? "The whole collection" : "Collections"});
    for (const t of v.targets) {
      const label = t.format + " — " + t.description;
      (t.collection ? whole : single).append(el("option", {value: t.format, text: label}));
    }
    if (single.children.length) select.append(single);
    if (whole.children.length) select.append(whole);
    if ([...select.options].some((o) => o.value === keep)) select.value = keep;
    $("convert-out").hidden = true;
    outcome("convert-msg", "");

    $("act-solve").hidden = !v.actions.solve;
    $("solutions").replaceChildren();
    outcome("solve-msg", "");

    $("act-canon").hidden = !v.actions.canon.length;
    const conv = $("canon-convention");
    if (conv.options.length !== v.actions.canon.length) {
      conv.replaceChildren(...v.actions.canon.map((c) => el("option", {value: c, text: c})));
    }
    $("canon-out").hidden = true;
    outcome("canon-msg", "");

    renderEngineActions(v.actions.engines);

    $("act-move").hidden = !v.actions.move;
    $("move-out").hidden = true;
    outcome("move-msg", "");

    $("act-game").hidden = !v.actions.game;
    state.gameMove = 0;
    outcome("game-msg", "");
    $("game-out").hidden = true;
    showGamePicture(false);

    highlightRow();
  }

  // ------------------------------------------------------------------ actions

  async function convert() {
    const to = $("convert-to").value;
    if (!to) return;
    outcome("convert-msg", "Converting…");
    const answer = await api("convert", {...source(), to});
    if (!answer.ok) {
      $("convert-out").hidden = true;
      outcome("convert-msg", answer.error.message, true);
      return;
    }
    const r = answer.data;
    state.converted = r;
    $("convert-text").value = r.text;
    const notes = $("convert-notes");
    notes.replaceChildren(...r.notes.map((n) => el("li", {class: "loss", text: n})));
    if (r.lossless) notes.append(el("li", {text: "Nothing lost: read back, it is the same."}));
    $("convert-out").hidden = false;
    let done = "In " + r.format + ".";
    if (r.scope === "collection") done = "The whole collection in " + r.format + ".";
    else if (state.view && state.view.collection) done = "Record " + r.record + " in " + r.format + ".";
    outcome("convert-msg", done);
  }

  function download() {
    const r = state.converted;
    if (!r) return;
    const blob = new Blob([r.text], {type: "text/plain;charset=utf-8"});
    const url = URL.createObjectURL(blob);
    const a = el("a", {href: url, download: "puzzle." + r.extension});
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  // Engine jobs wait for a solver process; the first start after installing compiles them.
  async function engineBusy(id, words) {
    outcome(id, words);
    const health = await api("health");
    if (health.ok && health.data.ready === 0 && $(id).textContent === words) {
      outcome(id, words + " The solver is still loading: the first start after installing "
        + "compiles it, which takes a minute or two.");
    }
  }

  async function solve() {
    engineBusy("solve-msg", "Solving…");
    $("solutions").replaceChildren();
    $("solve-go").disabled = true;
    const answer = await api("solve", {...source(), theme: theme()});
    $("solve-go").disabled = false;
    if (!answer.ok) {
      const msg = answer.error.kind === "timeout"
        ? "The solver " + answer.error.message + "." : answer.error.message;
      outcome("solve-msg", msg, true);
      return;
    }
    const r = answer.data;
    outcome("solve-msg", r.words, r.status !== "unique");
    r.solutions.forEach((s, i) => {
      const img = el("img", {alt: "Solution " + (i + 1)});
      setSvg(img, s.picture);
      $("solutions").append(el("figure", {}, img, el("figcaption", {text: s.text})));
    });
  }

  async function canon() {
    engineBusy("canon-msg", "Working…");
    const answer = await api("canon", {...source(), convention: $("canon-convention").value,
                                        theme: theme()});
    if (!answer.ok) {
      $("canon-out").hidden = true;
      outcome("canon-msg", answer.error.kind === "timeout"
        ? "Gave up: " + answer.error.message + "." : answer.error.message, true);
      return;
    }
    outcome("canon-msg", "");
    $("canon-text").textContent = answer.data.canonical;
    setSvg($("canon-picture"), answer.data.picture);
    $("canon-out").hidden = false;
  }

  // The family's engines offered as actions (grade...), one panel each, built from the
  // record's actions: ids act-NAME, NAME-go, NAME-msg; POST /api/NAME runs the engine.
  function renderEngineActions(engines) {
    const box = $("engine-actions");
    const shown = [...box.children].map((d) => d.id).join(" ");
    const wanted = engines.map((e) => "act-" + e.name).join(" ");
    if (shown !== wanted) {
      box.replaceChildren(...engines.map((e) => {
        const go = el("button", {type: "button", id: e.name + "-go", text: e.title});
        go.addEventListener("click", () => runEngine(e));
        return el("details", {id: "act-" + e.name},
          el("summary", {text: e.title, title: e.summary}),
          el("div", {class: "row"}, go),
          el("p", {id: e.name + "-msg", class: "outcome", "aria-live": "polite"}),
          el("ol", {id: e.name + "-items", class: "items", hidden: true}));
      }));
    }
    for (const e of engines) {
      outcome(e.name + "-msg", "");
      $(e.name + "-items").hidden = true;
    }
  }

  async function runEngine(e) {
    const id = e.name + "-msg";
    engineBusy(id, e.doing + "…");
    const answer = await api(e.name, {...source(), theme: theme()});
    if (!answer.ok) {
      $(e.name + "-items").hidden = true;
      outcome(id, answer.error.kind === "timeout"
        ? "Gave up: " + answer.error.message + "." : answer.error.message, true);
      return;
    }
    outcome(id, answer.data.words, false);
    showItems(e, answer.data);
    // an engine whose result can be drawn (a rating's step, a move on the board)
    if (answer.data.picture) showPicked(e, answer.data);
  }

  // A result with parts (a rating's steps, a position's moves): one button a part; choosing
  // one asks the server to draw that part (POST /api/NAME with pick).
  function showItems(e, data) {
    const list = $(e.name + "-items");
    const items = data.items || [];
    list.replaceChildren(...items.map((line, k) => {
      const b = el("button", {type: "button", class: "item", id: e.name + "-item-" + k,
                              "aria-pressed": k === data.pick ? "true" : "false", text: line});
      b.addEventListener("click", () => pickItem(e, k));
      return el("li", {}, b);
    }));
    list.hidden = items.length === 0;
  }

  function showPicked(e, data) {
    const shown = data.items && data.pick !== undefined && data.pick !== null
      ? e.title + ": " + data.items[data.pick] : e.title + ": the record drawn with the result";
    setSvg($("picture"), data.picture, shown);
    $("picture").dataset.pick = data.pick === undefined || data.pick === null ? "" : data.pick;
    for (const b of $(e.name + "-items").querySelectorAll("button.item")) {
      b.setAttribute("aria-pressed", b.id === e.name + "-item-" + data.pick ? "true" : "false");
    }
  }

  async function pickItem(e, k) {
    const id = e.name + "-msg";
    const answer = await api(e.name, {...source(), theme: theme(), pick: k});
    if (!answer.ok) {
      outcome(id, answer.error.message, true);
      return;
    }
    showPicked(e, answer.data);
  }

  async function playMove() {
    const move = $("move-text").value;
    outcome("move-msg", "Playing…");
    const body = {...source(), move, theme: theme()};
    if ($("move-norack").checked) body.check_rack = false;
    const answer = await api("move", body);
    if (!answer.ok) {
      $("move-out").hidden = true;
      outcome("move-msg", answer.error.message, true);
      return;
    }
    const r = answer.data;
    outcome("move-msg", r.words, !r.legal);
    if (r.next) {
      setSvg($("move-picture"), r.next.picture);
      $("move-cgp").textContent = r.next.text;
      $("move-out").hidden = false;
    } else {
      $("move-out").hidden = true;
    }
  }

  function continueFrom() {
    const text = $("move-cgp").textContent;
    if (!text) return;
    $("paste").value = text + "\n";
    state.filename = null;
    state.override = null;
    analyse();
    $("paste").focus();
  }

  // The view shows one board: the record's picture, or while stepping through a game the
  // position after the events played so far (with its text picture) in its place.
  function showGamePicture(stepping) {
    $("picture").hidden = stepping;
    $("game-picture").hidden = !stepping;
    if (!stepping) {
      $("game-picture").removeAttribute("src");
      if (state.view) $("text-picture").textContent = state.view.text_picture;
    }
  }

  // Stepping through a GCG game record: shown when the record is a game (the library reads
  // GCG); the server answers /api/game with the position after the first N events.
  async function stepGame(target) {
    const answer = await api("game", {...source(), move: Math.max(0, target), theme: theme()});
    if (!answer.ok) {
      outcome("game-msg", answer.error.message, true);
      return;
    }
    const r = answer.data;
    state.gameMove = r.move;
    state.gameEvents = r.events;
    outcome("game-msg", r.words);
    setSvg($("game-picture"), r.picture);
    showGamePicture(true);
    $("text-picture").textContent = r.text_picture;
    $("game-cgp").textContent = r.cgp;
    $("game-out").hidden = false;
    $("game-start").disabled = $("game-prev").disabled = r.move <= 0;
    $("game-next").disabled = $("game-end").disabled = r.move >= r.events;
  }

  // ------------------------------------------------------------------ records table

  async function loadPage(page, seq) {
    const answer = await api("records", {text: state.text, format: state.format, page,
                                          size: PAGE_SIZE});
    if (seq !== undefined && seq !== state.seq) return;
    if (!answer.ok) {
      $("records").hidden = true;
      return;
    }
    const r = answer.data;
    state.page = r.page;
    state.pages = r.pages;
    const body = $("records-body");
    body.replaceChildren();   // never more than one page of rows in the page
    for (const row of r.rows) body.append(recordRow(row));
    const first = r.rows.length ? r.rows[0].number : 0;
    const last = r.rows.length ? r.rows[r.rows.length - 1].number : 0;
    let summary = r.total === 1 ? "1 record" : r.total + " records";
    if (r.bad) summary += ", " + r.bad + (r.bad === 1 ? " does not read" : " do not read");
    if (r.total) summary += "; showing " + first + "–" + last + ".";
    $("records-summary").textContent = summary;
    $("page-info").textContent = "Page " + r.page + " of " + r.pages;
    $("page-first").disabled = $("page-prev").disabled = r.page <= 1;
    $("page-next").disabled = $("page-last").disabled = r.page >= r.pages;
    $("goto").max = String(r.total);
    $("records").hidden = false;
    highlightRow();
  }

  function recordRow(row) {
    const thumbCell = el("td", {});
    const showButton = el("button", {type: "button", class: "thumb-button",
                                     "aria-label": "Show the picture of record " + row.number,
                                     text: "Show"});
    showButton.disabled = row.error !== null;
    showButton.addEventListener("click", async () => {
      showButton.disabled = true;
      const answer = await api("picture", {text: state.text, format: state.format,
                                           record: row.number, theme: theme(),
                                           size: THUMB_SIZE});
      if (!answer.ok) {
        thumbCell.replaceChildren(el("span", {class: "status-bad", text: answer.error.message}));
        return;
      }
      const img = el("img", {class: "thumb", alt: "Record " + row.number});
      setSvg(img, answer.data.picture);
      thumbCell.replaceChildren(img);
    });
    thumbCell.append(showButton);
    const openButton = el("button", {type: "button",
                                     "aria-label": "Open record " + row.number, text: "Open"});
    openButton.addEventListener("click", () => openRecord(row.number));
    return el("tr", {class: row.ok ? "ok" : "bad", "data-record": row.number},
      el("th", {scope: "row", class: "num", text: String(row.number)}),
      el("td", {class: "num", text: String(row.line)}),
      el("td", {class: "status", text: row.status}),
      el("td", {class: "excerpt"}, el("code", {text: row.excerpt})),
      thumbCell,
      el("td", {}, openButton));
  }

  function highlightRow() {
    for (const tr of $("records-body").querySelectorAll("tr")) {
      tr.classList.toggle("current", Number(tr.dataset.record) === state.record);
    }
  }

  async function openRecord(number) {
    state.record = number;
    const page = Math.floor((number - 1) / PAGE_SIZE) + 1;
    if (page !== state.page) await loadPage(page);
    await show();
    highlightRow();
    $("result").scrollIntoView({behavior: "smooth", block: "start"});
  }

  // ------------------------------------------------------------------ input: files, links

  async function takeFile(file) {
    if (!file) return;
    if (state.caps && file.size > state.caps.max_bytes) {
      resetResult();
      showError({kind: "too-large", message: file.name + " is " + file.size
        + " bytes, larger than the server's limit of " + state.caps.max_bytes + " bytes."}, "");
      return;
    }
    const text = await file.text();
    $("paste").value = text;
    state.filename = file.name;
    state.override = null;
    await analyse();
  }

  function shareLink() {
    const params = new URLSearchParams();
    if (state.format) params.set("format", state.format);
    params.set("text", $("paste").value);
    const url = location.origin + location.pathname + "#" + params.toString();
    history.replaceState(null, "", "#" + params.toString());
    if (url.length > 8000) {
      say("The link is " + url.length + " characters long: too long for some programs.");
    }
    copyText(url, "message");
  }

  function fromLocation() {
    const hash = location.hash.startsWith("#") ? location.hash.slice(1) : "";
    for (const part of [hash, location.search.slice(1)]) {
      if (!part) continue;
      const params = new URLSearchParams(part);
      const text = params.get("text");
      if (text) {
        $("paste").value = text;
        state.override = params.get("format") || null;
        return true;
      }
    }
    return false;
  }

  // ------------------------------------------------------------------ start

  // fn after ms without another call; .now() runs it at once (and drops the wait)
  function debounce(fn, ms) {
    let timer = null;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(fn, ms);
    };
    later.now = () => {
      clearTimeout(timer);
      fn();
    };
    return later;
  }

  function applyTheme() {
    document.documentElement.dataset.theme = theme();
  }

  async function loadExamples() {
    try {
      const response = await fetch("/static/examples.json");
      const examples = await response.json();
      const select = $("example");
      for (const ex of examples) select.append(el("option", {value: ex.text, text: ex.name}));
    } catch (err) {
      $("example").hidden = true;
    }
  }

  async function start() {
    const saved = localStorage.getItem("puzzlefmt-theme");
    if (saved) $("theme").value = saved;
    applyTheme();

    const caps = await api("capabilities");
    if (caps.ok) {
      state.caps = caps.data;
      $("version").textContent = caps.data.version;
      const titles = caps.data.families.map((f) => f.title);
      const listed = titles.length > 1
        ? titles.slice(0, -1).join(", ") + " or " + titles[titles.length - 1] : titles.join("");
      $("tagline").textContent = "Paste a " + listed
        + " text: see it detected, drawn, converted and solved.";
    }
    // The families' generators: the "new puzzle" action of the paste box.
    const gens = caps.ok ? (caps.data.generators || []) : [];
    if (gens.length) {
      const what = $("generate-what");
      for (const g of gens) {
        what.append(el("option", {value: g.makes, text: g.title + " (" + g.makes + ")"}));
      }
      $("generators").hidden = false;
      $("generate").addEventListener("click", async () => {
        const made = await api("generate", {makes: what.value, options: {}});
        if (!made.ok) {
          say("Could not generate: " + made.error.message);
          return;
        }
        $("paste").value = made.data.text;
        state.filename = null;
        state.override = null;
        await analyse();
        say("New puzzle; its seed: " + made.data.seed_id);
      });
    }
    const formats = await api("formats");
    if (formats.ok) {
      const other = $("format-other");
      for (const f of formats.data) {
        state.formats.set(f.name, f);
        other.append(el("option", {value: f.name, text: f.name + " (" + f.family + ")"}));
      }
    }
    loadExamples();

    const later = debounce(() => { state.override = null; analyse(); }, 400);
    // typing is read once it pauses; a paste or a drop of text, at once
    $("paste").addEventListener("input", (event) => {
      state.filename = null;
      const whole = event.inputType === "insertFromPaste" || event.inputType === "insertFromDrop";
      if (whole) later.now(); else later();
    });
    $("paste").addEventListener("keydown", (event) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        analyse();
      }
    });
    const drop = $("drop");
    drop.addEventListener("dragover", (event) => {
      event.preventDefault();
      drop.classList.add("over");
    });
    drop.addEventListener("dragleave", () => drop.classList.remove("over"));
    drop.addEventListener("drop", (event) => {
      event.preventDefault();
      drop.classList.remove("over");
      const files = event.dataTransfer && event.dataTransfer.files;
      if (files && files.length) takeFile(files[0]);
    });
    $("open-file").addEventListener("click", () => $("file").click());
    $("file").addEventListener("change", () => takeFile($("file").files[0]));
    $("example").addEventListener("change", () => {
      const text = $("example").value;
      if (!text) return;
      $("paste").value = text;
      state.filename = $("example").selectedOptions[0].textContent;
      state.override = null;
      $("example").value = "";
      analyse();
    });
    $("share").addEventListener("click", shareLink);
    $("clear").addEventListener("click", () => {
      $("paste").value = "";
      state.filename = null;
      state.override = null;
      history.replaceState(null, "", location.pathname);
      analyse();
      $("paste").focus();
    });
    $("format-other").addEventListener("change", () => choose($("format-other").value));
    $("theme").addEventListener("change", () => {
      localStorage.setItem("puzzlefmt-theme", $("theme").value);
      applyTheme();
      if (state.view) show();
    });
    if (window.matchMedia) {
      window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
        applyTheme();
        if (state.view && $("theme").value === "auto") show();
      });
    }

    $("convert-go").addEventListener("click", convert);
    // the exact text (a textarea turns CRLF line endings into LF)
    $("convert-copy").addEventListener("click", () => {
      if (state.converted) copyText(state.converted.text, "convert-msg");
    });
    $("convert-download").addEventListener("click", download);
    $("solve-go").addEventListener("click", solve);
    $("canon-go").addEventListener("click", canon);
    $("canon-copy").addEventListener("click", () => copyText($("canon-text").textContent, "canon-msg"));
    $("move-go").addEventListener("click", playMove);
    $("move-text").addEventListener("keydown", (event) => {
      if (event.key === "Enter") { event.preventDefault(); playMove(); }
    });
    $("move-copy").addEventListener("click", () => copyText($("move-cgp").textContent, "move-msg"));
    $("move-continue").addEventListener("click", continueFrom);
    $("game-start").addEventListener("click", () => stepGame(0));
    $("game-prev").addEventListener("click", () => stepGame(state.gameMove - 1));
    $("game-next").addEventListener("click", () => stepGame(state.gameMove + 1));
    $("game-end").addEventListener("click", () => stepGame(1e9));

    $("page-first").addEventListener("click", () => loadPage(1));
    $("page-prev").addEventListener("click", () => loadPage(Math.max(1, state.page - 1)));
    $("page-next").addEventListener("click", () => loadPage(Math.min(state.pages, state.page + 1)));
    $("page-last").addEventListener("click", () => loadPage(state.pages));
    const gotoRecord = () => {
      const n = parseInt($("goto").value, 10);
      if (n >= 1) openRecord(n);
    };
    $("goto-go").addEventListener("click", gotoRecord);
    $("goto").addEventListener("keydown", (event) => {
      if (event.key === "Enter") { event.preventDefault(); gotoRecord(); }
    });
    window.addEventListener("hashchange", () => { if (fromLocation()) analyse(); });

    if (fromLocation()) await analyse();
    document.body.dataset.ready = "true";
  }

  document.addEventListener("DOMContentLoaded", start);
})();
