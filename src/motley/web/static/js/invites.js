// Invitation links the server keeps: a creator whose browser lost them (another device, a
// cleared storage, a lost tab) gets them back by showing a seat token or the creator token.

import { creatorOf, invitesOf, remember, tokensOf } from "./keep.js";

export async function recoverInvites(gameId, info) {
  const open = info.seats.map((plan, seat) => ({ plan, seat })).filter(({ plan }) => plan.kind === "invite" && plan.open);
  const known = invitesOf(gameId);
  if (info.over || !open.length || open.every(({ seat }) => known[seat])) return;
  const proof = creatorOf(gameId) || Object.values(tokensOf(gameId))[0];
  if (!proof) return; // not the creator: nothing to ask for
  try {
    const response = await fetch(`/api/games/${gameId}/invitations`, {
      headers: { Accept: "application/json", "X-Motley-Token": proof },
    });
    if (!response.ok) return; // a seat taken by invitation: the links are not ours to see
    const { invites } = await response.json();
    remember(gameId, { title: info.title, invites });
  } catch {
    // offline for a moment: the page works without the links
  }
}
