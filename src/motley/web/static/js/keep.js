// What this browser remembers: the seat tokens and invitation links of games made here.
// Tokens never leave the browser except to act in their own game.

const KEY = "motley.games.v1";

function load() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) || "{}");
    return typeof data === "object" && data !== null ? data : {};
  } catch {
    return {};
  }
}

function save(data) {
  localStorage.setItem(KEY, JSON.stringify(data));
}

export function remember(id, { title, tokens = {}, invites = {}, creator = null }) {
  const data = load();
  const game = data[id] || { title, created: Date.now() / 1000, tokens: {}, invites: {} };
  game.title = title || game.title;
  if (creator) game.creator = creator; // shows the invitation links again (GET .../invitations)
  Object.assign(game.tokens, tokens);
  Object.assign(game.invites, invites);
  data[id] = game;
  save(data);
}

export function tokensOf(id) {
  return (load()[id] || {}).tokens || {};
}

export function creatorOf(id) {
  return (load()[id] || {}).creator || null;
}

export function invitesOf(id) {
  return (load()[id] || {}).invites || {};
}

export function myGames() {
  return Object.entries(load())
    .map(([id, game]) => ({ id, ...game }))
    .sort((a, b) => b.created - a.created);
}
