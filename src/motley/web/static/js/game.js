// The game page: the board, the actions, the move list, and who sits at this device.
//
// A browser holds the tokens of the seats it plays (one, or several in a hot-seat game) and
// shows one seat's view at a time. When the game hides anything and the turn passes to
// another seat at this device, a curtain covers everything until that player says they are
// ready; only then is that seat's view asked for.

import { Board } from "./board.js";
import { $, clear, el, getJSON, postJSON, svg } from "./dom.js";
import { invitesOf, remember, tokensOf } from "./keep.js";
import { drawPiece, seatColour } from "./pieces.js";
import { drawItem } from "./items.js";
import { drawLegend } from "./legend.js";
import { GameSocket } from "./net.js";
import { renderResult } from "./result.js";
import { muted, play, setMuted, soundFor } from "./sound.js";
import { showTurn } from "./attention.js";
import { forgetMoveBox, setupMoveBox, showMoveBox } from "./movebox.js";
import { setContext, showClocks, showPresence } from "./clock.js";
import { recoverInvites } from "./invites.js";

const gameId = document.body.dataset.game;
const S = {
  info: null,
  board: null,
  socket: null,
  tokens: {},
  seats: [], // seats played at this device
  seat: null, // whose view is shown: a seat, -1 watching, null behind the curtain
  moves: [],
  frame: null, // the live frame
  viewPly: null, // null: live; else looking back at this many steps
  history: new Map(),
  userFlip: false,
  curtainFor: null,
  awaitingSnapshot: true, // after changing seat, nothing counts until the fresh snapshot
  rematch: null, // the id of this game's rematch, once someone asked for it
};

async function start() {
  try {
    S.info = await getJSON(`/api/games/${gameId}`);
    S.rematch = S.info.rematch || null;
    const geometry = await getJSON(`/api/games/${gameId}/board`);
    await joinFromLink();
    await recoverInvites(gameId, S.info);
    S.tokens = tokensOf(gameId);
    S.seats = Object.keys(S.tokens).map(Number).sort((a, b) => a - b);
    setupPage(geometry);
  } catch (error) {
    showError(error.message);
    return;
  }
  S.socket = new GameSocket(gameId, { message: receive, status: connectionStatus });
  if (S.seats.length === 1) bindSeat(S.seats[0]);
  else if (S.seats.length > 1 && !needsCurtain()) bindSeat(S.seats[0]);
  else bindSeat(-1); // watching, or waiting to see whose turn it is behind the curtain
}

async function joinFromLink() {
  const params = new URLSearchParams(location.search);
  const seat = params.get("join");
  if (seat === null) return;
  history.replaceState(null, "", location.pathname);
  if (tokensOf(gameId)[seat]) return;
  try {
    const joined = await postJSON(`/api/games/${gameId}/join`, {
      seat: Number(seat),
      code: params.get("code") || "",
    });
    remember(gameId, { title: S.info.title, tokens: { [joined.seat]: joined.token } });
    S.info = await getJSON(`/api/games/${gameId}`);
  } catch (error) {
    showError(error.message);
  }
}

function needsCurtain() {
  return S.info.hidden || S.info.simultaneous;
}

function setupPage(geometry) {
  document.title = `${S.info.title} · Motley`;
  $("title").textContent = S.info.title;
  $("seed-hash").textContent = S.info.seed_hash;
  $("fairness").hidden = !S.info.chance; // a seed decides nothing in a game without chance
  $("json").href = `/api/games/${gameId}/record.json`;
  $("pgn").href = `/api/games/${gameId}/record.pgn`;
  $("pgn").hidden = !S.info.pgn;
  $("rules").href = `/rules/${S.info.game}`;
  if (geometry) {
    S.board = new Board($("board"), geometry, { onAction: act, onChoose: choose, seatNames: S.info.seat_names });
  } else {
    $("board-wrap").hidden = true;
    $("game").classList.add("boardless");
  }
  $("flip").hidden = !geometry || geometry.sides === false; // nothing to turn without sides
  $("flip").addEventListener("click", () => {
    S.userFlip = !S.userFlip;
    orient();
  });
  $("undo").addEventListener("click", () => ask("undo"));
  setupMoveBox({ id: gameId, token: () => (S.seat >= 0 ? S.tokens[S.seat] || null : null), act });
  showMute();
  $("mute").addEventListener("click", () => {
    setMuted(!muted());
    showMute();
  });
  $("draw").addEventListener("click", () => ask("draw"));
  $("resign").addEventListener("click", () => {
    if (confirm("Resign this game?")) ask("resign");
  });
  $("first").addEventListener("click", () => look(0));
  $("prev").addEventListener("click", () => look(shownPly() - 1));
  $("next").addEventListener("click", () => look(shownPly() + 1));
  $("last").addEventListener("click", () => look(S.moves.length));
  $("curtain-go").addEventListener("click", () => {
    const seat = S.curtainFor;
    hideCurtain();
    bindSeat(seat);
  });
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement) return;
    const keys = { ArrowLeft: shownPly() - 1, ArrowRight: shownPly() + 1, Home: 0, End: S.moves.length };
    if (event.key in keys) {
      look(keys[event.key]);
      event.preventDefault();
    } else if (event.key === "Escape") {
      closeChooser();
      if (S.board) S.board.deselect();
    }
  });
}

