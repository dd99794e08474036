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
// skew is the server clock less ours; clock runs a countdown note.
let skew = 0, clock = null;
let ws = null, retry = 500, timer = null, stopped = false, nextID = 1, wake = null, wantAwake = false;

function connect() {
  clearTimeout(timer);
  if (stopped || !token || (ws && ws.readyState <= 1)) return;
  ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
  ws.onopen = () => {
    ws.send(JSON.stringify({ token: token, version: state.version, seq: state.seq }));
  };
  ws.onmessage = (ev) => {
    const began = performance.now();
    retry = 500;
    link(true);
    const m = JSON.parse(ev.data);
    if (m.type === "view") {
      onView(m);
      // How long this screen took the page, for measuring.
      document.body.dataset.drawMs = Math.round(performance.now() - began);
    } else if (m.type === "result") onResult(m);
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
  if (m.now) skew = m.now - Date.now();
  render();
  // Kept once the screen shows, not before: a resume needs it only later.
  clearTimeout(saving);
  saving = setTimeout(save);
}

let saving = null;

function save() {
  try { localStorage.setItem(KEY + "-state", JSON.stringify(state)); } catch (e) { /* full: resume costs more */ }
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
  $("bot").textContent = v.bot || "";
  $("bot").hidden = !v.bot;
  const pic = v.picture;
  document.body.classList.toggle("drawn", !!pic);
  document.body.classList.toggle("table", !v.seat);
  $("secret-box").hidden = !v.secret && !(pic && pic.hand && pic.hand.length);
  $("secret").hidden = !!pic;
  lines($("secret"), v.secret || "");
  $("board-box").open = !pic;
  $("board-box").firstElementChild.textContent = pic ? "The table as text" : "Table";
  lines($("board"), v.board);
  choices(v.choices || []);
  drawn(v);
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
  // When this screen was drawn, for measuring an action's way to every phone.
  document.body.dataset.shownAt = Date.now();
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
  if (text) send({ text: text });
};

// send writes one action, drawn on the version the screen shows; the
// server refuses it if the game has moved on meanwhile.
function send(req) {
  if (!ws || ws.readyState !== 1) {
    onResult({ ok: false, refused: "not connected: wait for live, then play again" });
    return;
  }
  $("send").disabled = true;
  // When the action left, for measuring its way to every screen.
  document.body.dataset.sentAt = Date.now();
  ws.send(JSON.stringify(Object.assign({ id: nextID++, version: state.version }, req)));
}

// A drawn board: the server sends one picture per screen, with every move
// the seat may make as (piece, card, target) and its exact command. The
// page only lights up what the picture offers and sends the command chosen.
const SVGNS = "http://www.w3.org/2000/svg";
let pick = { version: -1, piece: "", card: "", keep: [], offer: null, chosen: [], given: {} };

function drawn(v) {
  const pic = v.picture;
  $("pic-box").hidden = !pic;
  $("last").hidden = !(pic && pic.last);
  $("hand-note").hidden = true;
  if (!pic) {
    $("hand").replaceChildren();
    return;
  }
  $("last").textContent = pic.last ? "Last: " + pic.last : "";
  if (pick.version !== state.version) pick = { version: state.version, piece: "", card: "", keep: [], offer: null, chosen: [], given: {} };
  const box = $("pic");
  box.innerHTML = pic.svg;
  const svg = box.querySelector("svg");
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("role", "img");
  if (pic.base) {
    // The board's unchanging part, an image the phone loaded once.
    const vb = svg.viewBox.baseVal;
    const img = document.createElementNS(SVGNS, "image");
    for (const [k, v] of [["href", pic.base], ["x", vb.x], ["y", vb.y], ["width", vb.width], ["height", vb.height]]) img.setAttribute(k, v);
    svg.prepend(img);
  }
  const g = document.createElementNS(SVGNS, "g");
  g.setAttribute("class", "spots");
  for (const s of pic.spots || []) {
    const r = document.createElementNS(SVGNS, "rect");
    r.setAttribute("x", s.box[0]);
    r.setAttribute("y", s.box[1]);
    r.setAttribute("width", s.box[2]);
    r.setAttribute("height", s.box[3]);
    r.dataset.id = s.id;
    if (s.dot) r.dataset.dot = s.dot.join(" ");
    r.setAttribute("class", "spot");
    g.append(r);
  }
  svg.append(g);
  g.onclick = (ev) => { if (ev.target.dataset.id) tap(ev.target.dataset.id); };
  hand(pic);
  // A move with no piece to tap (a pass, an answer) is a button of its own.
  const acts = $("acts");
  acts.replaceChildren();
  for (const m of (pic.moves || []).filter((m) => !m.piece)) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "tool act";
    b.textContent = m.say;
    b.onclick = () => offer([m]);
    acts.append(b);
  }
  $("undo").hidden = !v.undo;
  $("undo").onclick = () => offer([{ say: "Take back your last action", undo: true }]);
  light();
  pieces(pic);
}

