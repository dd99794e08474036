// The page is a screen and nothing more: every text it shows, every move it
// offers and every refusal comes from the server, which made it for this
// seat alone. The page keeps its seat's token and the last screen it saw,
// so a reload, a sleep or a lost network resumes where it was.
"use strict";

const KEY = "ninjakit-seat";
const $ = (id) => document.getElementById(id);

let token = location.hash.slice(1);
if (token) {
  if (localStorage.getItem(KEY) !== token) {
    localStorage.setItem(KEY, token);
    localStorage.removeItem(KEY + "-state");
  }
  // The token is the seat: keep it out of the address bar, the history
  // and anything a screenshot or a shared link would show.
  history.replaceState(null, "", location.pathname);
} else {
  token = localStorage.getItem(KEY) || "";
}

let state = { version: 0, seq: 0, log: [], view: null };
try {
  const kept = JSON.parse(localStorage.getItem(KEY + "-state") || "null");
  if (kept && Array.isArray(kept.log)) state = kept;
} catch (e) { /* a damaged copy costs only a whole log */ }

let resultAt = 0;
let ws = null, retry = 500, timer = null, stopped = false, nextID = 1, wake = null, wantAwake = false;

function connect() {
  clearTimeout(timer);
  if (stopped || !token || (ws && ws.readyState <= 1)) return;
  ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
  ws.onopen = () => {
    ws.send(JSON.stringify({ token: token, version: state.version, seq: state.seq }));
  };
  ws.onmessage = (ev) => {
    retry = 500;
    link(true);
    const m = JSON.parse(ev.data);
    if (m.type === "view") onView(m);
    else if (m.type === "result") onResult(m);
  };
  ws.onclose = (ev) => {
    link(false);
    if (ev.code === 4001 || ev.code === 4002) {
      // The seat is gone (given to another device): forget it here.
      stopped = true;
      localStorage.removeItem(KEY);
      localStorage.removeItem(KEY + "-state");
      notice(ev.reason || "this link opens no seat");
      return;
    }
    timer = setTimeout(connect, retry);
    retry = Math.min(retry * 2, 5000);
  };
}

function link(on) {
  $("link").textContent = on ? "live" : "offline";
  $("link").classList.toggle("off", !on);
}

function notice(text) {
  $("notice").textContent = text;
  $("notice").hidden = !text;
}

function onView(m) {
  if (m.version !== state.version && Date.now() - resultAt > 3000) $("result").textContent = "";
  if (m.reset) state.log = m.log || [];
  else if (m.log) state.log = state.log.concat(m.log);
  state.version = m.version || 0;
  state.seq = m.seq || 0;
  state.view = m.view;
  try { localStorage.setItem(KEY + "-state", JSON.stringify(state)); } catch (e) { /* full: resume costs more */ }
  render();
}

function onResult(m) {
  const r = $("result");
  r.classList.toggle("bad", !m.ok);
  r.textContent = m.ok ? (m.said || "done") : m.refused;
  resultAt = Date.now();
  if (m.ok) $("move").value = "";
  $("send").disabled = false;
}

function render() {
  const v = state.view;
  document.body.dataset.version = state.version;
  if (!v) return;
  document.title = v.title;
  $("title").textContent = v.title;
  $("you").textContent = v.seat ? v.you : "table";
  const turn = $("turn");
  turn.classList.toggle("mine", v.yourTurn);
  turn.textContent = v.yourTurn ? "Your turn, " + v.you : v.waiting ? "Waiting for " + v.waiting : "";
  turn.hidden = !turn.textContent;
  $("secret-box").hidden = !v.secret;
  lines($("secret"), v.secret || "");
  lines($("board"), v.board);
  choices(v.choices || []);
  $("act-box").hidden = !(v.choices && v.choices.length) && !v.yourTurn;
  $("move").placeholder = v.choices && v.choices.length ? "tap a move, or type one" : "type your move";
  const log = $("log");
  log.replaceChildren();
  if (!state.log.length) log.append(Object.assign(document.createElement("li"), { textContent: "nothing yet", className: "none" }));
  for (const l of state.log.slice(-60).reverse()) {
    const li = document.createElement("li");
    li.value = l.seq;
    li.textContent = l.who + ": " + l.action;
    if (l.takenBack) li.className = "taken";
    log.append(li);
  }
  keepAwake(v.yourTurn);
}

