// The lobby: choose a game, set its house rules, fill its seats; find games to join or watch.

import { $, clear, el, getJSON, postJSON, timeAgo } from "./dom.js";
import { myGames, remember } from "./keep.js";

const TRAIT_WORDS = {
  chance: "dice or cards",
  hidden: "hidden information",
  simultaneous: "simultaneous moves",
  cooperative: "cooperative",
  teams: "teams",
  puzzle: "puzzle",
};

let catalog = [];
let chosen = null;

async function start() {
  try {
    catalog = await getJSON("/api/catalog");
  } catch (error) {
    $("catalog").append(el("p", { class: "error", text: error.message }));
    return;
  }
  renderCatalog();
  renderPicker();
  const wanted = new URLSearchParams(location.search).get("game");
  pick(catalog.find((g) => g.id === wanted) || catalog.find((g) => g.id === "chess") || catalog[0]);
  renderMine();
  refreshLists();
  setInterval(refreshLists, 8000);
}

function renderCatalog() {
  const box = clear($("catalog"));
  for (const game of catalog) {
    const traits = game.traits.length ? game.traits.map((t) => TRAIT_WORDS[t] || t) : ["perfect information"];
    box.append(
      el(
        "button",
        { type: "button", class: "game-card", "data-game": game.id, onclick: () => pick(game, true) },
        el("span", { class: "game-title", text: game.title }),
        el("span", { class: "game-summary", text: game.summary }),
        el(
          "span",
          { class: "badges" },
          el("span", { class: "badge", text: game.players_text }),
          traits.map((t) => el("span", { class: "badge", text: t })),
          game.provisional ? el("span", { class: "badge warn", text: "provisional" }) : null,
        ),
      ),
    );
  }
}

// On a phone the 18 cards would push the setup thousands of pixels down: a picker stands in
// for them (the stylesheet shows one or the other), with the setup right below it.
function renderPicker() {
  const picker = el("select", { id: "game-picker", class: "game-picker", "aria-label": "Game" });
  for (const game of catalog) picker.append(el("option", { value: game.id, text: `${game.title} · ${game.players_text}` }));
  picker.addEventListener("change", () => pick(catalog.find((g) => g.id === picker.value)));
  const label = el("label", { class: "picker-row", for: "game-picker" }, el("span", { text: "Game" }), picker);
  $("catalog").before(label);
}

function pick(game, scroll = false) {
  if (!game) return;
  chosen = game;
  for (const card of document.querySelectorAll(".game-card")) {
    card.classList.toggle("chosen", card.dataset.game === game.id);
  }
  const picker = $("game-picker");
  if (picker) picker.value = game.id;
  renderSetup("computer");
  if (scroll) $("setup").scrollIntoView({ behavior: "smooth", block: "nearest" });
}

// Who sits where, for the three usual ways to play.
function preset(kind) {
  return chosen.seat_names.map((_, seat) => {
    // at a real board every seat is the phone of someone at the table (table.js)
    if (kind === "table") return { kind: "invite", level: chosen.default_level || 3 };
    if (seat === 0 || kind === "hotseat") return { kind: "local", level: chosen.default_level || 3 };
    // a real opponent by default, not random moves (level 3, "casual")
    const level = chosen.default_level || 3;
    return kind === "friend" ? { kind: "invite", level } : { kind: "computer", level };
  });
}

