// The host's screen at a real board: the game as the whole table may see it (a spectator's
// view: whose turn, the last move, dice and scores) and one QR code per seat still to take.
// The codes are asked for with the creator token this browser kept when it made the game.

import { $, clear, el, getJSON } from "./dom.js";
import { creatorOf, tokensOf } from "./keep.js";
import { drawItem } from "./items.js";
import { GameSocket } from "./net.js";

const gameId = document.body.dataset.game;
const S = { info: null, frame: null, moves: [], seats: null };

async function start() {
  S.info = await getJSON(`/api/games/${gameId}`);
  $("title").textContent = `${S.info.title} at the table`;
  await loadSeats();
  const socket = new GameSocket(gameId, { message: receive, status: (text) => showError(text) });
  socket.bind(null); // a spectator: nothing secret ever reaches this screen
}

async function loadSeats() {
  const proof = creatorOf(gameId) || Object.values(tokensOf(gameId))[0];
  const box = clear($("seats"));
  if (!proof) {
    box.append(el("p", { class: "muted", text: "Only the device that started this game can show the seats' codes." }));
    return;
  }
  const response = await fetch(`/api/games/${gameId}/table`, {
    headers: { Accept: "application/json", "X-Motley-Token": proof },
  });
  const data = await response.json();
  if (!response.ok) {
    box.append(el("p", { class: "error", text: data.error || "the seats' codes cannot be shown" }));
    return;
  }
  S.seats = data.seats;
  // a phone cannot reach this computer by the name "localhost": say so before anyone scans
  const loopback = ["localhost", "127.0.0.1", "::1", "[::1]"].includes(data.host);
  const reach = $("reach");
  reach.hidden = !loopback;
  reach.textContent = loopback
    ? "Phones cannot open “localhost”: open this page at this computer's network address (start the server with --host 0.0.0.0)."
    : "";
  renderSeats();
}

function renderSeats() {
  const box = clear($("seats"));
  const claimed = new Set(S.frame ? S.frame.claimed : []);
  const waiting = new Set(S.frame && !S.frame.result ? S.frame.to_act : []);
  for (const seat of S.seats || []) {
    const taken = seat.taken || claimed.has(seat.seat);
    const card = el("figure", { class: `seat-card${taken ? " taken" : ""}${waiting.has(seat.seat) ? " to-act" : ""}`, "data-seat": seat.seat });
    card.append(el("figcaption", { class: "seat-card-name", text: seat.name }));
    if (taken) {
      card.append(el("p", { class: "seat-card-state", text: "✓ Seated: playing on a phone" }));
    } else if (seat.kind === "computer") {
      card.append(el("p", { class: "seat-card-state", text: "The computer: its moves show here; play them on the board" }));
    } else if (seat.qr) {
      const code = el("div", { class: "qr-box", role: "img", "aria-label": `QR code for ${seat.name}` });
      code.innerHTML = seat.qr; // SVG drawn by the server from the link below, nothing else
      card.append(code, el("p", { class: "seat-card-link" }, el("a", { href: seat.link, target: "_blank", text: seat.link })));
    } else {
      card.append(el("p", { class: "seat-card-state", text: "Played on this device" }));
    }
    box.append(card);
  }
}

function receive(message) {
  if (message.type === "snapshot") {
    S.moves = message.moves;
    S.frame = message.frame;
  } else if (message.type === "event") {
    for (const entry of message.entries) {
      if (entry.t === "step") {
        S.moves = S.moves.slice(0, entry.ply - 1);
        S.moves.push(entry);
      } else if (entry.t === "undo") {
        S.moves = S.moves.slice(0, entry.to);
      }
    }
    S.frame = message.frame;
  } else if (message.type === "error") {
    showError(message.error);
    return;
  } else {
    return;
  }
  showError("");
  render();
}

function lastMove() {
  for (let index = S.moves.length - 1; index >= 0; index--) {
    const step = S.moves[index];
    const labels = step.moves.map(([seat, label]) => (label ? { seat, label } : null)).filter(Boolean);
    if (!labels.length) continue;
    return labels
      .map(({ seat, label }) => (step.kind === "chance" || seat < 0 ? label : `${S.info.seat_names[seat] ?? "?"}: ${label}`))
      .join(", ");
  }
  return null;
}

function render() {
  const frame = S.frame;
  const turn = $("turn");
  turn.textContent = frame.status;
  turn.classList.toggle("result", Boolean(frame.result));
  const last = lastMove();
  $("last-move").textContent = last ? `Last move: ${last}` : "No move yet: set up the pieces on the board.";
  const items = clear($("public-items"));
  const shown = [...(frame.scene.items || [])];
  if (frame.dice && !shown.some((item) => item.type === "dice")) {
    shown.unshift({ type: "dice", id: "", title: frame.dice.label ? `Last roll: ${frame.dice.label}` : "Last roll", faces: frame.dice.faces });
  }
  for (const item of shown) items.append(drawItem(item, { pick: () => null, seatNames: S.info.seat_names }));
  renderSeats();
}

function showError(text) {
  const node = $("error");
  node.textContent = text;
  node.hidden = !text;
}

start().catch((error) => showError(error.message));
