// sow's page: a board for any rules file the server offers, played through its JSON API.
// The page knows no game: the server says what the board is, what is legal and what each
// decision did; the page draws it, animates sowings and sends clicks.
"use strict";

const $ = (id) => document.getElementById(id);

const SPEEDS = [
  { name: "instant", seed: 0 },
  { name: "fast", seed: 35 },
  { name: "normal", seed: 90 },
  { name: "slow", seed: 180 },
  { name: "very slow", seed: 320 },
];

const app = {
  catalogue: null,
  view: null,       // the game as the server last described it
  board: [],        // the counts shown (differs from view.board while animating)
  holes: [],        // hole elements, in board order
  stores: {},       // store elements by side, on a board with stores
  storeCounts: {},  // the store counts shown
  actions: new Map(), // what clicking a hole does now, in words, by hole name
  generation: 0,    // bumped by a new game, to stop a computer loop of the old one
  busy: false,      // a request or an animation is under way
  selected: null,   // the first hole of a transfer being chosen
  hint: null,
  log: [],
  sowings: [],      // how long recent sowings took to show, and their seeds
};

// ---- the API --------------------------------------------------------------------------

// Every request that changes something sends JSON (`{}` when it has nothing to say): the
// server takes no other kind of body from a page.
async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined || method === "POST" || method === "DELETE") {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body === undefined ? {} : body);
  }
  const response = await fetch(path, options);
  const data = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const error = new Error((data && data.error) || `${response.status} ${response.statusText}`);
    error.code = data && data.code;
    error.detail = data && data.detail;
    error.status = response.status;
    throw error;
  }
  return data;
}

// ---- small helpers ---------------------------------------------------------------------

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const cap = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const sideName = (side) => cap(side);

function holeIndex(name) {
  const row = name.charCodeAt(0) - 97;
  const column = parseInt(name.slice(1), 10) - 1;
  return row * app.view.columns + column;
}

function holeName(index) {
  const columns = app.view.columns;
  return String.fromCharCode(97 + Math.floor(index / columns)) + ((index % columns) + 1);
}

function setState(state) {
  document.body.dataset.state = state;
}

function say(text, kind) {
  const message = $("message");
  message.textContent = text || "";
  message.className = kind || "";
}

// A line in the log of what happened, also announced to screen readers.
function logLine(text) {
  $("announce").textContent = text;
  app.log.push(text);
  if (app.log.length > 60) app.log.shift();
  const list = $("log");
  const item = document.createElement("li");
  item.textContent = text;
  list.appendChild(item);
  while (list.children.length > 60) list.removeChild(list.firstChild);
  list.scrollTop = list.scrollHeight;
}

function speed() {
  return SPEEDS[Number($("speed").value)] || SPEEDS[2];
}

function playerLabel(player) {
  if (player.human) return player.team.length ? "a team" : "a person";
  return player.level ? `the computer (${player.level})` : `the computer (${player.controller})`;
}

// ---- the board -------------------------------------------------------------------------

// Symbols for the kinds of marked hole, in the order the rules declare them.
const MARK_SYMBOLS = ["◆", "▲", "●", "■"];

function markSymbol(name) {
  const i = app.view ? app.view.marks.indexOf(name) : -1;
  return MARK_SYMBOLS[Math.max(0, i) % MARK_SYMBOLS.length];
}

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

// Build the grid for the view's board: North's rows on top, row letters left and right,
// column numbers above and below, a line where the territories meet, and on a board with
// stores a store at each end, beside every row. Every cell is placed explicitly.
function buildBoard(view) {
  const board = $("board");
  board.innerHTML = "";
  const stores = !!view.stores;
  // Columns: [store] letter holes… letter [store].
  const first = stores ? 2 : 1;
  const template = `${stores ? "var(--hole) " : ""}auto repeat(${view.columns}, var(--hole)) auto${stores ? " var(--hole)" : ""}`;
  board.style.gridTemplateColumns = template;
  board.dataset.columns = view.columns;
  board.dataset.rows = view.rows;
  board.classList.toggle("with-stores", stores);
  app.holes = new Array(view.rows * view.columns);
  app.stores = {};
  const place = (element, row, column, span) => {
    element.style.gridRow = String(row);
    element.style.gridColumn = span ? `${column} / span ${span}` : String(column);
    board.appendChild(element);
  };
  let gridRow = 1;
  const numbers = () => {
    for (let c = 1; c <= view.columns; c++) place(label(String(c)), gridRow, first + c);
    gridRow += 1;
  };
  numbers();
  const firstHoleRow = gridRow;
  for (let row = view.rows - 1; row >= 0; row--) {
    const letter = String.fromCharCode(97 + row);
    place(label(letter), gridRow, first);
    for (let c = 0; c < view.columns; c++) {
      const index = row * view.columns + c;
      const hole = document.createElement("button");
      hole.type = "button";
      hole.className = `hole own-${view.owners[index]}`;
      hole.dataset.hole = letter + (c + 1);
      hole.dataset.row = row;
      hole.dataset.column = c;
      hole.tabIndex = -1;
      hole.innerHTML = '<span class="pit"></span><span class="count"></span>';
      hole.addEventListener("click", () => clickHole(hole.dataset.hole));
      hole.addEventListener("keydown", (event) => moveFocus(event, row, c));
      place(hole, gridRow, first + 1 + c);
      app.holes[index] = hole;
    }
    place(label(letter), gridRow, first + view.columns + 1);
    gridRow += 1;
    // A line between rows of different owners.
    if (row > 0 && view.owners[row * view.columns] !== view.owners[(row - 1) * view.columns]) {
      const line = document.createElement("div");
      line.className = "divider";
      place(line, gridRow, first, view.columns + 2);
      gridRow += 1;
    }
  }
  const holeRows = gridRow - firstHoleRow;
  if (stores) {
    // Each end's stores share its column, one above another (at a table of two, one each).
    const sides = Object.keys(view.store_ends);
    for (const side of sides) {
      const store = document.createElement("div");
      store.className = `store own-${side}`;
      store.dataset.store = side;
      store.setAttribute("role", "img");
      store.innerHTML = '<span class="pit"></span><span class="count"></span>';
      const end = view.store_ends[side];
      const column = end === "left" ? 1 : first + view.columns + 2;
      const together = sides.filter((s) => view.store_ends[s] === end);
      const k = together.indexOf(side);
      const top = firstHoleRow + Math.floor((k * holeRows) / together.length);
      const bottom = firstHoleRow + Math.floor(((k + 1) * holeRows) / together.length);
      store.style.gridRow = `${top} / ${Math.max(bottom, top + 1)}`;
      store.style.gridColumn = String(column);
      board.appendChild(store);
      app.stores[side] = store;
    }
  }
  numbers();
  sizeBoard();
  const firstHole = app.holes[0];
  if (firstHole) firstHole.tabIndex = 0;
}