// moves is what the picture offers with the card picked, if any.
function moves() {
  const all = (state.view.picture.moves || []).filter((m) => m.piece);
  return pick.card ? all.filter((m) => m.card === pick.card) : all;
}

function tap(id) {
  if (state.view.picture.choose) {
    chooseTap(id);
    return;
  }
  const ninja = ((state.view.picture.orders || {}).pieces || []).find((p) => p.spot === id);
  if (ninja) {
    $("orders").querySelector('[data-piece="' + ninja.id + '"]').parentNode.parentNode.scrollIntoView({ block: "nearest" });
    return;
  }
  if (pick.piece) {
    const hits = moves().filter((m) => m.piece === pick.piece && m.to === id);
    if (hits.length) {
      offer(hits);
      return;
    }
  }
  pick.piece = moves().some((m) => m.piece === id) && pick.piece !== id ? id : "";
  pick.offer = null;
  light();
}

// light marks the pieces that may act (dashed) or, with a piece picked,
// it (heavy outline) and its targets (filled, with a dot), and lists the
// same cells as big buttons under the board.
function light() {
  const ms = moves();
  const pieces = new Set(ms.map((m) => m.piece));
  const targets = new Set(ms.filter((m) => m.piece === pick.piece).map((m) => m.to));
  const svg = $("pic").querySelector("svg");
  svg.querySelectorAll(".dot").forEach((d) => d.remove());
  for (const r of svg.querySelectorAll(".spot")) {
    const id = r.dataset.id;
    r.classList.toggle("from", !pick.piece && pieces.has(id));
    r.classList.toggle("sel", pick.piece === id);
    r.classList.toggle("lit", !!pick.piece && targets.has(id));
    if (pick.piece && targets.has(id)) {
      // At the spot's own place for it, or in its middle.
      const w = +r.getAttribute("width"), h = +r.getAttribute("height");
      const [x, y, rad] = r.dataset.dot ? r.dataset.dot.split(" ").map(Number) : [+r.getAttribute("x") + w / 2, +r.getAttribute("y") + h / 2, Math.min(w, h) / 7];
      const c = document.createElementNS(SVGNS, "circle");
      c.setAttribute("cx", x);
      c.setAttribute("cy", y);
      c.setAttribute("r", rad);
      c.setAttribute("class", "dot");
      r.parentNode.append(c);
    }
  }
  const pic = state.view.picture;
  const chips = $("chips");
  chips.replaceChildren();
  const list = pick.piece ? [...targets] : [...pieces];
  if (list.length) {
    const label = document.createElement("span");
    label.className = "chips-label";
    label.textContent = pick.piece ? "to:" : pick.card ? "with the card, from:" : "from:";
    chips.append(label);
  }
  for (const id of list) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "chip";
    b.textContent = (pic.spots.find((s) => s.id === id) || { name: id }).name;
    b.dataset.id = id;
    b.onclick = () => tap(id);
    chips.append(b);
  }
  for (const c of $("hand").querySelectorAll(".card")) c.classList.toggle("sel", c.dataset.id === pick.card);
  show();
}

