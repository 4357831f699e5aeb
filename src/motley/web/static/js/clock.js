// Chess clocks beside the players' names, and the walkover when an online opponent has gone.
//
// The server keeps the time: each live frame carries every clock's time left as of `since`,
// which seats' clocks run, and the server's time `now` when it was sent. The page only counts
// down between frames, measuring with its own monotonic clock, so a page whose system clock
// is wrong still shows the right time. A flag falls when the server says so, never here.

import { $, clear, el } from "./dom.js";

let frame = null; // the live frame the clocks were last given
let receivedAt = 0; // performance.now() when it came
let presence = null; // the last presence message, with its arrival time
let context = null; // {seat, info, ask}: who looks, and how to ask the server
let ticking = null;

// Called after every render of the seats: put a clock in each seat's name chip.
export function showClocks(liveFrame) {
  if (liveFrame !== frame) {
    frame = liveFrame;
    receivedAt = performance.now();
  }
  if (!ticking) ticking = setInterval(tick, 100);
  tick();
}

// A presence message: who has gone, how long ago, and whether the game can still be aborted.
export function showPresence(message, ctx) {
  presence = { ...message, at: performance.now() };
  context = ctx;
  if (!ticking) ticking = setInterval(tick, 100);
  tick();
}

export function setContext(ctx) {
  context = ctx;
}

function tick() {
  drawClocks();
  drawWalkover();
}

function drawClocks() {
  const clock = frame && frame.clock;
  for (const chip of document.querySelectorAll(".seat-chip[data-seat]")) {
    const seat = Number(chip.dataset.seat);
    let face = chip.querySelector(".clock");
    if (!clock) {
      if (face) face.remove();
      continue;
    }
    if (!face) {
      face = el("span", { class: "clock", role: "timer", "data-clock": seat });
      chip.append(face);
    }
    const left = timeLeft(clock, seat);
    const running = clock.running.includes(seat) && !frame.result;
    face.textContent = format(left);
    face.classList.toggle("running", running);
    face.classList.toggle("low", left < lowTime(clock.initial) && !frame.result);
    face.classList.toggle("flagged", left <= 0);
    face.setAttribute("aria-label", `${format(left)} left`);
  }
}

function timeLeft(clock, seat) {
  const left = clock.left[seat];
  if (!clock.running.includes(seat) || frame.result) return left;
  const elapsed = clock.now - clock.since + (performance.now() - receivedAt) / 1000;
  return left - elapsed;
}

// Low time turns the clock red: the last 20 seconds, or the last quarter of a shorter game.
function lowTime(initial) {
  return Math.min(20, initial / 4);
}

function format(seconds) {
  const s = Math.max(0, seconds);
  if (s < 10) return `0:0${s.toFixed(1)}`;
  const whole = Math.ceil(s);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

// -- walkovers ------------------------------------------------------------------------------

function walkoverBox() {
  let box = $("walkover");
  if (!box) {
    box = el("div", { id: "walkover", class: "walkover", role: "status", hidden: true });
    const anchor = $("offer") || $("status");
    if (!anchor) return null;
    anchor.after(box);
  }
  return box;
}

function drawWalkover() {
  const box = walkoverBox();
  if (!box) return;
  const seat = context ? context.seat : null;
  const gone = presence && seat !== null && seat >= 0 && !(frame && frame.result)
    ? Object.entries(presence.away)
      .map(([s, away]) => ({ seat: Number(s), away }))
      .filter((g) => presence.sides[g.seat] !== presence.sides[seat])
    : [];
  if (!gone.length) {
    if (!box.hidden) clear(box).hidden = true;
    return;
  }
  const since = (performance.now() - presence.at) / 1000;
  const away = Math.min(...gone.map((g) => g.away)) + since;
  const wait = Math.ceil(presence.claim_after - away);
  const names = gone.map((g) => context.info.seat_names[g.seat]).join(" and ");
  const state = wait > 0 ? `wait-${wait}` : presence.abort ? "abort" : "claim";
  if (box.dataset.state === state && !box.hidden) return;
  box.dataset.state = state;
  clear(box).hidden = false;
  const left = `${names} left the game.`;
  if (wait > 0) {
    const what = presence.abort ? "abort the game" : "claim the win";
    box.append(el("span", { text: `${left} You can ${what} in ${wait} s if they do not come back.` }));
  } else if (presence.abort) {
    box.append(
      el("span", { text: `${left} The game has hardly begun:` }),
      el("button", { type: "button", id: "abort-game", onclick: () => context.ask("abort"), text: "Abort game" }),
    );
  } else {
    box.append(
      el("span", { text: `${left}` }),
      el("button", { type: "button", class: "primary", id: "claim-win", onclick: () => context.ask("claim"), text: "Claim victory" }),
    );
  }
}
