// What lies around the board, drawn from the game's declared items: cards (hands, face-up
// lines, piles), dice, tracks, trays of pieces, small tables, scores and notes. A thing the
// seat may pick is a button; `pick(itemId, index)` says what picking it does, or null.

import { el, svg } from "./dom.js";
import { drawDie, drawPiece } from "./pieces.js";

const MAX_BACKS = 6; // face-down cards drawn before the count says the rest

export function drawItem(item, { pick, seatNames }) {
  const owner = item.owner !== undefined && item.owner >= 0 ? seatNames[item.owner] : null;
  const box = el("section", { class: `table-item ${item.type}`, "data-item": item.id || "" });
  if (item.type !== "note") {
    box.append(el("h3", { class: "item-title", text: item.title }));
  }
  const body = DRAW[item.type];
  if (body) body(box, item, pick);
  if (owner && item.type !== "note") box.dataset.owner = owner;
  return box;
}

function pickable(node, action, label) {
  if (!action) return node;
  return el("button", { type: "button", class: "pick", onclick: action, "aria-label": label }, node);
}

function cardFace(card) {
  const face = el("div", { class: `card-face owner-${card.owner}`, title: card.caption || card.rank });
  face.append(el("span", { class: "card-rank", text: card.rank }));
  if (card.letter) {
    face.append(svg("svg", { viewBox: "0 0 100 100", class: "card-figure" }, drawPiece(card.letter, Math.max(card.owner, 0))));
  }
  if (card.caption) face.append(el("span", { class: "card-caption", text: card.caption }));
  return face;
}

function cardBack() {
  return el("div", { class: "card-face back", "aria-hidden": "true" });
}

const DRAW = {
  cards(box, item, pick) {
    const row = el("div", { class: `card-row ${item.kind}` });
    item.cards.forEach((card, index) => {
      const face = card.rank ? cardFace(card) : cardBack();
      row.append(pickable(face, pick(item.id, index), card.caption || card.rank || "card"));
      if (item.kind === "line" && index < item.cards.length - 1) row.append(el("span", { class: "card-join", "aria-hidden": "true" }));
    });
    for (let i = 0; i < Math.min(item.hidden, MAX_BACKS); i++) row.append(cardBack());
    if (item.hidden) row.append(el("span", { class: "card-count", text: `${item.hidden} face down` }));
    if (!item.cards.length && !item.hidden) row.append(el("span", { class: "muted small", text: "none" }));
    box.append(row);
  },
  dice(box, item, pick) {
    const row = el("div", { class: "dice" });
    item.faces.forEach((value, index) => {
      const used = item.used && item.used[index];
      const die = svg("svg", { viewBox: "0 0 100 100", class: `die-svg${used ? " used" : ""}`, "aria-label": `die showing ${value}` }, drawDie(value));
      row.append(pickable(die, pick(item.id, index), `die showing ${value}`));
    });
    box.append(row);
  },
  track(box, item) {
    const row = el("ol", { class: "track" });
    item.steps.forEach((caption, index) => {
      row.append(el("li", { class: index === item.at ? "at" : "", text: caption || String(index) }));
    });
    box.append(row);
  },
  tray(box, item, pick) {
    const row = el("div", { class: "tray" });
    item.pieces.forEach(([letter, owner], index) => {
      const figure = svg("svg", { viewBox: "0 0 100 100", class: "tray-piece" }, drawPiece(letter, owner));
      row.append(pickable(figure, pick(item.id, index), letter));
    });
    if (!item.pieces.length) row.append(el("span", { class: "muted small", text: "none" }));
    box.append(row);
  },
  grid(box, item, pick) {
    const table = el("table", { class: "grid" });
    table.append(el("tr", {}, el("th", {}), ...item.columns.map((c) => el("th", { text: c }))));
    item.rows.forEach(([head, cells], r) => {
      // a cell the seat may pick (index row * columns + column) is a button
      const cell = (c, k) => {
        const action = pick && pick(item.id, r * item.columns.length + k);
        if (!action) return el("td", { class: `v-${c || "blank"}`, text: c });
        const label = `${head}: ${item.columns[k]}`;
        return el("td", { class: `v-${c || "blank"} can-pick` }, el("button", { type: "button", class: "pick grid-pick", onclick: action, "aria-label": label, title: label, text: c || "○" }));
      };
      table.append(el("tr", {}, el("th", { text: head }), ...cells.map(cell)));
    });
    box.append(table);
    if (item.note) box.append(el("p", { class: "muted small", text: item.note }));
  },
  score(box, item) {
    const row = el("dl", { class: "score" });
    for (const [caption, value] of item.values) row.append(el("div", {}, el("dt", { text: caption }), el("dd", { text: value })));
    box.append(row);
  },
  note(box, item) {
    box.append(el("p", { text: item.text }));
  },
};
