// The result panel at the end of a game: who won and why, a rematch, a new game of the same
// kind, the record, and a replay of the game move by move.

import { clear, el } from "./dom.js";

// `game`: {id, info, frame, seats (played here), rematch (id or null), ply, total,
//          look(ply), rematch(), pgn}
export function renderResult(box, game) {
  const result = game.frame && game.frame.result;
  clear(box);
  box.hidden = !result;
  if (!result) return;
  const { info } = game;
  const mine = game.seats.filter((seat) => (result.winners || []).includes(seat));
  const lost = game.seats.length && !mine.length && (result.winners || []).length;
  const tone = mine.length && game.seats.length === 1 ? "won" : lost && game.seats.length === 1 ? "lost" : "";
  box.className = `result-panel panel ${tone}`;
  box.append(el("h2", { class: "result-headline", id: "result-headline", text: result.headline || result.text }));
  if (result.reason) box.append(el("p", { class: "result-reason", id: "result-reason", text: result.reason }));
  if (result.score !== null && result.score !== undefined) {
    box.append(el("p", { class: "result-score", text: `Score: ${result.score}` }));
  }

  const buttons = el("div", { class: "result-buttons" });
  if (game.seats.length) {
    const words = game.rematchId ? "Join the rematch" : "Rematch";
    buttons.append(el("button", { type: "button", class: "primary", id: "rematch", onclick: game.askRematch, text: words }));
  } else if (game.rematchId) {
    buttons.append(el("a", { class: "button primary", id: "rematch", href: `/g/${game.rematchId}`, text: "Watch the rematch" }));
  }
  buttons.append(
    el("a", { class: "button", id: "new-game", href: `/?game=${encodeURIComponent(info.game)}`, text: "New game" }),
    el("a", { class: "button", id: "download", href: `/api/games/${info.id}/record.json`, download: "", text: "Download" }),
  );
  if (info.pgn) buttons.append(el("a", { class: "button", href: `/api/games/${info.id}/record.pgn`, download: "", text: "PGN" }));
  box.append(buttons);
  if (game.rematchId && game.seats.length) {
    box.append(el("p", { class: "muted small", text: "A rematch is waiting, with the colours swapped." }));
  }

  if (game.total) {
    const at = game.ply;
    const nav = (label, ply, id, title) =>
      el("button", { type: "button", id, title, "aria-label": title, disabled: ply === at || ply < 0 || ply > game.total, onclick: () => game.look(ply), text: label });
    box.append(
      el("div", { class: "replay", role: "group", "aria-label": "Replay the game" },
        el("span", { class: "replay-label", text: "Replay" }),
        nav("«", 0, "replay-first", "First position (Home)"),
        nav("‹", at - 1, "replay-prev", "Previous step (←)"),
        el("span", { class: "replay-at", id: "replay-at", text: `${at} / ${game.total}` }),
        nav("›", at + 1, "replay-next", "Next step (→)"),
        nav("»", game.total, "replay-last", "Final position (End)"),
      ),
    );
  }
}
