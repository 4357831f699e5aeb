// The board: any geometry drawn as SVG from its cells, with moves by click-click and by drag.
//
// Cells come in board units with y pointing up; the board turns them so the first seat sits
// at the bottom (or the second, when flipped; a board declared without sides never flips).
// Cells off the grid (goals) follow the grid's.
// Actions arrive as the game declared their gestures: moves [origin, target, text, choice]
// and cell clicks [cell, text, choice]; marks under pieces are drawn by their legend style.

import { clear, svg } from "./dom.js";
import { drawPiece } from "./pieces.js";

const DRAG_THRESHOLD = 4; // pixels the pointer must travel before a press becomes a drag
const PIECE_WORDS = { K: "king", Q: "queen", R: "rook", B: "bishop", N: "knight", P: "pawn" };
const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

export class Board {
  constructor(svgElement, geometry, { onAction, onChoose, seatNames = [] }) {
    this.svg = svgElement;
    this.seatNames = seatNames; // for the cells' accessible names ("e4, white knight")
    this.pieceWords = { ...PIECE_WORDS, ...Object.fromEntries(geometry.piece_names || []) };
    this.focus = null; // the cell the keyboard is on (roving focus)
    this.keyboard = false; // the board has the keyboard's focus: show where it is
    this.geometry = geometry;
    this.onAction = onAction; // (text) => void
    this.onChoose = onChoose; // (options) => void: several actions share one gesture
    this.legend = new Map((geometry.legend || []).map((m) => [m.key, m]));
    // a board with no sides (a golf hole) reads one way up for every seat: it never flips
    this.sides = geometry.sides !== false;
    this.flipped = false;
    this.frame = null;
    this.actions = null;
    this.selected = null;
    this.drag = null;
    this.radius = inscribedRadius(geometry.cells[0]);
    this.svg.addEventListener("pointerdown", (e) => this.pointerDown(e));
    this.svg.addEventListener("pointermove", (e) => this.pointerMove(e));
    this.svg.addEventListener("pointerup", (e) => this.pointerUp(e));
    this.svg.addEventListener("pointercancel", () => this.cancelDrag());
    // the board is one tab stop; the arrow keys move over its cells, Enter or Space picks a
    // piece up and drops it (or clicks a cell), exactly as a click would
    this.svg.setAttribute("tabindex", "0");
    this.svg.setAttribute("role", "application");
    this.svg.setAttribute("aria-roledescription", "board");
    this.svg.setAttribute("aria-label", "Board: arrow keys move between cells; Enter or Space picks up and drops");
    this.svg.addEventListener("keydown", (e) => this.keyDown(e));
    this.svg.addEventListener("focus", () => {
      this.keyboard = this.svg.matches(":focus-visible"); // the ring for the keyboard only
      if (this.focus === null) this.focus = this.startCell();
      this.draw();
    });
    this.svg.addEventListener("blur", () => {
      this.keyboard = false;
      this.draw();
    });
  }

  // -- drawing --------------------------------------------------------------------------------

  get flipped() {
    return this.turned;
  }

  set flipped(flipped) {
    this.turned = Boolean(flipped) && this.sides;
  }

  point([x, y]) {
    return this.flipped ? [-x, y] : [x, -y];
  }

  show(frame, actions) {
    this.frame = frame;
    this.actions = actions ? indexActions(actions) : null;
    if (this.selected !== null && !(this.actions && this.actions.byOrigin.has(this.selected))) {
      this.selected = null;
    }
    this.draw();
  }

  setFlipped(flipped) {
    this.flipped = flipped;
    this.draw();
  }

