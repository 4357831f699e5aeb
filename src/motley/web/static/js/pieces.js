// Piece drawings: our own simple figures for the six orthodox pieces, and a lettered disc
// for every other kind. Each is drawn in a 100 x 100 box and placed by the board.

import { svg } from "./dom.js";

// fill, outline, and the colour of details drawn on the fill, per seat
export const SEAT_COLOURS = [
  { fill: "#fbfaf7", line: "#23201c", detail: "#23201c" },
  { fill: "#2b2824", line: "#0d0c0b", detail: "#f1ede4" },
  { fill: "#d65a45", line: "#5a1d12", detail: "#fff3ee" },
  { fill: "#4574c9", line: "#16294f", detail: "#eef3ff" },
];

export function seatColour(owner) {
  return SEAT_COLOURS[owner % SEAT_COLOURS.length];
}

const BASE = "M22 88 L78 88 L78 80 C78 76 74 74 70 74 L30 74 C26 74 22 76 22 80 Z";

const FIGURES = {
  P: [
    { d: "M50 17 a13 13 0 1 0 0.01 0 Z" },
    { d: "M40 42 L60 42 L57 49 C60 58 65 66 70 74 L30 74 C35 66 40 58 43 49 Z" },
    { d: BASE },
  ],
  R: [
    {
      d:
        "M24 88 L76 88 L76 79 L68 79 L65 44 L72 38 L72 18 L63 18 L63 25 L55 25 L55 18 " +
        "L45 18 L45 25 L37 25 L37 18 L28 18 L28 38 L35 44 L32 79 L24 79 Z",
    },
    { d: "M35 44 L65 44", detail: true },
    { d: "M33 72 L67 72", detail: true },
  ],
  B: [
    { d: "M50 6 a5.5 5.5 0 1 0 0.01 0 Z" },
    { d: "M50 17 C66 29 69 48 61 60 L39 60 C31 48 34 29 50 17 Z" },
    { d: "M36 60 L64 60 L64 67 L36 67 Z" },
    { d: "M37 67 L63 67 L69 74 L31 74 Z" },
    { d: BASE },
    { d: "M57 30 L47 44", detail: true },
  ],
  N: [
    {
      d:
        "M30 88 L76 88 L76 80 C76 62 73 46 67 35 C61 23 52 16 43 16 L40 8 L34 17 " +
        "C27 22 22 30 18 40 L14 50 C16 57 23 59 29 55 C34 52 39 50 44 50 " +
        "C40 59 33 68 31 80 Z",
    },
    { d: "M34 29 a3 3 0 1 0 0.01 0 Z", detail: true, filled: true },
    { d: "M58 24 C66 34 70 48 70 64", detail: true },
  ],
  Q: [
    { d: "M18 25 a5 5 0 1 0 0.01 0 Z" },
    { d: "M34 15 a5 5 0 1 0 0.01 0 Z" },
    { d: "M50 11 a5 5 0 1 0 0.01 0 Z" },
    { d: "M66 15 a5 5 0 1 0 0.01 0 Z" },
    { d: "M82 25 a5 5 0 1 0 0.01 0 Z" },
    { d: "M26 74 L19 34 L35 56 L36 24 L50 52 L64 24 L65 56 L81 34 L74 74 Z" },
    { d: BASE },
    { d: "M28 66 L72 66", detail: true },
  ],
  K: [
    { d: "M47 5 L53 5 L53 12 L60 12 L60 18 L53 18 L53 27 L47 27 L47 18 L40 18 L40 12 L47 12 Z" },
    {
      d:
        "M27 74 C15 63 15 43 30 39 C39 37 46 43 50 52 C54 43 61 37 70 39 " +
        "C85 43 85 63 73 74 Z",
    },
    { d: "M50 52 C44 41 44 32 50 28 C56 32 56 41 50 52 Z" },
    { d: BASE },
    { d: "M28 66 L72 66", detail: true },
  ],
};

// A piece as an SVG group in a 100 x 100 box. An empty letter draws nothing: the entry only
// carries marks for a square with no piece (a loose checker).
export function drawPiece(letter, owner, lettered = false) {
  const colour = seatColour(Math.max(owner, 0));
  const figure = lettered ? null : FIGURES[letter.toUpperCase()];
  const group = svg("g", { class: "piece-figure" });
  if (!letter) return group;
  if (!figure) {
    group.append(
      svg("circle", { cx: 50, cy: 50, r: 36, fill: colour.fill, stroke: colour.line, "stroke-width": 4 }),
      svg("text", {
        x: 50,
        y: 51,
        "text-anchor": "middle",
        "dominant-baseline": "central",
        "font-size": letter.length > 1 ? 30 : 42,
        "font-weight": 700,
        fill: colour.detail,
        text: letter.toUpperCase(),
      }),
    );
    return group;
  }
  for (const part of figure) {
    if (part.detail) {
      group.append(
        svg("path", {
          d: part.d,
          fill: part.filled ? colour.detail : "none",
          stroke: colour.detail,
          "stroke-width": 3.5,
          "stroke-linecap": "round",
          "stroke-linejoin": "round",
        }),
      );
    } else {
      group.append(
        svg("path", {
          d: part.d,
          fill: colour.fill,
          stroke: colour.line,
          "stroke-width": 4,
          "stroke-linejoin": "round",
        }),
      );
    }
  }
  return group;
}

// A die face with pips, in a 100 x 100 box (values above 6 are written as a number).
export function drawDie(value) {
  const group = svg("g", { class: "die" });
  group.append(svg("rect", { x: 6, y: 6, width: 88, height: 88, rx: 16, class: "die-face" }));
  const pips = {
    1: [[50, 50]],
    2: [[28, 28], [72, 72]],
    3: [[28, 28], [50, 50], [72, 72]],
    4: [[28, 28], [72, 28], [28, 72], [72, 72]],
    5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
    6: [[28, 26], [72, 26], [28, 50], [72, 50], [28, 74], [72, 74]],
  }[value];
  if (pips) {
    for (const [cx, cy] of pips) group.append(svg("circle", { cx, cy, r: 8.5, class: "pip" }));
  } else {
    group.append(
      svg("text", { x: 50, y: 52, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 44, class: "die-number", text: String(value) }),
    );
  }
  return group;
}
