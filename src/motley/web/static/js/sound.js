// Short tones for what happens at the table, made with WebAudio (no sound files): a move, a
// capture, check, dice or cards, and the end of the game. A mute switch is remembered.

const KEY = "motley.mute";
const TONES = {
  // [frequency Hz, seconds, gain, wave] per note, played one after another
  move: [[520, 0.07, 0.18, "triangle"]],
  capture: [[330, 0.06, 0.25, "square"], [250, 0.09, 0.2, "triangle"]],
  check: [[880, 0.08, 0.16, "sine"], [660, 0.12, 0.16, "sine"]],
  dice: [[700, 0.03, 0.12, "square"], [900, 0.03, 0.12, "square"], [600, 0.04, 0.12, "square"]],
  end: [[523, 0.14, 0.18, "sine"], [659, 0.14, 0.18, "sine"], [784, 0.26, 0.18, "sine"]],
};

let context = null;
export const played = []; // the names of the sounds played, newest last (for the page's tests)

export function muted() {
  return localStorage.getItem(KEY) === "1";
}

export function setMuted(on) {
  localStorage.setItem(KEY, on ? "1" : "0");
}

export function play(name) {
  const notes = TONES[name];
  if (!notes) return;
  played.push(name);
  if (played.length > 50) played.shift();
  document.body.dataset.sound = name;
  if (muted()) return;
  try {
    context = context || new AudioContext();
    let at = context.currentTime + 0.01;
    for (const [frequency, length, gain, wave] of notes) {
      const osc = context.createOscillator();
      const amp = context.createGain();
      osc.type = wave;
      osc.frequency.value = frequency;
      amp.gain.setValueAtTime(gain, at);
      amp.gain.exponentialRampToValueAtTime(0.001, at + length); // a click-free fade
      osc.connect(amp).connect(context.destination);
      osc.start(at);
      osc.stop(at + length + 0.02);
      at += length;
    }
  } catch {
    // no audio here (a browser without WebAudio, or autoplay refused): silence is fine
  }
}

// Which sound a new frame deserves, from what it shows (never from the text of an action):
// the end of the game, a check, a roll, fewer pieces on the board (a capture), or a move.
export function soundFor(before, after, newSteps) {
  if (!after) return null;
  if (after.result && !(before && before.result)) return "end";
  if (!newSteps) return null;
  if (after.scene.check && after.scene.check.length) return "check";
  if (after.dice && JSON.stringify(after.dice) !== JSON.stringify(before && before.dice)) return "dice";
  const count = (frame) => (frame ? (frame.scene.pieces || []).filter((p) => p.letter).length : 0);
  if (before && count(after) < count(before)) return "capture";
  return "move";
}