  draw() {
    const g = this.geometry;
    const root = clear(this.svg);
    const points = g.cells.flatMap((c) => c.corners.map((p) => this.point(p)));
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const pad = this.radius * 0.15;
    const [x0, y0] = [Math.min(...xs) - pad, Math.min(...ys) - pad];
    const [w, h] = [Math.max(...xs) - x0 + pad, Math.max(...ys) - y0 + pad];
    root.setAttribute("viewBox", `${x0} ${y0} ${w} ${h}`);
    root.classList.toggle("interactive", Boolean(this.actions));

    const frame = this.frame || { pieces: [], last: [], check: [] };
    const occupied = new Map((frame.pieces || []).filter((p) => p.letter).map((p) => [p.cell, p]));
    const onCell = new Map();
    for (const piece of frame.pieces || []) {
      if (!onCell.has(piece.cell)) onCell.set(piece.cell, []);
      onCell.get(piece.cell).push(piece);
    }
    const last = new Set(frame.last || []);
    const check = new Set(frame.check || []);
    const highlight = new Set(frame.highlight || []);
    const tints = this.tints(frame.pieces || []);
    const targets = this.targetsOf(this.selected);
    const cellTargets = this.actions ? this.actions.byCell : new Map();
    const origins = this.actions ? this.actions.byOrigin : new Map();

    const cells = svg("g", { class: "cells" });
    const marks = svg("g", { class: "marks" });
    const labels = svg("g", { class: "labels" });
    const pieces = svg("g", { class: "pieces" });
    const bottoms = this.edges();

    g.cells.forEach((cell, index) => {
      const corners = cell.corners.map((p) => this.point(p).join(",")).join(" ");
      const classes = ["cell"];
      if (cell.off) classes.push("off");
      if (last.has(index)) classes.push("last");
      if (index === this.selected) classes.push("selected");
      if (origins.has(index)) classes.push("origin");
      cells.append(
        svg("polygon", {
          points: corners,
          fill: cell.off ? g.off_palette[cell.shade % g.off_palette.length] : g.palette[cell.shade % g.palette.length],
          class: classes.join(" "),
          "data-cell": index,
          "data-name": cell.name,
          id: `cell-${index}`,
          role: "button",
          "aria-label": this.cellWords(cell, onCell.get(index) || [], {
            selected: index === this.selected,
            target: targets.has(index) || (this.selected === null && cellTargets.has(index)),
            last: last.has(index),
          }),
        }),
      );
      if (this.keyboard && index === this.focus) {
        marks.append(svg("polygon", { points: corners, class: "hl-focus" }));
      }
      for (const colour of tints.get(index) || []) {
        marks.append(svg("polygon", { points: corners, class: "tint", fill: colour }));
      }
      if (highlight.has(index)) {
        marks.append(svg("polygon", { points: corners, class: "hl-point" }));
      }
      if (last.has(index) || index === this.selected) {
        marks.append(svg("polygon", { points: corners, class: index === this.selected ? "hl-selected" : "hl-last" }));
      }
      const [cx, cy] = this.point(cell.centre);
      if (check.has(index)) {
        marks.append(svg("circle", { cx, cy, r: this.radius * 0.95, class: "hl-check" }));
      }
      if (targets.has(index) || (this.selected === null && cellTargets.has(index))) {
        const taken = occupied.has(index);
        marks.append(
          svg("circle", {
            cx,
            cy,
            r: taken ? this.radius * 0.86 : this.radius * 0.27,
            class: taken ? "hl-capture" : "hl-target",
            "data-cell": index,
          }),
        );
      }
      if (!cell.off && (!occupied.has(index) || bottoms)) this.label(labels, cell, cx, cy, bottoms);
    });
    this.offLabels(labels);

    for (const piece of frame.pieces || []) {
      const cell = g.cells[piece.cell];
      if (!cell) continue;
      pieces.append(this.pieceNode(piece, this.point(cell.centre)));
    }
    root.append(cells, marks, labels, pieces);
    if (this.focus !== null) root.setAttribute("aria-activedescendant", `cell-${this.focus}`);
  }