function renderSetup(mode) {
  const form = clear($("setup"));
  form.hidden = false;
  form.dataset.mode = mode;
  const seats = preset(mode);
  form.append(
    el("h2", {}, chosen.title, " ", el("a", { href: `/rules/${chosen.id}`, class: "small", text: "rules" })),
    el("p", { class: "muted", text: chosen.summary }),
    el(
      "div",
      { class: "modes", role: "group", "aria-label": "How to play" },
      modeButton("computer", "Against the computer", mode),
      modeButton("hotseat", "On this device", mode),
      modeButton("friend", "With a friend", mode),
      modeButton("table", "At the table", mode),
    ),
  );
  const seatBox = el("fieldset", { class: "seats" }, el("legend", { text: "Seats" }));
  chosen.seat_names.forEach((name, seat) => seatBox.append(seatRow(name, seat, seats[seat])));
  form.append(seatBox, timeControlRow());
  if (chosen.options.length) {
    const options = el("details", { class: "options" }, el("summary", { text: "House rules" }));
    for (const option of chosen.options) options.append(optionRow(option));
    form.append(options);
  }
  form.append(
    // a friend's game stays off the lobby unless asked: the friend's seat needs its link anyway
    mode === "table" ? el("p", { class: "muted table-note", text: "One real chess set: each player opens their seat on their phone from a QR code on this screen." }) : "",
    el("label", { class: "check" }, el("input", { type: "checkbox", id: "listed", checked: mode !== "friend" && mode !== "table" }), " List this game in the lobby"),
    el("button", { type: "submit", class: "primary big", id: "create", text: "Start the game" }),
    el("p", { class: "error", id: "setup-error", hidden: true }),
  );
  form.onsubmit = (event) => {
    event.preventDefault();
    create();
  };
}

function modeButton(mode, label, current) {
  return el("button", {
    type: "button",
    class: `mode${mode === current ? " chosen" : ""}`,
    "data-mode": mode,
    onclick: () => renderSetup(mode),
    text: label,
  });
}

function seatRow(name, seat, plan) {
  const kind = el(
    "select",
    { name: `seat-${seat}`, "data-seat": seat, "aria-label": `Who plays ${name}` },
    el("option", { value: "local", text: "A player at this device" }),
    el("option", { value: "computer", text: "The computer" }),
    el("option", { value: "invite", text: "A friend (invitation link)" }),
    el("option", { value: "open", text: "Anyone from the lobby" }),
  );
  kind.value = plan.kind;
  const level = el("select", { name: `level-${seat}`, "aria-label": `Strength of the computer playing ${name}` });
  for (const { level: n, name: words } of chosen.levels) level.append(el("option", { value: n, text: words }));
  level.value = String(plan.level);
  const note = el("p", { class: "muted small level-note", "data-level-note": seat });
  const show = () => {
    level.hidden = kind.value !== "computer";
    note.hidden = level.hidden;
    const chosenLevel = chosen.levels.find((l) => String(l.level) === level.value);
    note.textContent = chosenLevel ? chosenLevel.text : "";
  };
  kind.addEventListener("change", show);
  level.addEventListener("change", show);
  show();
  return el("div", { class: "seat-row" }, el("span", { class: "seat-name", text: name }), kind, level, note);
}

function optionRow(option) {
  let input;
  const id = `option-${option.name}`;
  if (typeof option.default === "boolean") {
    input = el("input", { type: "checkbox", id, checked: option.default });
  } else if (option.choices.length) {
    input = el("select", { id });
    option.choices.forEach((choice, index) => input.append(el("option", { value: choice, text: option.choice_labels[index] })));
    input.value = String(option.default);
  } else if (typeof option.default === "number") {
    input = el("input", { type: "number", id, value: option.default, step: 1 });
  } else {
    input = el("input", { type: "text", id, value: option.default, placeholder: "(empty)" });
  }
  input.dataset.option = option.name;
  return el(
    "div",
    { class: "option-row" },
    el("label", { for: id, text: option.label }),
    input,
    el("p", { class: "muted small", text: option.description }),
  );
}

// Time controls as lichess players know them: minutes for the game + seconds per move.
const CLOCKS = [
  ["none", "No clock"],
  ["1+0", "1+0 · bullet"],
  ["3+2", "3+2 · blitz"],
  ["5+3", "5+3 · blitz"],
  ["10+5", "10+5 · rapid"],
  ["15+10", "15+10 · rapid"],
  ["30+0", "30+0 · classical"],
  ["custom", "Custom…"],
];

function timeControlRow() {
  const select = el("select", { id: "clock", "aria-label": "Time control" });
  for (const [value, text] of CLOCKS) select.append(el("option", { value, text }));
  const minutes = el("input", { type: "number", id: "clock-minutes", min: 0.05, max: 600, step: "any", value: 10, "aria-label": "Minutes for each player" });
  const increment = el("input", { type: "number", id: "clock-increment", min: 0, max: 600, step: 1, value: 0, "aria-label": "Seconds added per move" });
  const custom = el("span", { class: "clock-custom", hidden: true }, minutes, " minutes + ", increment, " seconds a move");
  select.addEventListener("change", () => {
    custom.hidden = select.value !== "custom";
  });
  return el(
    "div",
    { class: "clock-row" },
    el("label", { for: "clock", text: "Time control" }),
    select,
    custom,
    el("p", { class: "muted small", text: "Each player's clock runs on their turn; whoever runs out of time loses." }),
  );
}