// -- seats ------------------------------------------------------------------------------------

function bindSeat(seat) {
  S.seat = seat;
  S.moves = [];
  S.frame = null;
  S.history.clear();
  S.viewPly = null;
  S.awaitingSnapshot = true;
  S.socket.bind(seat >= 0 ? S.tokens[seat] : null);
}

// After every update: is it now the turn of another seat played at this device?
function nextLocalSeat() {
  if (S.seats.length < 2 || !S.frame || S.frame.result) return;
  const mine = S.frame.to_act.filter((s) => S.seats.includes(s));
  if (!mine.length || mine.includes(S.seat)) {
    if (S.seat === -1 && needsCurtain() && S.curtainFor === null) showCurtain(mine[0] ?? S.seats[0]);
    return;
  }
  if (needsCurtain()) showCurtain(mine[0]);
  else bindSeat(mine[0]);
}

function showCurtain(seat) {
  S.curtainFor = seat;
  // forget everything the last seat saw before anyone else can look
  S.moves = [];
  S.frame = null;
  S.history.clear();
  clear($("moves"));
  clear($("buttons"));
  clear($("extras"));
  clear($("table-top"));
  clear($("table-bottom"));
  $("prompt").textContent = "";
  $("details").textContent = "";
  // what was said or typed for the last seat goes too (a hidden move's words among it)
  $("announce").textContent = "";
  forgetMoveBox();
  clear($("result-panel")).hidden = true;
  if (S.board) S.board.show({ pieces: [], last: [], check: [], highlight: [] }, null);
  const name = S.info.seat_names[seat];
  $("curtain-title").textContent = `Pass the device to ${name}`;
  $("curtain-go").textContent = `I am ${name}: show my board`;
  $("curtain").hidden = false;
  if (S.seat !== -1) bindSeat(-1);
  S.seat = -1;
}

function hideCurtain() {
  S.curtainFor = null;
  $("curtain").hidden = true;
}

// -- messages from the server ---------------------------------------------------------------

function receive(message) {
  switch (message.type) {
    case "snapshot":
      if (message.seat !== S.seat) break; // an answer to an earlier binding
      S.awaitingSnapshot = false;
      S.info = message.info;
      S.moves = message.moves;
      S.frame = message.frame;
      S.history.clear();
      update();
      break;
    case "event": {
      if (S.awaitingSnapshot) break; // meant for the seat shown before
      const before = S.frame;
      for (const entry of message.entries) applyEntry(entry);
      S.frame = message.frame;
      const steps = message.entries.filter((entry) => entry.t === "step");
      const sound = soundFor(before, S.frame, steps.length > 0);
      if (sound) play(sound);
      announce(steps);
      update();
      break;
    }
    case "rematch":
      S.rematch = message.id;
      render();
      break;
    case "frame":
      S.history.set(message.ply, message.frame);
      if (S.viewPly === message.ply) render();
      break;
    case "reject":
      showError(message.error);
      break;
    case "error":
      showError(message.error);
      break;
    case "presence":
      showPresence(message, clockContext());
      break;
    default:
      break;
  }
}

function applyEntry(entry) {
  if (entry.t === "step") {
    S.moves = S.moves.slice(0, entry.ply - 1);
    S.moves.push(entry);
  } else if (entry.t === "undo") {
    S.moves = S.moves.slice(0, entry.to);
    S.history.clear();
    S.viewPly = null;
  } else if (entry.t === "join") {
    const seat = S.info.seats[entry.seat];
    if (seat) seat.open = false;
  } else if (entry.t === "resign" || (entry.t === "answer" && entry.accept)) {
    S.info.over = true;
  }
}