  // "e4, white knight, under it: a buried rook": what stands on a cell, from the scene (so
  // only what this viewer may see), and what a click there would do now.
  cellWords(cell, pieces, { selected, target, last }) {
    const words = [cell.label || cell.name];
    const marks = [];
    for (const piece of pieces) {
      if (piece.letter) {
        const owner = piece.owner >= 0 && this.seatNames[piece.owner] ? `${this.seatNames[piece.owner].toLowerCase()} ` : "";
        const letter = piece.letter.toUpperCase();
        words.push(owner + (this.pieceWords[piece.letter] || this.pieceWords[letter] || letter));
      }
      for (const mark of piece.marks || []) {
        const kind = this.legend.get(mark.key);
        if (!kind) continue;
        marks.push(mark.count > 1 ? `${mark.count} × ${kind.label}` : `a ${kind.label}`);
      }
    }
    if (words.length === 1) words.push("empty");
    if (marks.length) words.push(`${pieces.some((p) => p.letter) ? "under it" : "on it"}: ${marks.join(", ")}`);
    if (selected) words.push("picked up");
    if (target) words.push("you may move here");
    if (last) words.push("last move");
    return words.join(", ");
  }

  // -- keyboard --------------------------------------------------------------------------------

  startCell() {
    if (this.selected !== null) return this.selected;
    const origins = this.actions ? [...this.actions.byOrigin.keys()] : [];
    if (origins.length) return origins[0];
    const clicks = this.actions ? [...this.actions.byCell.keys()] : [];
    return clicks.length ? clicks[0] : 0;
  }

  keyDown(event) {
    if (event.key in ARROWS) {
      this.focus = this.neighbour(this.focus ?? this.startCell(), ARROWS[event.key]);
      this.keyboard = true;
      this.draw();
    } else if (event.key === "Enter" || event.key === " ") {
      if (this.focus === null) this.focus = this.startCell();
      this.click(this.focus);
    } else if (event.key === "Escape") {
      this.deselect();
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation(); // the page's own arrow keys step through the game
  }

  // The nearest cell on screen in a direction (any geometry: squares, hexes, goals).
  neighbour(from, [dx, dy]) {
    const cells = this.geometry.cells;
    const [fx, fy] = this.point(cells[from].centre);
    let best = from;
    let score = Infinity;
    cells.forEach((cell, index) => {
      const [x, y] = this.point(cell.centre);
      const [vx, vy] = [x - fx, y - fy];
      const length = Math.hypot(vx, vy);
      if (!length) return;
      const along = (vx * dx + vy * dy) / length; // the cosine of the angle off the arrow
      if (along < 0.45) return;
      const s = length * (1 + 2 * (1 - along));
      if (s < score) {
        score = s;
        best = index;
      }
    });
    return best;
  }

  pieceNode(piece, [cx, cy]) {
    const size = this.radius * 1.8;
    const group = svg("g", {
      class: "piece",
      "data-cell": piece.cell,
      transform: `translate(${cx - size / 2} ${cy - size / 2}) scale(${size / 100})`,
    });
    const marks = (piece.marks || []).map((m) => ({ ...m, kind: this.legend.get(m.key) })).filter((m) => m.kind);
    const ghost = marks.some((m) => m.kind.style === "ghost");
    for (const mark of marks.filter((m) => m.kind.style === "stack")) this.stack(group, mark, marks, piece.letter);
    for (const mark of marks.filter((m) => m.kind.style === "halo")) {
      group.append(svg("circle", { cx: 50, cy: 50, r: 47, class: "mark-halo", stroke: mark.kind.colour }));
    }
    if (piece.letter) {
      const figure = drawPiece(piece.letter, piece.owner, !this.geometry.figures);
      if (ghost) figure.setAttribute("class", "piece-figure ghost");
      group.append(figure);
    }
    let token = 0;
    for (const mark of marks.filter((m) => m.kind.style === "token")) {
      const x = piece.letter ? 80 - token * 34 : 50 - token * 34;
      const y = piece.letter ? 80 : 50;
      const r = piece.letter ? 17 : 24;
      group.append(
        svg("circle", { cx: x, cy: y, r, fill: mark.kind.colour, class: "mark-token" }),
        svg("text", { x, y: y + 1, class: "mark-letter", "font-size": r * 1.1, text: mark.kind.letter || "" }),
      );
      if (mark.count > 1) group.append(svg("text", { x: x + r, y: y - r * 0.6, class: "mark-count", text: `×${mark.count}` }));
      token += 1;
    }
    let badge = 0;
    for (const mark of marks.filter((m) => m.kind.style === "badge")) {
      const x = 70 - badge * 30;
      group.append(
        svg("rect", { x, y: 0, width: 30, height: 26, rx: 6, fill: mark.kind.colour, class: "mark-badge" }),
        svg("text", { x: x + 15, y: 14, class: "mark-letter", "font-size": 19, text: (mark.kind.letter || "") + (mark.count > 1 ? mark.count : "") }),
      );
      badge += 1;
    }
    return group;
  }

  // Checkers and the like: discs stacked at the foot of the piece, the count written on top.
  stack(group, mark, marks, onPiece) {
    const shown = Math.min(mark.count, 4);
    const index = marks.filter((m) => m.kind.style === "stack").indexOf(mark);
    const x = onPiece ? (index === 0 ? 22 : 78) : 50 + (index === 0 ? 0 : 30);
    for (let i = 0; i < shown; i++) {
      group.append(svg("ellipse", { cx: x, cy: 91 - i * 8, rx: 23, ry: 9.5, fill: mark.kind.colour, class: "mark-disc" }));
    }
    if (mark.count > 1) {
      group.append(svg("text", { x, y: 92 - (shown - 1) * 8, class: "mark-count-on", "font-size": 17, text: String(mark.count) }));
    }
  }

  tints(pieces) {
    const out = new Map();
    for (const piece of pieces) {
      for (const mark of piece.marks || []) {
        const kind = this.legend.get(mark.key);
        if (!kind || kind.style !== "tint") continue;
        if (!out.has(piece.cell)) out.set(piece.cell, []);
        out.get(piece.cell).push(kind.colour);
      }
    }
    return out;
  }

  // Cells off the grid sharing a label (the two cells of a goal) are captioned once, across them.
  offLabels(layer) {
    const groups = new Map();
    for (const cell of this.geometry.cells) {
      if (!cell.off) continue;
      const key = cell.label || cell.name;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(this.point(cell.centre));
    }
    for (const [text, points] of groups) {
      const x = points.reduce((a, p) => a + p[0], 0) / points.length;
      const y = points.reduce((a, p) => a + p[1], 0) / points.length;
      layer.append(svg("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", "font-size": this.radius * 0.42, class: "off-name", text }));
    }
  }