function label(text) {
  const element = document.createElement("div");
  element.className = "label";
  element.setAttribute("aria-hidden", "true");
  element.textContent = text;
  return element;
}

// Holes as big as the window allows (28–84 px); narrower windows scroll the board.
function sizeBoard() {
  if (!app.view) return;
  const wrap = $("board-wrap");
  const columns = app.view.columns;
  const stores = app.view.stores ? 2 : 0;
  const gap = columns > 20 ? 4 : 6;
  const room = wrap.clientWidth - 24 - 2 * 30 - (columns + 1 + stores) * gap;
  const hole = Math.max(28, Math.min(84, Math.floor(room / (columns + stores))));
  document.documentElement.style.setProperty("--hole", `${hole}px`);
  document.documentElement.style.setProperty("--gap", `${gap}px`);
  for (let i = 0; i < app.holes.length; i++) drawHole(i);
  for (const side of Object.keys(app.stores)) drawStore(side);
}

function holeSize() {
  return parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--hole")) || 64;
}

// Seeds as dots while they fit (placed on a sunflower spiral, stretched to fill a store
// `tall` times as high as it is wide), a number beyond that; the count is always written
// under the pit.
function drawSeeds(pit, count, size, most, tall) {
  pit.innerHTML = "";
  if (count > 0 && count <= most) {
    const dot = Math.max(4, Math.round(size * (count > 8 ? 0.14 : 0.17)));
    const spread = size * (count > 8 ? 0.115 : 0.14);
    pit.style.setProperty("--dot", `${dot}px`);
    for (let i = 0; i < count; i++) {
      const r = count === 1 ? 0 : (spread * Math.sqrt(i + 0.5)) / Math.sqrt(tall);
      const angle = i * 2.39996;
      const d = document.createElement("span");
      d.className = "dot";
      d.style.left = `${50 + (100 * r * Math.cos(angle)) / size}%`;
      d.style.top = `${50 + (100 * r * Math.sin(angle)) / size}%`;
      pit.appendChild(d);
    }
  } else if (count > most) {
    const big = document.createElement("span");
    big.className = "big";
    big.textContent = count;
    pit.appendChild(big);
  }
}

function drawHole(index, extra) {
  const element = app.holes[index];
  if (!element) return;
  const count = app.board[index] || 0;
  const size = holeSize();
  const most = size >= 60 ? 15 : size >= 44 ? 10 : 6;
  if (element.dataset.drawn !== `${count}/${size}`) {
    element.dataset.drawn = `${count}/${size}`;
    drawSeeds(element.firstChild, count, size, most, 1);
  }
  element.lastChild.textContent = count;
  element.dataset.count = count;
  element.classList.toggle("empty", count === 0);
  labelHole(element);
  if (extra !== undefined) {
    element.classList.remove("sowing", "lifted", "taken");
    if (extra) element.classList.add(extra);
  }
}

// A store: a long pit beside every row, its seeds as dots while they fit, its count below.
function drawStore(side, extra) {
  const element = app.stores[side];
  if (!element) return;
  const count = app.storeCounts[side] || 0;
  const size = holeSize();
  const tall = Math.max(1, element.firstChild.clientHeight / size);
  const most = Math.floor((size >= 60 ? 15 : size >= 44 ? 10 : 6) * tall);
  if (element.dataset.drawn !== `${count}/${size}/${tall.toFixed(2)}`) {
    element.dataset.drawn = `${count}/${size}/${tall.toFixed(2)}`;
    drawSeeds(element.firstChild, count, size, most, tall);
  }
  element.lastChild.textContent = count;
  element.dataset.count = count;
  element.setAttribute("aria-label", `${sideName(side)}'s store, ${plural(count, "seed")}`);
  element.title = `${sideName(side)}'s store`;
  if (extra !== undefined) {
    element.classList.remove("sowing");
    if (extra) element.classList.add(extra);
  }
}