function update() {
  if (S.frame && S.frame.result) {
    S.info.over = true;
    S.info.seed = S.frame.result.seed;
    if (S.curtainFor !== null) hideCurtain();
  }
  if (S.curtainFor !== null) {
    nextLocalSeat();
    return; // nothing is drawn behind the curtain
  }
  render();
  nextLocalSeat();
  const mine = Boolean(S.frame && !S.frame.result && S.seat >= 0 && S.frame.to_act.includes(S.seat));
  showTurn(mine && S.curtainFor === null, S.info.title);
}

// The live region reads out the steps just made, as the move list writes them.
function announce(steps) {
  const words = steps.flatMap((step) =>
    stepLabels(step).map((label) => {
      const seat = step.moves[0][0];
      return seat >= 0 && step.kind !== "chance" ? `${S.info.seat_names[seat]}: ${label}` : label;
    }));
  if (words.length) $("announce").textContent = words.join(". ");
}

function showMute() {
  const off = muted();
  $("mute").textContent = off ? "Sound off" : "Sound on";
  $("mute").setAttribute("aria-pressed", String(off));
}

async function askRematch() {
  try {
    const made = await postJSON(`/api/games/${gameId}/rematch`, { tokens: S.seats.map((s) => S.tokens[s]) });
    remember(made.id, { title: S.info.title, tokens: made.tokens });
    location.href = made.url;
  } catch (error) {
    showError(error.message);
  }
}

function connectionStatus(text) {
  const node = $("error");
  if (text) {
    node.textContent = text;
    node.hidden = false;
  } else if (node.dataset.kind !== "error") {
    node.hidden = true;
  }
}

// -- drawing --------------------------------------------------------------------------------

function shownPly() {
  return S.viewPly === null ? S.moves.length : S.viewPly;
}

function shownFrame() {
  if (S.viewPly === null) return S.frame;
  return S.history.get(S.viewPly) || null;
}

function look(ply) {
  if (!S.frame || S.curtainFor !== null) return;
  ply = Math.max(0, Math.min(S.moves.length, ply));
  S.viewPly = ply === S.moves.length ? null : ply;
  if (S.viewPly !== null && !S.history.has(ply)) S.socket.frame(ply);
  render();
}

function orient() {
  if (!S.board) return;
  const followSeat = S.seats.length <= 1 || needsCurtain();
  const base = followSeat && S.seat === 1;
  S.board.setFlipped(base !== S.userFlip);
}

function render() {
  const frame = shownFrame();
  if (S.frame) document.body.dataset.version = S.frame.version;
  const live = S.viewPly === null;
  if (S.board) {
    const actions = live && frame && frame.actions ? frame.actions : null;
    const followSeat = S.seats.length <= 1 || needsCurtain();
    S.board.flipped = (followSeat && S.seat === 1) !== S.userFlip;
    if (frame) S.board.show({ ...frame.scene, last: frame.last }, actions);
  }
  renderSeats();
  setContext(clockContext());
  showClocks(S.frame);
  renderStatus();
  renderButtons(live ? S.frame : null);
  renderMoves();
  if (frame) renderExtras(frame);
  renderTable(frame, live ? S.frame : null);
  renderResult($("result-panel"), {
    info: S.info,
    frame: S.frame,
    seats: S.seats,
    rematchId: S.rematch,
    ply: shownPly(),
    total: S.moves.length,
    look,
    askRematch,
  });
  const examples = live && S.frame && S.frame.actions ? S.frame.actions.examples : null;
  showMoveBox(Boolean(S.seats.length && S.frame && !S.frame.result), examples);
  if (S.board && frame) renderLegend(S.board.geometry, frame.scene);
  renderTools();
}

function seatLabel(seat) {
  const plan = S.info.seats[seat];
  if (S.seats.includes(seat)) return S.seats.length > 1 ? "this device" : "you";
  if (plan.kind === "computer") return `computer, level ${plan.level}`;
  if (plan.kind === "invite" && plan.open) {
    // a seat with no invitation code is open to anyone from the lobby, not to one friend
    return plan.anyone ? "waiting for a player to join" : "waiting for a friend to join";
  }
  if (plan.kind === "invite") return plan.anyone ? "player" : "friend";
  return "player";
}