// hand shows the seat's cards as printed; in play a card picks which
// moves light up, while keeping a tap chooses the copies to keep.
function hand(pic) {
  const box = $("hand");
  box.replaceChildren();
  const keeping = !!(pic.keeps && pic.keeps.length);
  for (const c of pic.hand || []) {
    for (let i = 0; i < (keeping ? c.count : 1); i++) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "card";
      b.dataset.id = c.id;
      b.dataset.copy = c.id + "#" + i;
      if (c.face) {
        const img = document.createElement("img");
        img.src = c.face;
        img.alt = c.name;
        b.append(img);
      } else {
        b.innerHTML = c.svg;
      }
      const cap = document.createElement("span");
      cap.textContent = c.name + (c.price ? " · price " + c.price : "") + (!keeping && c.count > 1 ? " · ×" + c.count : "");
      b.append(cap);
      b.onclick = () => keeping ? keepTap(b.dataset.copy) : cardTap(c.id);
      box.append(b);
    }
  }
  if (keeping) {
    $("hand-note").hidden = false;
    $("hand-note").textContent = "Tap the cards to keep (prices at most " + pic.limit + " together), then Confirm.";
    keepTap("");
  }
}

function cardTap(id) {
  pick.card = pick.card === id ? "" : id;
  pick.piece = "";
  // A card played from one place only lights its targets at once.
  const from = new Set(moves().map((m) => m.piece));
  if (pick.card && from.size === 1) pick.piece = [...from][0];
  pick.offer = null;
  light();
  // A card played on no place (an answer) is offered at once.
  const plain = (state.view.picture.moves || []).filter((m) => !m.piece && m.card && m.card === pick.card);
  if (plain.length) offer(plain);
}

function keepTap(copy) {
  const tapped = !!copy;
  if (copy) pick.keep = pick.keep.includes(copy) ? pick.keep.filter((k) => k !== copy) : pick.keep.concat(copy);
  for (const c of $("hand").querySelectorAll(".card")) c.classList.toggle("sel", pick.keep.includes(c.dataset.copy));
  const want = pick.keep.map((k) => k.split("#")[0]).sort().join(" ");
  const k = state.view.picture.keeps.find((o) => o.cards.slice().sort().join(" ") === want);
  offer(k ? [k] : [{ say: "Those cards cost more than " + state.view.picture.limit + " together: tap one to put it back." }], tapped);
}

// offer shows moves to choose from in table words; Confirm sends the one
// chosen. A tap brings the box into view; a new screen leaves the scroll.
function offer(list, tapped = true) {
  pick.offer = { list: list, at: 0 };
  show();
  if (tapped) $("confirm").scrollIntoView({ block: "nearest" });
}

function show() {
  const o = pick.offer;
  $("confirm").hidden = !o;
  if (!o) return;
  const chosen = o.list[o.at];
  $("say").textContent = chosen.say;
  const alts = $("alts");
  alts.replaceChildren();
  if (o.list.length > 1) {
    o.list.forEach((m, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "choice" + (i === o.at ? " picked" : "");
      b.textContent = m.say;
      b.onclick = () => { o.at = i; show(); };
      alts.append(b);
    });
  }
  $("yes").disabled = !chosen.text && !chosen.undo;
}

$("yes").onclick = () => {
  const o = pick.offer;
  if (!o) return;
  const m = o.list[o.at];
  if (m.undo) send({ undo: true, text: "" });
  else if (m.text) send({ text: m.text });
};

$("no").onclick = () => {
  const keeping = !!(state.view.picture.keeps || []).length;
  pick.offer = null;
  pick.piece = "";
  if (state.view.picture.orders || state.view.picture.choose) {
    pick.given = {};
    pick.chosen = [];
    pieces(state.view.picture);
    show();
    return;
  }
  if (keeping) {
    pick.keep = [];
    keepTap("");
    return;
  }
  light();
};