// What a screen reader says of a hole: its name, its seeds, its marks, whose it is (when
// not the mover's), and what clicking it does now.
function labelHole(element) {
  const view = app.view;
  if (!view) return;
  const index = holeIndex(element.dataset.hole);
  const parts = [`${element.dataset.hole}, ${plural(app.board[index] || 0, "seed")}`];
  for (const flag of view.flags[index] || []) parts.push(`marked ${flag}`);
  const owner = view.owners[index];
  if (view.outcome || owner !== view.to_move) parts.push(`${sideName(owner)}'s hole`);
  let text = parts.join(", ");
  const actions = app.actions.get(element.dataset.hole);
  if (actions && actions.length) text += `; ${actions.join(" or ")}`;
  element.setAttribute("aria-label", text);
}

// Marks and the like on the holes: a symbol in the pit's corner, named in the legend.
function drawFlags(view) {
  for (let i = 0; i < app.holes.length; i++) {
    const hole = app.holes[i];
    const flags = view.flags[i] || [];
    let badge = hole.querySelector(".flag");
    if (!flags.length) {
      if (badge) badge.remove();
      hole.classList.remove("marked");
      continue;
    }
    if (!badge) {
      badge = document.createElement("span");
      badge.className = "flag";
      badge.setAttribute("aria-hidden", "true");
      hole.firstChild.after(badge);
    }
    badge.textContent = flags.map(markSymbol).join("");
    hole.classList.add("marked");
  }
  const legend = $("legend");
  legend.innerHTML = "";
  for (const name of view.marks) {
    const item = document.createElement("span");
    item.className = "item";
    const symbol = document.createElement("span");
    symbol.className = "flag-sample";
    symbol.setAttribute("aria-hidden", "true");
    symbol.textContent = markSymbol(name);
    const held = view.flags.filter((f) => f.includes(name)).length;
    item.append(symbol, ` ${name}: a marked hole (${held ? plural(held, "hole") : "none yet"})`);
    legend.appendChild(item);
  }
  legend.hidden = view.marks.length === 0;
}

function drawBoard() {
  for (let i = 0; i < app.holes.length; i++) drawHole(i, null);
  for (const side of Object.keys(app.stores)) drawStore(side, null);
}

// Arrow keys move between holes (roving focus); Enter and Space click the button.
function moveFocus(event, row, column) {
  const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [1, 0], ArrowDown: [-1, 0] };
  const step = moves[event.key];
  if (!step) return;
  event.preventDefault();
  const view = app.view;
  const r = Math.min(view.rows - 1, Math.max(0, row + step[0]));
  const c = Math.min(view.columns - 1, Math.max(0, column + step[1]));
  focusHole(r * view.columns + c);
}

function focusHole(index) {
  for (const hole of app.holes) hole.tabIndex = -1;
  const hole = app.holes[index];
  if (hole) {
    hole.tabIndex = 0;
    hole.focus();
  }
}

// ---- showing a game --------------------------------------------------------------------

function render(view) {
  const rebuilt = !app.view || app.view.id !== view.id || app.view.columns !== view.columns ||
    app.view.rows !== view.rows || !app.view.stores !== !view.stores;
  app.view = view;
  app.board = view.board.slice();
  app.storeCounts = view.stores ? { ...view.stores } : {};
  document.body.classList.toggle("wide", view.columns > 12);
  document.body.classList.remove("no-game");
  $("problem").hidden = true;
  // What clicking each hole does now, for the holes' labels.
  app.actions = new Map();
  const legal = new Set();
  const picks = new Set();
  if (!view.computer_to_move && !view.outcome) {
    for (const move of view.legal) {
      if (!move.hole) continue;
      (move.kind === "pick" ? picks : legal).add(move.hole);
      const actions = app.actions.get(move.hole) || [];
      // A transfer is two clicks: its first says only that seeds move from here.
      const action = move.kind === "transfer" ? "move seeds from it, then click where to" : move.action;
      if (!actions.includes(action)) actions.push(action);
      app.actions.set(move.hole, actions);
    }
  }
  if (rebuilt) buildBoard(view);
  drawBoard();
  drawFlags(view);
  const last = new Set(view.last_turn);
  for (const [index, hole] of app.holes.entries()) {
    const name = hole.dataset.hole;
    // Where holes belong by colour, the seeds are drawn in their holder's colour.
    const holder = view.holders && view.holders[index];
    if (holder) hole.dataset.holder = holder;
    else delete hole.dataset.holder;
    hole.classList.toggle("legal", legal.has(name));
    hole.classList.toggle("pickable", picks.has(name));
    hole.classList.toggle("last", last.has(name));
    hole.classList.toggle("hint", app.hint === name);
    hole.classList.toggle("selected", app.selected === name);
  }
  // Keyboard focus starts on a hole that can be played.
  const firstPlayable = app.holes.findIndex((h) => h.classList.contains("legal") || h.classList.contains("pickable"));
  if (firstPlayable >= 0 && !app.holes.some((h) => h === document.activeElement)) {
    for (const hole of app.holes) hole.tabIndex = -1;
    app.holes[firstPlayable].tabIndex = 0;
  }

  $("title").textContent = view.title;
  document.title = `${view.game} — sow`;
  $("status").textContent = view.status;
  const owed = $("owed");
  owed.hidden = view.remaining == null || !!view.outcome;
  owed.textContent = view.remaining == null ? "" : `${view.remaining} left`;
  $("prompt").textContent = promptFor(view);
  // North's panel above the board, South's below, and at a larger table the others below
  // South's, in turn order.
  for (const side of view.seats) drawSide(side, view);
  drawActions(view);
  drawMoves(view);
  gameControls(view);
  if (location.hash !== `#game=${view.id}`) history.replaceState(null, "", `#game=${view.id}`);
  setState(view.outcome ? "over" : view.computer_to_move ? "computer" : "ready");
}