  // Square boards name files along the bottom and ranks up the side; others name every cell.
  edges() {
    const g = this.geometry;
    if (g.labels !== "edges") return null;
    const shown = g.cells.slice(0, g.grid).map((c) => this.point(c.centre));
    const bottom = Math.max(...shown.map((p) => p[1]));
    const left = Math.min(...shown.map((p) => p[0]));
    return { bottom, left };
  }

  label(layer, cell, cx, cy, edges) {
    const r = this.radius;
    const size = r * 0.36;
    if (!edges) {
      layer.append(svg("text", { x: cx, y: cy + r * 0.78, "text-anchor": "middle", "font-size": size, class: "cell-name", text: cell.name }));
      return;
    }
    const match = /^([a-z]+)(\d+)$/i.exec(cell.name);
    if (!match) return;
    if (Math.abs(cy - edges.bottom) < 1e-6) {
      layer.append(svg("text", { x: cx + r * 0.9, y: cy + r * 0.9, "text-anchor": "end", "font-size": size, class: "coord", text: match[1] }));
    }
    if (Math.abs(cx - edges.left) < 1e-6) {
      layer.append(svg("text", { x: cx - r * 0.9, y: cy - r * 0.55, "font-size": size, class: "coord", text: match[2] }));
    }
  }

  targetsOf(origin) {
    if (origin === null || !this.actions) return new Map();
    return this.actions.byOrigin.get(origin) || new Map();
  }

  // -- input ----------------------------------------------------------------------------------

  cellAt(event) {
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return null;
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const x = this.flipped ? -p.x : p.x;
    const y = this.flipped ? p.y : -p.y;
    const cells = this.geometry.cells;
    for (let i = 0; i < cells.length; i++) {
      if (inside([x, y], cells[i].corners)) return i;
    }
    return null;
  }