function renderSeats() {
  const top = clear($("seat-top"));
  const bottom = clear($("seat-bottom"));
  const flipped = S.board ? S.board.flipped : false;
  const toAct = S.frame ? S.frame.to_act : [];
  S.info.seat_names.forEach((name, seat) => {
    const chip = el(
      "span",
      { class: `seat-chip${toAct.includes(seat) ? " to-act" : ""}`, "data-seat": seat },
      svg("svg", { viewBox: "0 0 10 10", class: "seat-dot" },
        svg("circle", { cx: 5, cy: 5, r: 4, fill: seatColour(seat).fill, stroke: seatColour(seat).line })),
      el("strong", { text: name }),
      el("span", { class: "muted", text: ` ${seatLabel(seat)}` }),
    );
    if (S.frame && !S.frame.result && (S.frame.thinking || []).includes(seat)) {
      chip.append(el("span", { class: "thinking", role: "status" }, "Computer is thinking",
        el("span", { class: "dots", "aria-hidden": "true" }, el("i"), el("i"), el("i"))));
    }
    // a board without sides does not turn, but the seat looking at it still sits below it
    const own = S.board && !S.board.sides && S.seat !== null && S.seat >= 0;
    const low = own ? seat === S.seat : flipped ? seat === 1 : seat === 0;
    (low || S.info.players > 2 && seat % 2 === 0 ? bottom : top).append(chip);
  });
}

function renderStatus() {
  const frame = S.frame;
  const node = $("status");
  if (!frame) {
    node.textContent = "Connecting…";
    return;
  }
  let text = frame.status;
  const mine = !frame.result && S.seat >= 0 && frame.to_act.includes(S.seat);
  const prompt = $("prompt");
  prompt.classList.toggle("your-turn", mine);
  prompt.classList.toggle("result", Boolean(frame.result));
  if (frame.result) {
    prompt.textContent = frame.status;
  } else if (mine) {
    const who = S.seats.length > 1 ? `${S.info.seat_names[S.seat]}: ` : "";
    prompt.textContent = who + (frame.scene.prompt || "Your turn");
  } else {
    const pending = frame.pending || {};
    prompt.textContent = S.seat >= 0 && pending[S.seat] ? `${frame.status}. You have chosen.` : frame.status;
  }
  if (mine) {
    text = S.seats.length > 1 ? `${S.info.seat_names[S.seat]} to play` : "Your turn";
    if (frame.scene.check && frame.scene.check.length) text += " (check!)";
  }
  if (S.viewPly !== null) {
    text = `Looking back: after step ${S.viewPly} of ${S.moves.length}`;
    prompt.textContent = text;
  }
  node.textContent = text;
  node.classList.toggle("result", Boolean(frame.result));
  node.classList.toggle("your-turn", !frame.result && frame.to_act.includes(S.seat));

  const offer = clear($("offer"));
  offer.hidden = true;
  if (!frame.result && frame.offers.length) {
    offer.hidden = false;
    const names = frame.offers.map((s) => S.info.seat_names[s]).join(" and ");
    if (S.seat >= 0 && !frame.offers.includes(S.seat)) {
      offer.append(
        el("span", { text: `${names} offer${frame.offers.length > 1 ? "" : "s"} a draw.` }),
        el("button", { type: "button", class: "primary", onclick: () => ask("accept"), text: "Accept" }),
        el("button", { type: "button", onclick: () => ask("decline"), text: "Decline" }),
      );
    } else {
      offer.append(el("span", { text: `${names} offered a draw; waiting for an answer.` }));
    }
  }
  renderInvites();
  if (S.info.seed) {
    $("seed").textContent = S.info.seed;
    $("seed-line").hidden = false;
  }
}

function renderInvites() {
  const box = clear($("invites"));
  const links = invitesOf(gameId);
  const open = S.info.seats
    .map((plan, seat) => ({ plan, seat }))
    .filter(({ plan }) => plan.kind === "invite" && plan.open);
  box.hidden = !open.length || S.info.over;
  for (const { plan, seat } of open) {
    const name = S.info.seat_names[seat];
    if (links[seat]) {
      const url = new URL(links[seat], location.href).href;
      const input = el("input", { type: "text", readonly: true, value: url, "aria-label": `Invitation for ${name}` });
      box.append(
        el("p", { text: `Send this link to the friend who plays ${name}:` }),
        el("div", { class: "copy-row" }, input,
          el("button", { type: "button", onclick: () => copy(input), text: "Copy" })),
      );
    } else if (!S.seats.length && plan.anyone) {
      box.append(el("button", { type: "button", class: "primary", onclick: () => joinSeat(seat), text: `Play as ${name}` }));
    }
  }
}