function readClock() {
  const choice = $("clock").value;
  if (choice === "none") return null;
  if (choice === "custom") {
    return { minutes: Number($("clock-minutes").value), increment: Number($("clock-increment").value) };
  }
  const [minutes, increment] = choice.split("+").map(Number);
  return { minutes, increment };
}

function readForm() {
  const options = {};
  for (const option of chosen.options) {
    const input = document.getElementById(`option-${option.name}`);
    let value;
    if (typeof option.default === "boolean") value = input.checked;
    else if (typeof option.default === "number") value = Number.parseInt(input.value, 10);
    else value = input.value;
    if (typeof option.default === "number" && Number.isNaN(value)) value = input.value;
    if (value !== option.default) options[option.name] = value;
  }
  const seats = chosen.seat_names.map((_, seat) => ({
    kind: document.querySelector(`[name="seat-${seat}"]`).value,
    level: Number(document.querySelector(`[name="level-${seat}"]`).value),
  }));
  return { game: chosen.id, options, seats, listed: $("listed").checked, clock: readClock() };
}

async function create() {
  const button = $("create");
  const errorLine = $("setup-error");
  button.disabled = true;
  errorLine.hidden = true;
  try {
    const made = await postJSON("/api/games", readForm());
    remember(made.id, { title: chosen.title, tokens: made.tokens, invites: made.invites, creator: made.creator });
    location.href = $("setup").dataset.mode === "table" ? `${made.url}/table` : made.url;
  } catch (error) {
    errorLine.textContent = error.message;
    errorLine.hidden = false;
    button.disabled = false;
  }
}

function renderMine() {
  const list = clear($("mine"));
  const games = myGames().slice(0, 12);
  if (!games.length) list.append(el("li", { class: "empty", text: "None yet." }));
  for (const game of games) {
    list.append(
      el("li", {}, el("a", { href: `/g/${game.id}`, text: game.title || game.id }), el("span", { class: "muted", text: ` ${timeAgo(game.created)}` })),
    );
  }
}

async function refreshLists() {
  let lists;
  try {
    lists = await getJSON("/api/games");
  } catch {
    return;
  }
  fill("open", lists.open, (game) =>
    game.open_seats.map((seat) =>
      el("a", { class: "button small", href: `/g/${game.id}?join=${seat}`, text: `Join as ${seatName(game, seat)}` }),
    ),
  );
  fill("running", lists.running, (game) => [el("a", { class: "button small", href: `/g/${game.id}`, text: "Watch" })]);
  fill("finished", lists.finished, (game) => [el("a", { class: "button small", href: `/g/${game.id}`, text: "Replay" })]);
}

function seatName(game, seat) {
  const entry = catalog.find((g) => g.id === game.game);
  return entry ? entry.seat_names[seat] : `seat ${seat + 1}`;
}

function levelName(game, level) {
  const entry = catalog.find((g) => g.id === game.game);
  const found = entry && entry.levels.find((l) => l.level === level);
  return found ? found.name : `level ${level}`;
}

function describeSeats(game) {
  return game.seats
    .map((plan) => (plan.kind === "computer" ? `computer ${levelName(game, plan.level)}` : plan.kind === "local" ? "player" : "guest"))
    .join(" v ");
}

function fill(id, games, actions) {
  const list = clear($(id));
  if (!games.length) list.append(el("li", { class: "empty", text: "None right now." }));
  for (const game of games) {
    list.append(
      el(
        "li",
        {},
        el("span", { class: "list-title", text: game.title }),
        el("span", { class: "muted", text: ` ${describeSeats(game)} · ${timeAgo(game.created)}` }),
        el("span", { class: "list-actions" }, actions(game)),
      ),
    );
  }
}

start();
