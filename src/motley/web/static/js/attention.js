// The tab says when it is your turn: "• Your move - Motley" and a dot on the favicon, so a
// player in another tab sees it. Everything else gets the page's own title back.

const ICON = "/static/favicon.svg";
const ICON_TURN = "/static/favicon-turn.svg";

export function showTurn(yourTurn, title) {
  document.title = yourTurn ? "• Your move - Motley" : `${title} · Motley`;
  const link = document.querySelector('link[rel="icon"]');
  if (link) link.href = yourTurn ? ICON_TURN : ICON;
}