// What a person to move is asked to do, when it is not plain sowing.
function promptFor(view) {
  if (view.outcome || view.computer_to_move) return "";
  const marks = view.legal.filter((m) => m.kind === "mark");
  if (marks.length && marks.length === view.legal.length) {
    const opening = view.opening ? `Opening “${view.opening}”: ` : "";
    return `${opening}click a ringed hole to ${marks[0].action}.`;
  }
  return "";
}

// The buttons that act on the game: live only while there is a game they can act on.
function gameControls(view) {
  const humanToMove = !!view && !view.outcome && !view.computer_to_move;
  $("undo").disabled = !view || view.turns.length === 0;
  $("hint").disabled = !humanToMove;
  $("resign").disabled = !humanToMove;
  $("notation-input").disabled = !view;
  $("notation-play").disabled = !view;
  const download = $("download");
  if (view) {
    download.href = `/api/games/${view.id}/record`;
    download.classList.remove("disabled");
    download.removeAttribute("aria-disabled");
  } else {
    download.removeAttribute("href");
    download.classList.add("disabled");
    download.setAttribute("aria-disabled", "true");
  }
}

// No game to show (the one asked for cannot start): say why, readably — the message, then
// the diagnostic with its lines kept — with no board and no game buttons, and the setup
// dialog open to choose again.
function showNoGame(error, request) {
  app.generation += 1;
  app.view = null;
  app.holes = [];
  app.stores = {};
  app.busy = false;
  $("board").innerHTML = "";
  $("side-north").innerHTML = "";
  $("side-south").innerHTML = "";
  for (const extra of document.querySelectorAll(".side.extra")) extra.remove();
  $("legend").hidden = true;
  $("actions").hidden = true;
  $("moves").innerHTML = "";
  $("owed").hidden = true;
  $("prompt").textContent = "";
  $("title").textContent = "";
  document.title = "sow — no game";
  document.body.classList.add("no-game");
  $("status").textContent = "No game";
  say("");
  showError($("problem"), "This game cannot start", error);
  $("problem").hidden = false;
  gameControls(null);
  setState("error");
  if (app.catalogue) openSetup(request, error);
}

// An error as a short sentence and, when the server sent one, the diagnostic below it
// with its lines and columns as they were written.
function showError(box, heading, error) {
  box.innerHTML = "";
  const title = document.createElement("p");
  title.className = "summary";
  title.textContent = `${heading}: ${error.message}.`;
  box.appendChild(title);
  if (error.detail) {
    const pre = document.createElement("pre");
    pre.className = "diagnostic";
    pre.tabIndex = 0;
    pre.setAttribute("aria-label", "The full diagnostic");
    pre.textContent = error.detail.replace(/\s+$/, "");
    box.appendChild(pre);
  }
}

// The panel of a player: North's and South's are in the page; the others' are made below
// South's when first drawn.
function sidePanel(side) {
  let element = $(`side-${side}`);
  if (!element) {
    element = document.createElement("div");
    element.className = "side extra";
    element.id = `side-${side}`;
    const after = document.querySelectorAll(".side.extra");
    (after.length ? after[after.length - 1] : $("side-south")).after(element);
  }
  return element;
}

function drawSide(side, view) {
  const player = view.players[side];
  const element = sidePanel(side);
  element.classList.toggle("to-move", !view.outcome && view.to_move === side);
  element.innerHTML = "";
  const who = document.createElement("span");
  who.className = "who";
  who.textContent = `${sideName(side)} — ${playerLabel(player)}`;
  element.appendChild(who);
  const facts = document.createElement("span");
  facts.className = "facts";
  // At a table of more than two no one sits at a side's rows.
  const rows = view.seats.length === 2 ? `rows ${view.row_letters[side].join(", ")} · ` : "";
  let text = `${rows}${view.seeds[side]} on the board`;
  if (view.stores) text += ` · ${view.stores[side]} in store`;
  if (view.hands) text += ` · ${view.hands[side]} in hand`;
  else if (!view.stores && view.captured[side]) text += ` · ${view.captured[side]} captured`;
  facts.textContent = text;
  element.appendChild(facts);
  if (player.team.length) {
    const team = document.createElement("span");
    team.className = "team";
    for (const name of player.team) {
      const chip = document.createElement("span");
      chip.textContent = name;
      if (name === player.member) chip.className = "current";
      team.appendChild(chip);
    }
    element.appendChild(team);
  }
  if (view.outcome && view.outcome.winner === side) {
    const won = document.createElement("strong");
    won.textContent = "wins";
    element.appendChild(won);
  }
}