async function copy(input) {
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    document.execCommand("copy");
  }
}

async function joinSeat(seat) {
  try {
    const joined = await postJSON(`/api/games/${gameId}/join`, { seat, code: "" });
    remember(gameId, { title: S.info.title, tokens: { [joined.seat]: joined.token } });
    S.tokens = tokensOf(gameId);
    S.seats = Object.keys(S.tokens).map(Number);
    bindSeat(joined.seat);
  } catch (error) {
    showError(error.message);
  }
}

function renderButtons(frame) {
  const box = clear($("buttons"));
  if (!frame || !frame.actions) return;
  const { buttons, moves, clicks } = frame.actions;
  const shown = buttons.map(([label, text]) => ({ label, text }));
  if (!S.board) {
    // no board to act on: every action becomes a button, named by its choice in words
    for (const [, , text, choice] of moves) shown.push({ label: choice ? choice.label : text, text });
    for (const [, text, choice] of clicks) shown.push({ label: choice ? choice.label : text, text });
  }
  for (const { label, text } of shown) {
    box.append(el("button", { type: "button", class: "action", "data-action": text, onclick: () => act(text), text: label }));
  }
}

function stepLabels(step) {
  return step.moves
    .map(([seat, label, text]) => label ?? (text === null ? `${S.info.seat_names[seat] ?? "?"} moved` : null))
    .filter((label) => label);
}

// One numbered turn per turn: a step by the player who acted last continues their turn, and
// chance steps belong to the turn they interrupt. Two-player games number full rounds.
function turnsOf(moves) {
  const turns = [];
  let actor = null;
  moves.forEach((step, index) => {
    const seat = step.kind === "chance" ? null : step.moves.length > 1 ? "all" : step.moves[0][0];
    const labels = stepLabels(step);
    // in a one-player game every decision is a turn of its own
    const solo = S.info.players === 1 && step.kind !== "chance";
    const continues = turns.length && !solo && seat !== "all" && (seat === null || seat === actor);
    if (!continues) {
      turns.push({ seat, parts: [], first: index + 1 });
      actor = seat;
    }
    const turn = turns[turns.length - 1];
    if (turn.seat === null && seat !== null) {
      turn.seat = seat;
      actor = seat;
    }
    for (const label of labels) turn.parts.push({ label, ply: index + 1, chance: step.kind === "chance" });
    turn.last = index + 1;
  });
  return turns.filter((turn) => turn.parts.length);
}

function renderMoves() {
  const list = clear($("moves"));
  const current = shownPly();
  const twoSides = S.info.players === 2;
  let number = 0;
  for (const turn of turnsOf(S.moves)) {
    let prefix = "";
    if (turn.seat === null) prefix = "";
    else if (!twoSides) prefix = `${++number}.`;
    else if (turn.seat === 0 || turn.seat === "all") prefix = `${++number}.`;
    else if (number === 0) prefix = `${++number}…`;
    const here = current >= turn.first && current <= turn.last;
    const item = el("li", { class: `move${here ? " current" : ""}`, title: S.info.seat_names[turn.seat] || "" });
    if (prefix) item.append(el("span", { class: "move-number", text: prefix }));
    for (const part of turn.parts) {
      item.append(
        el("button", {
          type: "button",
          class: `${part.chance ? "chance" : ""}${part.ply === current ? " at" : ""}${part.label.length > 18 ? " long" : ""}`,
          onclick: () => look(part.ply),
          text: part.label,
        }),
      );
    }
    list.append(item);
  }
  const active = list.querySelector(".current");
  if (active && S.viewPly === null) active.scrollIntoView({ block: "nearest" });
  $("first").disabled = current === 0;
  $("prev").disabled = current === 0;
  $("next").disabled = current >= S.moves.length;
  $("last").disabled = current >= S.moves.length;
}