// pieces draws the controls of a game that orders every piece at once
// (one row of orders per piece, sent together) or has the seat tap
// squares to choose, and the public notes under the board.
function pieces(pic) {
  const notes = $("notes");
  notes.replaceChildren(...(pic.notes || []).map((n) => Object.assign(document.createElement("li"), { textContent: n })));
  notes.hidden = !notes.childElementCount;
  clearInterval(clock);
  const c = pic.countdown && notes.children[pic.countdown.note];
  if (c) {
    c.id = "countdown";
    const tick = () => {
      const s = Math.max(0, Math.ceil((pic.countdown.ends - skew - Date.now()) / 1000));
      c.textContent = c.textContent.replace(/\d+:\d\d/, Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0"));
    };
    tick();
    clock = setInterval(tick, 250);
  }
  const box = $("orders");
  box.replaceChildren();
  box.hidden = !pic.orders;
  if (pic.orders) {
    for (const p of pic.orders.pieces) {
      const row = document.createElement("div");
      row.className = "piece";
      row.append(Object.assign(document.createElement("span"), { textContent: p.name, className: "piece-name" }));
      const opts = document.createElement("div");
      opts.className = "choices";
      p.options.forEach((o, i) => {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "choice" + ((pick.given[p.id] || 0) === i ? " picked" : "");
        b.textContent = o.label;
        b.title = o.say;
        b.dataset.piece = p.id;
        b.dataset.order = o.text;
        b.onclick = () => { pick.given[p.id] = i; pieces(pic); ordersOffer(pic); };
        opts.append(b);
      });
      row.append(opts);
      box.append(row);
    }
  }
  if (pic.orders && !pick.offer) ordersOffer(pic, false);
  if (pic.choose) chooseLight(pic);
}

// ordersOffer tells the orders chosen, every piece's in piece order, and
// holds back a set of moves the game refuses.
function ordersOffer(pic, tapped = true) {
  const os = pic.orders.pieces.map((p) => Object.assign({ who: p.who, id: p.id }, p.options[pick.given[p.id] || 0]));
  const moving = os.filter((o) => o.moves).map((o) => o.id).join(" ");
  const clash = (pic.orders.clashes || []).find((c) => c.pieces.join(" ") === moving);
  const say = "Orders: " + os.map((o) => o.who + " " + o.say).join("; ");
  offer([clash ? { say: say + ". " + clash.why } : { say: say, text: os.map((o) => o.text).join(" ") }], tapped);
}

function chooseTap(id) {
  const ch = state.view.picture.choose;
  if (!ch.spots.includes(id)) return;
  pick.chosen = pick.chosen.includes(id) ? pick.chosen.filter((c) => c !== id) : pick.chosen.concat(id).slice(-ch.count);
  chooseLight(state.view.picture);
  if (!pick.chosen.length) pick.offer = null;
  else if (pick.chosen.length < ch.count) offer([{ say: "Chosen: " + pick.chosen.join(", ") + "; tap " + (ch.count - pick.chosen.length) + " more." }]);
  else offer([{ say: ch.say + " " + pick.chosen.join(", "), text: ch.text + " " + pick.chosen.join(" ").toLowerCase() }]);
  show();
}

// chooseLight marks the squares that may be chosen (dashed) and those
// chosen (filled), and lists them as big buttons under the board.
function chooseLight(pic) {
  for (const r of $("pic").querySelectorAll(".spot")) {
    r.classList.toggle("from", pic.choose.spots.includes(r.dataset.id) && !pick.chosen.includes(r.dataset.id));
    r.classList.toggle("lit", pick.chosen.includes(r.dataset.id));
  }
  const chips = $("chips");
  chips.replaceChildren(Object.assign(document.createElement("span"), { className: "chips-label", textContent: "choose " + pic.choose.count + ":" }));
  for (const id of pic.choose.spots) {
    const b = Object.assign(document.createElement("button"), { type: "button", className: "chip" + (pick.chosen.includes(id) ? " picked" : ""), textContent: id });
    b.dataset.id = id;
    b.onclick = () => chooseTap(id);
    chips.append(b);
  }
}

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