// Buttons for the decisions that are not a hole (stop, relay, pass, a count to lift), and the direction
// chooser when a hole can be sown either way.
function drawActions(view, choices) {
  const actions = $("actions");
  actions.innerHTML = "";
  const buttons = [];
  if (!view.outcome && !view.computer_to_move) {
    for (const move of view.legal) {
      // A count of seeds to lift, and an offer to end the game and its answers, are labelled
      // with their action (`Lift 4 seeds`, `Offer to end the game`).
      const labelled = ["lift", "offer", "agree", "refuse"].includes(move.kind);
      if (!move.hole) buttons.push([cap(labelled ? move.action : move.text), move.text]);
    }
  }
  if (choices) {
    const prompt = document.createElement("span");
    prompt.className = "prompt";
    prompt.textContent = `Sow ${choices[0].hole}:`;
    actions.appendChild(prompt);
    for (const move of choices) {
      const direction = move.text.split(":")[1];
      buttons.push([direction === "cw" ? "clockwise" : direction === "ccw" ? "anticlockwise" : move.text, move.text]);
    }
  }
  for (const [text, move] of buttons) {
    const button = document.createElement("button");
    button.textContent = text;
    button.dataset.move = move;
    button.addEventListener("click", () => send(move));
    actions.appendChild(button);
  }
  actions.hidden = buttons.length === 0;
}

function drawMoves(view) {
  const list = $("moves");
  list.innerHTML = "";
  view.turns.forEach((turn, i) => {
    const item = document.createElement("li");
    item.className = turn.player + (i === view.turns.length - 1 ? " latest" : "");
    item.textContent = `${turn.text}`;
    item.title = sideName(turn.player);
    if (turn.member) {
      const member = document.createElement("span");
      member.className = "member";
      member.textContent = turn.member;
      item.appendChild(member);
    }
    list.appendChild(item);
  });
  list.scrollTop = list.scrollHeight;
}

// ---- animation -------------------------------------------------------------------------

// A store's side from its name in a lap (`South's store`), or null for a hole.
function storeSide(name) {
  const match = /^(\w+)'s store$/.exec(name);
  return match ? match[1].toLowerCase() : null;
}

// However many seeds a decision sows, over however many laps, its sowing is shown in
// about this long at most: each seed takes the speed's delay, or less when there are
// many (a 19-lap relay on 4×36 included). A capture's flash comes on top.
const SOWING_BUDGET = 2200;
const CAPTURE_PAUSE = 600;

// The delay per step of a sowing: the speed's, or the budget shared by its steps (each
// seed dropped, and a lift and a pause per lap).
function sowingStep(laps, delay) {
  const steps = laps.reduce((n, lap) => n + lap.drops.length + 2, 0);
  return steps === 0 ? delay : Math.min(delay, SOWING_BUDGET / steps);
}

// A clock that waits until a step is due, counted from its start: short steps add up
// without each paying a timer's own delay, so the whole stays within its budget.
function stepClock() {
  const start = performance.now();
  let due = 0;
  return async (ms) => {
    due += ms;
    const wait = start + due - performance.now();
    if (wait >= 4) await sleep(wait);
  };
}

// What a decision did, in words: the server's narration, and "moves again" when the
// same player moves next.
function narration(played) {
  let text = played.narration;
  if (played.again && !/moves again/.test(text)) {
    text = `${text.replace(/\.$/, "")}; ${sideName(played.player)} moves again.`;
  }
  return text;
}

// Show one decision happen: each lap lifts a hole and drops its seeds one by one (into
// the stores too), then the capture empties the holes it took from.
async function animate(played, generation) {
  const delay = speed().seed;
  const alive = () => generation === app.generation;
  const started = performance.now();
  const seeds = played.laps.reduce((n, lap) => n + lap.drops.length, 0);
  // What could be played before is not what can be played now.
  app.actions = new Map();
  for (const hole of app.holes) hole.classList.remove("legal", "pickable", "hint", "selected");
  drawActions({ legal: [], outcome: true });
  $("prompt").textContent = "";
  if (delay > 0) {
    const step = sowingStep(played.laps, delay);
    const wait = stepClock();
    let lastStore = null;
    for (let i = 0; i < played.laps.length && alive(); i++) {
      const lap = played.laps[i];
      const from = holeIndex(lap.from);
      const laps = played.laps.length;
      $("status").textContent = `${sideName(played.player)} sows ${lap.from}` +
        (laps > 1 ? ` — lap ${i + 1} of ${laps}, ${lap.drops.length} seeds` : ` — ${lap.drops.length} seeds`);
      app.board[from] = 0;
      drawHole(from, "lifted");
      await wait(step);
      drawHole(from, null);
      let previous = null;
      const unmark = () => {
        if (previous === null) return;
        if (typeof previous === "string") drawStore(previous, null);
        else drawHole(previous, null);
      };
      for (const name of lap.drops) {
        if (!alive()) return;
        unmark();
        const side = storeSide(name);
        if (side) {
          app.storeCounts[side] = (app.storeCounts[side] || 0) + 1;
          drawStore(side, "sowing");
          previous = side;
        } else {
          const index = holeIndex(name);
          app.board[index] += 1;
          drawHole(index, "sowing");
          previous = index;
        }
        await wait(step);
      }
      await wait(step);
      // A last seed in a store stays lit until the decision is drawn.
      lastStore = typeof previous === "string" ? previous : null;
      if (!lastStore) unmark();
    }
    if (played.again && alive()) {
      $("status").textContent = `${sideName(played.player)}'s last seed is in the store: ${sideName(played.player)} moves again`;
      await sleep(Math.min(CAPTURE_PAUSE, delay * 6));
    }
    if (lastStore) drawStore(lastStore, null);
    if (played.taken.length && alive()) {
      for (const [name, seeds] of played.taken) {
        const index = holeIndex(name);
        app.board[index] = Math.max(0, app.board[index] - seeds);
        drawHole(index, "taken");
      }
      // Taken seeds that go to a store are seen arriving there.
      const filled = Object.keys(app.stores).filter((side) => played.stores && played.stores[side] !== app.storeCounts[side]);
      for (const side of filled) {
        app.storeCounts[side] = played.stores[side];
        drawStore(side, "sowing");
      }
      await sleep(Math.min(CAPTURE_PAUSE, delay * 6));
      for (const [name] of played.taken) drawHole(holeIndex(name), null);
      for (const side of filled) drawStore(side, null);
    }
  }
  if (!alive()) return;
  // How long each sowing took to show (the browser test reads it).
  app.sowings.push({ ms: Math.round(performance.now() - started), seeds, laps: played.laps.length });
  if (app.sowings.length > 20) app.sowings.shift();
  app.board = played.board.slice();
  if (played.stores) app.storeCounts = { ...played.stores };
  drawBoard();
  logLine(narration(played));
}

