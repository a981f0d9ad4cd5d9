// The engine wrapper: the only module that touches the wasm bindings. Everything about the rules
// (legal moves, captures, promotion, the result) comes from here; the page only shows it. The game
// handles it makes (newGame, fromFen, fromLink, restore, importRecord) are held and called by
// game.js alone; the rest are stateless calls.

let api = null;

/** Called once by main.js with Trunk's `window.wasmBindings`. */
export function setBindings(bindings) {
  api = bindings;
}

let variantList = null;

/**
 * The variants the engine plays, in picker order: `[{ name, title, summary, size, full, first,
 * algebraic, gameType }]` (`summary` is two lines separated by "\n").
 */
export function variants() {
  variantList ||= api.variants();
  return variantList;
}

/** One variant's entry from `variants()`, or undefined for a name the engine does not know. */
export function variantInfo(name) {
  return variants().find((v) => v.name === name);
}

/** A new game at the start position. Throws an Error with a readable message. */
export function newGame(variant) {
  return new api.DraughtsGame(variant);
}

export function fromFen(fen, variant) {
  return api.DraughtsGame.fromFen(fen, variant);
}

/**
 * The board editor's call: `change` ({ square, color, role } | { square } | { turn } |
 * { reset: 'empty' | 'start' } | undefined) applied to the board `fen` gives
 * `{ fen, turn, board, problems, playable }`. Throws an Error in words.
 */
export function editSetup(fen, variant, change) {
  return api.editSetup(fen, variant, change);
}

/** The game a shared link holds (its fragment or the whole URL). Throws an Error in words. */
export function fromLink(text) {
  return api.DraughtsGame.fromLink(text);
}

/** A saved game (game.js `record`): all moves (including redoable ones) and how many are played. */
export function restore(pdn, variant, ply) {
  return api.DraughtsGame.restore(pdn, variant, ply);
}

/** The computer's levels from the engine: `[{ level, name, book }]`, weakest first (`book`: it plays from an opening book). */
export function levels() {
  return api.levels();
}

/** Which side moves first in each variant, from the engine's rule table. */
export function firstMover(variant) {
  return variantInfo(variant)?.first ?? 'white';
}

/** Whether a pasted or opened text is a FEN (`'fen'`) or PDN (`'pdn'`): the engine decides. */
export function recordKind(text) {
  return api.recordKind(text);
}

/** The game in a record (a FEN, or game `index` of a PDN text). Throws a readable Error. */
export function importRecord(text, variant, index = 0) {
  return api.DraughtsGame.importRecord(text, variant, index);
}

/**
 * The games of a PDN text, for a chooser: `[{ index, event, date, white, black, result, gameType,
 * plies, line }]`. Throws a readable Error on bad PDN syntax.
 */
export function pdnGames(text) {
  return api.pdnGames(text);
}

/** Another variant whose rules read the record when `variant`'s do not, or undefined. */
export function suggestVariant(text, variant, index = 0) {
  return api.suggestVariant(text, variant, index);
}

/** A PDN collection read once for the library: `count()`, `chunk(start, n)`, `free()`. */
export function pdnCollection(text, variant) {
  return new api.PdnCollection(text, variant);
}
