// The move box under the board: type a move as on lichess (e4, Nf3, e2e4, or the game's own
// notation). The server reads it against the seat's legal actions (their move-list text and
// their action text) and answers with the one action meant, or one line saying why not.

import { $, postJSON } from "./dom.js";

// `game`: {id, token() (the seat shown, or null), act(text) -> Promise<boolean>}
export function setupMoveBox(game) {
  const form = $("move-box");
  const input = $("move-input");
  const note = $("move-note");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = input.value.trim();
    const token = game.token();
    if (!text) return;
    if (!token) {
      note.textContent = "You are watching this game.";
      return;
    }
    try {
      const read = await postJSON(`/api/games/${game.id}/read`, { token, text });
      if (read.error) {
        note.textContent = sentence(read.error);
        return;
      }
      const played = await game.act(read.action);
      if (played) {
        input.value = "";
        note.textContent = `Played ${read.label}.`;
      }
    } catch (error) {
      note.textContent = sentence(error.message);
    }
  });
  input.addEventListener("input", () => {
    note.textContent = "";
  });
}

// `examples`: a few ways to type an action open now, from the game's own legal actions (the
// server picks them); between turns the last ones stay, since they still show the notation
export function showMoveBox(shown, examples) {
  $("move-box").hidden = !shown;
  if (examples && examples.length) $("move-input").placeholder = `${examples.join(", ")}…`;
}

// before the device passes to another seat: nothing typed, said or suggested for the last seat
// stays (its examples come from that seat's own legal actions, which may be secret)
export function forgetMoveBox() {
  $("move-input").value = "";
  $("move-input").placeholder = "your move";
  $("move-note").textContent = "";
}

function sentence(text) {
  return text ? text[0].toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".") : "";
}