// ---- playing ---------------------------------------------------------------------------

async function clickHole(name) {
  const view = app.view;
  if (!view) return;
  focusHole(holeIndex(name));
  if (app.busy) return;
  if (view.outcome) {
    say(`The game is over: ${view.outcome.text}. Start a new game, or undo.`, "error");
    return;
  }
  if (view.computer_to_move) {
    say(`Wait: it is ${sideName(view.to_move)}'s turn, and the computer is playing it.`, "error");
    return;
  }
  // A transfer (a move of seeds from one hole to another) takes two clicks: from, then to;
  // a hole that may also be sown is sown by a second click on it.
  const moves = view.legal.filter((m) => m.hole === name && m.kind !== "transfer");
  const transfers = view.legal.filter((m) => m.kind === "transfer");
  if (transfers.length) {
    if (app.selected) {
      const from = app.selected;
      app.selected = null;
      render(view);
      if (from !== name) return send(`${from}-${name}`);
      if (!moves.length) return;
    } else if (transfers.some((m) => m.hole === name)) {
      app.selected = name;
      render(view);
      const sow = moves.length ? `, or ${name} again to sow it` : "";
      say(`Moving seeds from ${name}: click the hole they go to${sow}.`);
      return;
    }
  }
  if (moves.length > 1) {
    drawActions(view, moves);
    say(`Choose the direction to sow ${name} in (it is kept for the rest of the game).`);
    return;
  }
  // An illegal hole is sent too: the server explains why it is not allowed.
  await send(moves.length === 1 ? moves[0].text : name);
}

async function send(text) {
  if (!app.view || app.busy) return;
  const generation = app.generation;
  app.busy = true;
  setState("busy");
  app.hint = null;
  try {
    const answer = await api("POST", `/api/games/${app.view.id}/play`, { move: text });
    say("");
    for (const played of answer.played) await animate(played, generation);
    if (generation !== app.generation) return;
    render(answer.game);
    if (answer.error) say(`Not played: ${answer.error}.`, "error");
  } catch (error) {
    say(`Not allowed: ${error.message}.`, "error");
    if (app.view) render(app.view);
  } finally {
    if (generation === app.generation) app.busy = false;
  }
  if (generation === app.generation) await computerTurns(generation);
}

// While a computer is to move, ask it for one decision at a time and show each.
async function computerTurns(generation) {
  while (app.view && app.view.computer_to_move && generation === app.generation) {
    const view = app.view;
    const player = view.players[view.to_move];
    app.busy = true;
    setState("computer");
    $("status").textContent = `${sideName(view.to_move)} (${player.level || player.controller}) is thinking…`;
    let answer;
    try {
      answer = await api("POST", `/api/games/${view.id}/computer`);
    } catch (error) {
      say(`The computer could not play: ${error.message}.`, "error");
      app.busy = false;
      setState("ready");
      return;
    }
    if (generation !== app.generation) return;
    for (const played of answer.played) await animate(played, generation);
    if (generation !== app.generation) return;
    render(answer.game);
    app.busy = false;
  }
  if (generation === app.generation) {
    app.busy = false;
    if (app.view) setState(app.view.outcome ? "over" : "ready");
  }
}

async function startGame(request) {
  app.generation += 1;
  const generation = app.generation;
  app.busy = true;
  setState("busy");
  try {
    const view = await api("POST", "/api/games", request);
    if (generation !== app.generation) return;
    app.view = null;
    app.hint = null;
    app.selected = null;
    $("log").innerHTML = "";
    say("");
    render(view);
    logLine(`New game: ${view.title}. ${sideName(view.to_move)} moves first.`);
    app.busy = false;
    await computerTurns(generation);
    return view;
  } catch (error) {
    if (app.view) setState(app.view.outcome ? "over" : "ready");
    throw error;
  } finally {
    if (generation === app.generation) app.busy = false;
  }
}