  click(cell) {
    if (!this.actions || cell === null) return;
    const targets = this.targetsOf(this.selected);
    if (this.selected !== null && targets.has(cell)) {
      const options = targets.get(cell);
      this.selected = null;
      this.draw();
      this.play(options);
      return;
    }
    if (cell === this.selected && this.actions.byCell.has(cell)) {
      this.selected = null;
      this.draw();
      this.play(this.actions.byCell.get(cell));
      return;
    }
    if (this.actions.byOrigin.has(cell) && cell !== this.selected) {
      this.selected = cell;
      this.draw();
      return;
    }
    if (this.actions.byCell.has(cell)) {
      this.selected = null;
      this.draw();
      this.play(this.actions.byCell.get(cell));
      return;
    }
    this.selected = null;
    this.draw();
  }

  play(options) {
    if (options.length === 1) this.onAction(options[0].text);
    else this.onChoose(options);
  }

  pointerDown(event) {
    if (!this.actions || event.button > 0) return;
    const cell = this.cellAt(event);
    if (cell === null) return;
    const pieceNode = this.svg.querySelector(`g.piece[data-cell="${cell}"]`);
    if (this.actions.byOrigin.has(cell) && pieceNode) {
      this.drag = { cell, node: pieceNode, x: event.clientX, y: event.clientY, moving: false };
      this.svg.setPointerCapture(event.pointerId);
      event.preventDefault();
    } else {
      this.drag = { cell, node: null, x: event.clientX, y: event.clientY, moving: false };
    }
  }

  pointerMove(event) {
    const drag = this.drag;
    if (!drag || !drag.node) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moving && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    if (!drag.moving) {
      drag.moving = true;
      if (this.selected !== drag.cell) {
        this.selected = drag.cell;
        this.draw();
        drag.node = this.svg.querySelector(`g.piece[data-cell="${drag.cell}"]`);
      }
      drag.node.classList.add("dragging");
      drag.node.parentNode.append(drag.node); // on top of the others
      drag.base = drag.node.getAttribute("transform");
    }
    const matrix = this.svg.getScreenCTM();
    const scale = matrix ? matrix.a : 1;
    drag.node.setAttribute("transform", `translate(${dx / scale} ${dy / scale}) ${drag.base}`);
  }

  pointerUp(event) {
    const drag = this.drag;
    this.drag = null;
    if (!drag) return;
    const cell = this.cellAt(event);
    if (!drag.moving) {
      if (cell === drag.cell) this.click(cell);
      return;
    }
    const targets = this.targetsOf(drag.cell);
    if (cell !== null && targets.has(cell)) {
      const options = targets.get(cell);
      this.selected = null;
      this.draw();
      this.play(options);
    } else {
      this.draw(); // back where it came from, still selected
    }
  }

  cancelDrag() {
    this.drag = null;
    this.draw();
  }

  deselect() {
    this.selected = null;
    this.draw();
  }
}

function indexActions(actions) {
  const byOrigin = new Map();
  for (const [origin, target, text, choice] of actions.moves || []) {
    if (!byOrigin.has(origin)) byOrigin.set(origin, new Map());
    const targets = byOrigin.get(origin);
    if (!targets.has(target)) targets.set(target, []);
    targets.get(target).push({ text, choice });
  }
  const byCell = new Map();
  for (const [cell, text, choice] of actions.clicks || []) {
    if (!byCell.has(cell)) byCell.set(cell, []);
    byCell.get(cell).push({ text, choice });
  }
  return { byOrigin, byCell };
}

function inscribedRadius(cell) {
  const [cx, cy] = cell.centre;
  const n = cell.corners.length;
  let best = Infinity;
  for (let i = 0; i < n; i++) {
    const [ax, ay] = cell.corners[i];
    const [bx, by] = cell.corners[(i + 1) % n];
    best = Math.min(best, Math.hypot((ax + bx) / 2 - cx, (ay + by) / 2 - cy));
  }
  return Number.isFinite(best) && best > 0 ? best : 0.5;
}

function inside([x, y], corners) {
  let hit = false;
  for (let i = 0, j = corners.length - 1; i < corners.length; j = i++) {
    const [xi, yi] = corners[i];
    const [xj, yj] = corners[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}