function renderExtras(frame) {
  const box = clear($("extras"));
  if (frame.live) {
    const pending = frame.pending || {};
    for (const [seat, text] of Object.entries(pending)) {
      const who = S.info.seat_names[seat];
      const words = text === "committed" ? `${who} has chosen` : `${who} has chosen (hidden from the others)`;
      box.append(el("span", { class: "item note", text: words }));
    }
  }
  const details = $("details-panel");
  details.hidden = !frame.text;
  $("details").textContent = frame.text || "";
}

// What lies around the board: the other seats' things above it, this seat's and the shared
// ones below. A thing the seat may pick (a card, a die) is a button.
function renderTable(frame, live) {
  const top = clear($("table-top"));
  const bottom = clear($("table-bottom"));
  if (!frame) return;
  const picks = new Map();
  for (const [item, index, text, choice] of (live && live.actions ? live.actions.picks : []) || []) {
    const key = `${item}/${index}`;
    if (!picks.has(key)) picks.set(key, []);
    picks.get(key).push({ text, choice });
  }
  const pick = (item, index) => {
    const options = picks.get(`${item}/${index}`);
    if (!options) return null;
    return () => (options.length === 1 ? act(options[0].text) : choose(options));
  };
  const items = [...(frame.scene.items || [])];
  if (frame.dice && !items.some((item) => item.type === "dice")) {
    // the last roll, with what it meant, where the table itself keeps no die
    items.unshift({ type: "dice", id: "", title: frame.dice.label ? `Last roll: ${frame.dice.label}` : "Last roll", faces: frame.dice.faces });
  }
  for (const item of items) {
    const node = drawItem(item, { pick, seatNames: S.info.seat_names });
    const theirs = item.owner !== undefined && item.owner >= 0 && item.owner !== S.seat && S.seat >= 0;
    (theirs ? top : bottom).append(node);
  }
}

// The legend explains the marks on the board now, and names the pieces.
function renderLegend(geometry, scene) {
  drawLegend($("legend"), geometry, scene);
}

function renderTools() {
  const playing = S.seat !== null && S.seat >= 0 && S.frame && !S.frame.result;
  // only the controls that mean something in this game, and a take back only when one
  // would be granted now
  const controls = S.info.controls || { resign: true, draw: S.info.draws };
  const canTakeBack = S.frame && "can_take_back" in S.frame ? S.frame.can_take_back : S.moves.length > 0;
  $("undo").hidden = !(playing && S.info.undo && canTakeBack);
  // at a real board the players agree a draw across it; resigning still ends the game here
  const atTable = document.body.dataset.table === "seat";
  $("draw").hidden = !(playing && controls.draw) || atTable || S.frame.offers.length > 0;
  $("resign").hidden = !(playing && controls.resign);
  $("json").hidden = S.info.hidden && !S.info.over;
}

// -- acting ---------------------------------------------------------------------------------

async function act(text) {
  closeChooser();
  if (S.seat === null || S.seat < 0) return false;
  const answer = await S.socket.request(S.tokens[S.seat], "act", text);
  if (answer.type === "ack") clearError();
  return answer.type === "ack";
}

// What the clocks and the walkover need: who is looking, and a way to ask the server.
function clockContext() {
  return { seat: S.seat, info: S.info, ask };
}

async function ask(what) {
  if (S.seat === null || S.seat < 0) return;
  const answer = await S.socket.request(S.tokens[S.seat], what);
  if (answer.type === "ack") clearError();
}

// Several actions share one gesture (a promotion, a burial, a die): the player picks one,
// shown as the piece or card it names, with its words.
function choose(options) {
  const box = clear($("chooser"));
  box.append(el("p", { text: "Which one?" }));
  for (const { text, choice } of options) {
    const label = choice ? choice.label : text;
    const button = el("button", { type: "button", class: "choice", "data-action": text, onclick: () => act(text) });
    if (choice && choice.letter) {
      button.append(svg("svg", { viewBox: "0 0 100 100", class: "choice-figure" }, drawPiece(choice.letter, Math.max(choice.owner, 0))));
    }
    button.append(el("span", { text: label }));
    box.append(button);
  }
  box.append(el("button", { type: "button", class: "quiet", onclick: closeChooser, text: "Cancel" }));
  box.hidden = false;
}

function closeChooser() {
  $("chooser").hidden = true;
}

function showError(text) {
  const node = $("error");
  node.textContent = text;
  node.dataset.kind = "error";
  node.hidden = false;
}

function clearError() {
  const node = $("error");
  node.dataset.kind = "";
  node.hidden = true;
}

start();