async function resume(id) {
  const view = await api("GET", `/api/games/${id}`);
  app.generation += 1;
  render(view);
  logLine(`Back to the game: ${view.title}.`);
  await computerTurns(app.generation);
}

async function undo() {
  if (!app.view || app.busy) return;
  app.generation += 1;
  app.busy = true;
  setState("busy");
  try {
    const view = await api("POST", `/api/games/${app.view.id}/undo`);
    app.hint = null;
    render(view);
    say("Taken back.");
  } catch (error) {
    say(error.message + ".", "error");
    if (app.view) setState(app.view.outcome ? "over" : "ready");
  }
  app.busy = false;
  await computerTurns(app.generation);
}

async function hint() {
  if (!app.view || app.busy || app.view.computer_to_move || app.view.outcome) return;
  app.busy = true;
  setState("busy");
  say("Thinking about a hint…");
  try {
    const answer = await api("POST", `/api/games/${app.view.id}/hint`);
    app.hint = answer.move.split(/[:\-]/)[0];
    say(`Hint: ${answer.move}${answer.report ? ` (${answer.by}: ${answer.report})` : ""}.`, "hint");
    render(app.view);
  } catch (error) {
    say(error.message + ".", "error");
    setState("ready");
  } finally {
    app.busy = false;
  }
}

let resignArmed = null;
async function resign() {
  if (!app.view || app.busy) return;
  const button = $("resign");
  if (!resignArmed) {
    button.textContent = "Really resign?";
    resignArmed = setTimeout(() => {
      resignArmed = null;
      button.textContent = "Resign";
    }, 4000);
    return;
  }
  clearTimeout(resignArmed);
  resignArmed = null;
  button.textContent = "Resign";
  app.busy = true;
  setState("busy");
  try {
    render(await api("POST", `/api/games/${app.view.id}/resign`));
    say("");
  } catch (error) {
    say(error.message + ".", "error");
    if (app.view) setState(app.view.outcome ? "over" : "ready");
  } finally {
    app.busy = false;
  }
}

// ---- the setup dialog ------------------------------------------------------------------

function fileOf(name) {
  return app.catalogue.files.find((f) => f.name === name) || app.catalogue.files[0];
}

function fillSetup(keep) {
  const file = fileOf($("setup-rules").value);
  const rulesetSelect = $("setup-ruleset");
  const wanted = keep ? rulesetSelect.value : "";
  rulesetSelect.innerHTML = "";
  for (const ruleset of file.rulesets) {
    const option = document.createElement("option");
    option.value = ruleset.name || "";
    option.textContent = ruleset.name || "the base rules";
    rulesetSelect.appendChild(option);
  }
  if ([...rulesetSelect.options].some((o) => o.value === wanted)) rulesetSelect.value = wanted;
  $("setup-about").textContent = [file.game, file.origin].filter(Boolean).join(" — ");
  fillParams();
}

function fillParams() {
  const file = fileOf($("setup-rules").value);
  const ruleset = file.rulesets.find((r) => (r.name || "") === $("setup-ruleset").value) || file.rulesets[0];
  const box = $("setup-params");
  const old = {};
  for (const select of box.querySelectorAll("select")) old[select.name] = Number(select.value);
  box.innerHTML = "";
  for (const param of ruleset.params) {
    const label = document.createElement("label");
    const board = param.name === "columns";
    label.textContent = board ? "Board" : param.doc ? `${cap(param.doc)} (${param.name})` : param.name;
    const select = document.createElement("select");
    select.name = param.name;
    select.id = `setup-param-${param.name}`;
    // The values listed, or the range stepped through (at most 1,000 of them in a menu).
    const values = [];
    if (param.values.length) values.push(...param.values);
    else for (let v = param.low; v <= param.high && values.length < 1000; v += Math.max(1, param.step)) values.push(v);
    for (const v of values) {
      const option = document.createElement("option");
      option.value = v;
      option.textContent = board ? `${ruleset.rows} × ${v}` : String(v);
      select.appendChild(option);
    }
    const want = old[param.name] !== undefined ? old[param.name] : param.default;
    select.value = [...select.options].some((o) => Number(o.value) === want) ? want : param.default;
    label.appendChild(select);
    box.appendChild(label);
  }
}

function fillCatalogue() {
  const rules = $("setup-rules");
  rules.innerHTML = "";
  for (const file of app.catalogue.files) {
    const option = document.createElement("option");
    option.value = file.name;
    option.textContent = file.name === file.game.toLowerCase() ? file.game : `${file.game} (${file.name})`;
    rules.appendChild(option);
  }
  rules.value = app.catalogue.default;
  for (const id of ["setup-south", "setup-north"]) {
    const select = $(id);
    select.innerHTML = "";
    for (const player of app.catalogue.players) {
      const option = document.createElement("option");
      option.value = player.name;
      option.textContent = player.computer ? `the computer: ${player.name} (${player.computer})` : "a person";
      select.appendChild(option);
    }
  }
  $("setup-south").value = "human";
  $("setup-north").value = "medium";
  fillSetup(false);
}

function setupRequest() {
  const params = {};
  for (const select of $("setup-params").querySelectorAll("select")) params[select.name] = Number(select.value);
  const names = (id) => $(id).value.split(",").map((s) => s.trim()).filter(Boolean);
  return {
    rules: $("setup-rules").value,
    ruleset: $("setup-ruleset").value || null,
    params,
    south: $("setup-south").value,
    north: $("setup-north").value,
    south_team: names("setup-south-team"),
    north_team: names("setup-north-team"),
  };
}

