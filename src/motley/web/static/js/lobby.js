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
          el("span", { class: "badge", text: `${game.players} players` }),
          traits.map((t) => el("span", { class: "badge", text: t })),
          game.provisional ? el("span", { class: "badge warn", text: "provisional" }) : null,
        ),
      ),
    );
  }
}

function pick(game, scroll = false) {
  if (!game) return;
  chosen = game;
  for (const card of document.querySelectorAll(".game-card")) {
    card.classList.toggle("chosen", card.dataset.game === game.id);
  }
  renderSetup("computer");
  if (scroll) $("setup").scrollIntoView({ behavior: "smooth", block: "nearest" });
}

// Who sits where, for the three usual ways to play.
function preset(kind) {
  return chosen.seat_names.map((_, seat) => {
    if (seat === 0 || kind === "hotseat") return { kind: "local", level: 1 };
    return kind === "friend" ? { kind: "invite", level: 1 } : { kind: "computer", level: 1 };
  });
}

function renderSetup(mode) {
  const form = clear($("setup"));
  form.hidden = false;
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
    ),
  );
  const seatBox = el("fieldset", { class: "seats" }, el("legend", { text: "Seats" }));
  chosen.seat_names.forEach((name, seat) => seatBox.append(seatRow(name, seat, seats[seat])));
  form.append(seatBox);
  if (chosen.options.length) {
    const options = el("details", { class: "options" }, el("summary", { text: "House rules" }));
    for (const option of chosen.options) options.append(optionRow(option));
    form.append(options);
  }
  form.append(
    el("label", { class: "check" }, el("input", { type: "checkbox", id: "listed", checked: true }), " List this game in the lobby"),
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
  );
  kind.value = plan.kind;
  const level = el("select", { name: `level-${seat}`, "aria-label": `Strength of the computer playing ${name}` });
  for (const { level: n, text } of chosen.levels) level.append(el("option", { value: n, text }));
  level.value = String(plan.level);
  level.hidden = plan.kind !== "computer";
  kind.addEventListener("change", () => {
    level.hidden = kind.value !== "computer";
  });
  return el("div", { class: "seat-row" }, el("span", { class: "seat-name", text: name }), kind, level);
}

function optionRow(option) {
  let input;
  const id = `option-${option.name}`;
  if (typeof option.default === "boolean") {
    input = el("input", { type: "checkbox", id, checked: option.default });
  } else if (option.choices.length) {
    input = el("select", { id });
    for (const choice of option.choices) input.append(el("option", { value: choice, text: String(choice) }));
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
    el("label", { for: id }, el("code", { text: option.name })),
    input,
    el("p", { class: "muted small", text: option.description }),
  );
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
  return { game: chosen.id, options, seats, listed: $("listed").checked };
}

async function create() {
  const button = $("create");
  const errorLine = $("setup-error");
  button.disabled = true;
  errorLine.hidden = true;
  try {
    const made = await postJSON("/api/games", readForm());
    remember(made.id, { title: chosen.title, tokens: made.tokens, invites: made.invites });
    location.href = made.url;
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

function describeSeats(game) {
  return game.seats
    .map((plan) => (plan.kind === "computer" ? `computer ${plan.level}` : plan.kind === "invite" ? "guest" : "player"))
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
