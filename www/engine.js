// The engine wrapper: the only module that touches the wasm bindings. Everything about the rules
// (legal moves, captures, promotion, the result) comes from here; the page only shows it.

let api = null;

/** Called once by main.js with Trunk's `window.wasmBindings`. */
export function setBindings(bindings) {
  api = bindings;
}

export const VARIANTS = ['international', 'english', 'russian', 'brazilian'];

export const VARIANT_LABELS = {
  international: 'International 10×10',
  english: 'English 8×8',
  russian: 'Russian 8×8',
  brazilian: 'Brazilian 8×8',
};

/** How the page names each side. */
export const SIDE_NAMES = { white: 'White', black: 'Black' };

/** A new game at the start position. Throws an Error with a readable message. */
export function newGame(variant) {
  return new api.DraughtsGame(variant);
}

export function fromFen(fen, variant) {
  return api.DraughtsGame.fromFen(fen, variant);
}

export function fromPdn(pdn, variant) {
  return api.DraughtsGame.fromPdn(pdn, variant);
}

/** A game saved by `snapshot`: all moves (including redoable ones) and how many are played. */
export function restore(pdn, variant, ply) {
  return api.DraughtsGame.restore(pdn, variant, ply);
}

/** The computer's levels from the engine: `[{ level, name }]`, weakest first. */
export function levels() {
  return api.levels();
}

/** Which side moves first in each variant, from the engine's rule table. */
export function firstMover(variant) {
  const v = api.variants().find((x) => x.name === variant);
  return v ? v.first : 'white';
}

/** Whether the text looks like a FEN (`W:W31-50:B1-20`) rather than PDN. */
export function looksLikeFen(text) {
  return /^\s*"?\s*[WBwb]\s*:/.test(text) && !/\[/.test(text);
}