// The setup dialog, filled from `request` (a game asked for that could not start) or the
// game shown, with `error` (why it could not start) above its buttons.
function openSetup(request, error) {
  const box = $("setup-error");
  box.hidden = !error;
  if (error) showError(box, "That game cannot start", error);
  const from = request || (app.view && {
    rules: app.view.rules,
    ruleset: app.view.ruleset,
    params: Object.fromEntries(app.view.params),
  });
  if (from) {
    if (app.catalogue.files.some((f) => f.name === from.rules)) $("setup-rules").value = from.rules;
    fillSetup(false);
    const ruleset = $("setup-ruleset");
    if ([...ruleset.options].some((o) => o.value === (from.ruleset || ""))) ruleset.value = from.ruleset || "";
    fillParams();
    for (const [name, value] of Object.entries(from.params || {})) {
      const select = $(`setup-param-${name}`);
      if (select && [...select.options].some((o) => Number(o.value) === value)) select.value = value;
    }
    for (const side of ["south", "north"]) {
      const select = $(`setup-${side}`);
      if (from[side] && [...select.options].some((o) => o.value === from[side])) select.value = from[side];
      if (from[`${side}_team`]) $(`setup-${side}-team`).value = from[`${side}_team`].join(", ");
    }
  }
  if (!$("setup").open) $("setup").showModal();
}

async function submitSetup(event) {
  event.preventDefault();
  const request = setupRequest();
  $("setup").close();
  try {
    await startGame(request);
  } catch (error) {
    // Back to the dialog, saying what was wrong.
    openSetup(request, error);
  }
}

// ---- records ---------------------------------------------------------------------------

async function loadRecord(file) {
  if (!file) return;
  const text = await file.text();
  try {
    await startGame({ record: text, south: $("setup-south").value, north: $("setup-north").value });
    say(`Loaded ${file.name}.`);
  } catch (error) {
    say(`Cannot load ${file.name}: ${error.message}.`, "error");
    if (error.detail) logLine(error.detail);
    if (app.view) setState(app.view.outcome ? "over" : "ready");
  }
  $("load-file").value = "";
}

// ---- start -----------------------------------------------------------------------------

// `/?rules=NAME&ruleset=R&columns=36&south=human&north=easy&speed=0` starts that game.
function requestFromQuery() {
  const query = new URLSearchParams(location.search);
  if ([...query.keys()].length === 0) return null;
  const request = { params: {} };
  for (const [key, value] of query) {
    if (["rules", "ruleset", "south", "north"].includes(key)) request[key] = value;
    else if (key === "south_team" || key === "north_team") request[key] = value.split(",");
    else if (key === "speed") $("speed").value = value;
    else if (key === "seed") request.seed = Number(value);
    else request.params[key] = Number(value);
  }
  return request;
}

function showSpeed() {
  $("speed-name").textContent = speed().name;
  try {
    localStorage.setItem("sow-speed", $("speed").value);
  } catch (_) {
    // Private windows may refuse storage; the speed then lasts for this page only.
  }
}

async function main() {
  try {
    const saved = localStorage.getItem("sow-speed");
    if (saved !== null) $("speed").value = saved;
  } catch (_) {
    // No storage: the default speed.
  }
  showSpeed();
  $("speed").addEventListener("input", showSpeed);
  $("new-game").addEventListener("click", () => openSetup());
  $("undo").addEventListener("click", undo);
  $("hint").addEventListener("click", hint);
  $("resign").addEventListener("click", resign);
  $("load").addEventListener("click", () => $("load-file").click());
  $("load-file").addEventListener("change", (event) => loadRecord(event.target.files[0]));
  $("setup-rules").addEventListener("change", () => fillSetup(false));
  $("setup-ruleset").addEventListener("change", fillParams);
  $("setup-form").addEventListener("submit", submitSetup);
  $("setup-cancel").addEventListener("click", () => $("setup").close());
  $("notation").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("notation-input");
    const text = input.value.trim();
    if (text) {
      input.value = "";
      send(text);
    }
  });
  document.addEventListener("keydown", (event) => {
    const typing = ["INPUT", "SELECT", "TEXTAREA"].includes(document.activeElement.tagName);
    if (typing || event.ctrlKey || event.metaKey || event.altKey || $("setup").open) return;
    const key = event.key.toLowerCase();
    if (key === "u") undo();
    else if (key === "h") hint();
    else if (key === "n") openSetup();
    else if (key === "/") {
      event.preventDefault();
      $("notation-input").focus();
    } else return;
    event.preventDefault();
  });
  window.addEventListener("resize", sizeBoard);

  let request = null;
  try {
    app.catalogue = await api("GET", "/api/rules");
    fillCatalogue();
    request = requestFromQuery();
    const id = (location.hash.match(/^#game=([0-9a-f]+)$/) || [])[1];
    if (request) {
      showSpeed();
      await startGame(request);
    } else if (id) {
      await resume(id).catch(() => startGame(setupRequest()));
    } else {
      await startGame(setupRequest());
    }
  } catch (error) {
    showNoGame(error, request);
  }
}

main();