// lines sets a text made for an 80-column terminal on a narrow screen:
// a line laid out in columns (a board, a grid, a table: it has a run of
// spaces inside) keeps its shape and the box scrolls sideways; any other
// line is prose and wraps, so a hand is never cut off at the edge.
// The font shrinks (to 9px at least) until the widest such line fits.
function lines(box, text) {
  box.replaceChildren();
  let widest = 0;
  for (const l of text.replace(/^\n+|\n+$/g, "").split("\n")) {
    const div = document.createElement("div");
    const cols = /\S {2,}\S/.test(l);
    div.className = cols ? "cols" : "prose";
    div.textContent = l || "\u00a0";
    if (cols) widest = Math.max(widest, l.length);
    box.append(div);
  }
  const room = box.clientWidth - 16; // the padding
  box.style.fontSize = widest && room > 0 ? Math.max(9, Math.min(13, Math.floor(room / (widest * 0.61)))) + "px" : "";
}

// choices groups the moves by the first step of their path; a tap puts the
// notation in the line, where it can be read (and edited) before Play.
function choices(list) {
  const box = $("choices");
  const open = new Set([...box.querySelectorAll("details[open]")].map((d) => d.dataset.group));
  box.replaceChildren();
  const groups = new Map();
  for (const c of list) {
    const g = c.path && c.path.length ? c.path[0] : "moves";
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(c);
  }
  for (const [g, cs] of groups) {
    const d = document.createElement("details");
    d.dataset.group = g;
    d.open = (groups.size === 1 && cs.length <= 12) || open.has(g);
    const s = document.createElement("summary");
    s.textContent = g + " (" + cs.length + ")";
    const row = document.createElement("div");
    row.className = "choices";
    for (const c of cs) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "choice";
      const rest = (c.path || []).slice(1).join(" · ");
      b.append(rest || c.text);
      if (rest) {
        const code = document.createElement("code");
        code.textContent = c.text;
        b.append(code);
      }
      b.dataset.text = c.text;
      b.onclick = () => {
        box.querySelectorAll(".picked").forEach((p) => p.classList.remove("picked"));
        b.classList.add("picked");
        $("move").value = c.text;
        $("result").textContent = "";
      };
      row.append(b);
    }
    d.append(s, row);
    box.append(d);
  }
}

$("form").onsubmit = (ev) => {
  ev.preventDefault();
  const text = $("move").value.trim();
  if (!text) return;
  if (!ws || ws.readyState !== 1) {
    onResult({ ok: false, refused: "not connected: wait for live, then play again" });
    return;
  }
  $("send").disabled = true;
  ws.send(JSON.stringify({ id: nextID++, text: text, version: state.version }));
};

// keepAwake holds the screen on while it is this player's turn. Browsers
// give the wake lock only to secure pages, and a LAN link is plain http:
// there a muted, looping, invisible video plays instead, which keeps most
// phones awake too, and only during the turn, so it costs little battery.
async function keepAwake(on) {
  wantAwake = on;
  if (!on) videoAwake(false);
  if (!navigator.wakeLock) {
    videoAwake(on);
    return;
  }
  try {
    if (on && !wake && document.visibilityState === "visible") {
      wake = await navigator.wakeLock.request("screen");
      wake.addEventListener("release", () => { wake = null; });
    } else if (!on && wake) {
      await wake.release();
      wake = null;
    }
  } catch (e) {
    wake = null;
    videoAwake(on);
  }
}

// videoAwake plays or pauses the keep-awake video. A phone may refuse to
// start a video before the player touches the page, so a tap tries again.
function videoAwake(on) {
  const v = $("awake");
  if (on && v.paused) {
    v.play().catch(() => {});
  } else if (!on && !v.paused) {
    v.pause();
  }
}

document.addEventListener("click", () => { if (wantAwake) keepAwake(true); }, true);

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") {
    connect();
    if (state.view) keepAwake(state.view.yourTurn);
  }
});
window.addEventListener("online", connect);

if (!token) {
  notice("Scan your seat's QR code to open your screen.");
} else {
  render();
  connect();
}
