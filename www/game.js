// The game being played: the one module that holds and calls the engine's game handle (a
// DraughtsGame of the page's wasm module, made by engine.js). The others read the game from the
// controller's snapshot (one per change, `controller.snap`) and change it through here.
//
// A game read from somewhere (a new game, a saved one, an import, a link, the board editor) is
// a Pending game until the controller makes it the game (`adopt`) or it is dropped: the page
// sees only what it needs of it before then (its variant, whether it is the game already here).
// `id()` tells games apart: it changes when another game is adopted, not when one is played on.

import * as engine from './engine.js';

let current = null; // the DraughtsGame being played
let serial = 0; // games adopted so far
const handles = new WeakMap(); // Pending → its DraughtsGame, until adopted or dropped

/** A game read but not played yet. */
class Pending {
  constructor(handle) {
    handles.set(this, handle);
  }

  /** Its variant's name. */
  get variant() {
    return handles.get(this).variant();
  }

  /** Its position as FEN (the start of a game not played yet). */
  get fen() {
    return handles.get(this).snapshot(undefined, undefined).fen;
  }

  /** Whether it is the game already being played (the same start and the same moves). */
  isCurrent() {
    return !!current && current.link() === handles.get(this).link();
  }

  /**
   * How this game (read from a link) stands to a correspondence game the library keeps (its save,
   * `{ pdn, variant, ply }`): 'same', 'newer', 'older', 'diverged' or 'other' (the engine decides:
   * crates/views/src/correspondence.rs). A save that does not read is another game.
   */
  relationTo(saved) {
    let kept;
    try {
      kept = engine.restore(saved.pdn, saved.variant, saved.ply);
      return kept.linkRelation(handles.get(this));
    } catch {
      return 'other';
    } finally {
      kept?.free();
    }
  }

  /** The side that sent it (made its last move): the other side is to move. */
  get sender() {
    return handles.get(this).sender();
  }

  /** Lets it go, when it does not replace the game. */
  drop() {
    handles.get(this)?.free();
    handles.delete(this);
  }
}

// Games to play: each throws an Error in words (the engine's message) when it cannot be read.
/** A new game at the start position. */
export const newGame = (variant) => new Pending(engine.newGame(variant));
/** A game from a FEN position. */
export const fromFen = (fen, variant) => new Pending(engine.fromFen(fen, variant));
/** The game a shared link holds (its fragment or the whole URL). */
export const fromLink = (text) => new Pending(engine.fromLink(text));
/** The game in a record (a FEN, or game `index` of a PDN text). */
export const importRecord = (text, variant, index) => new Pending(engine.importRecord(text, variant, index));
/** A saved game (see `record`): all its moves, redoable ones included, `ply` of them played. */
export const restore = (pdn, variant, ply) => new Pending(engine.restore(pdn, variant, ply));

/** Makes `pending` the game being played (the controller's `load`); the previous game is freed. */
export function adopt(pending) {
  const handle = handles.get(pending);
  handles.delete(pending);
  if (current && current !== handle) current.free();
  current = handle;
  serial += 1;
}

/** Which game is being played: changes when another game is adopted, not when it is played on. */
export const id = () => serial;

/**
 * Everything the page draws, in one value (src/snapshot.rs): `{ variant, ply, view, turn, toMove,
 * board, counts, status, moveNumber, moves, leadComment, legal, lastMove, canUndo, canRedo, fen,
 * line, lineEnd }`. `player` ('white' | 'black') tells the result to that player; `view`, a past
 * ply, shows it, of side line `line` ('0.1') when given.
 */
export const snapshot = (player, view, line) => current.snapshot(player, view, line);

/** The game's variant, its board's squares (`[{ square, row, col, label, … }]`) and cells per side. */
export const board = () => ({ variant: current.variant(), squares: current.squares(), size: current.size() });

/** The board of `variant` as `board()` gives it, for a game not read yet (the board editor's). */
export function boardOf(variant) {
  const handle = engine.newGame(variant);
  try {
    return { variant, squares: handle.squares(), size: handle.size() };
  } finally {
    handle.free();
  }
}

// ----- changes (then the controller takes a snapshot) -----

/** Plays a move (its index among the snapshot's legal moves, or its text); returns it. */
export const play = (move, movedAt) => current.applyMove(move, movedAt);
/** "Play from here": back to the position after `ply` plies, the later moves redoable. */
export const goTo = (ply) => current.goTo(ply);
/** Tries move `index` from ply `ply` of line `line` (a side line opens): `{ move, line, ply }`. */
export const explore = (line, ply, index) => current.explore(line, ply, index);
/** Makes side line `line` the game's own line. */
export const promote = (line) => current.promote(line);
/** Deletes side line `line`; false when there is none. */
export const deleteLine = (line) => current.deleteLine(line);
export const undo = () => current.undo();
export const redo = () => current.redo();
/** `color` ('white' | 'black') resigns. */
export const resign = (color) => current.resign(color);
export const agreeDraw = () => current.agreeDraw();

// ----- what the game is, for others -----

/** Why the piece on `square` cannot move: `{ code, rule?, message, movable }`. */
export const explain = (square) => current.explain(square);
/** The game as a link fragment: also the record the computer's worker replays. */
export const link = () => current.link();
/** The side that sends the game on as it stands: the side that made the last move. */
export const sender = () => current.sender();
/** The game as PDN with `tags` (`{ event, site, date, white, black }`). */
export const pdn = (tags) => current.pdn(tags);
/** A saved game (`restore`'s arguments) as PDN with `tags`, without playing it. */
export function pdnOf(pdn, variant, ply, tags) {
  const handle = engine.restore(pdn, variant, ply);
  try {
    return handle.pdn(tags);
  } finally {
    handle.free();
  }
}
/** What a save keeps of the game: `{ variant, ply, pdn }`, redoable moves included (see `restore`). */
export const record = () => ({ variant: current.variant(), ply: current.ply(), pdn: current.pdnWithRedo(undefined) });

// ----- an online game (online.js): the other side's moves come from a friend's page -----

/** `color` ('white' | 'black') is played on another device; null: both are played here. */
export const setRemote = (color) => current.setRemote(color ?? undefined);
/** The position as it stands, as 16 hex digits: what the two pages compare after each move. */
export const key = () => current.key();
/** The friend's move, played only if the engine finds it legal, at that ply, leading to `key`; throws in words. */
export const playRemote = (index, ply, key, left) => current.playRemote(index, ply, key, left ?? undefined);
/** The moves after `ply` taken back, as both players agreed (clock or not). */
export const takeBack = (ply) => current.takeBack(ply);
/** `color`'s time ran out, as the page that keeps it says. */
export const flag = (color) => current.flag(color);

// ----- the clock (crates/views/src/session.rs): times as performance.now() -----

/** Plays on with a clock for `control` ('' for none); `timed`: the one side whose time counts. */
export const setClock = (control, timed) => current.setClock(control || undefined, timed, undefined);
/** The clock saved with the game (`savedClock`), back on it, paused. */
export const restoreClock = (saved) => current.setClock(undefined, undefined, saved);
/**
 * The clock at `now`: `{ white, black, running, state, flagged }` (milliseconds left, null for a
 * side whose time does not count), or null without one. `pause` true or false pauses or resumes.
 */
export const clock = (now, pause) => current.clock(now, pause);
/** The clock at `now` as text to keep with the game, or undefined without one. */
export const savedClock = (now) => current.savedClock(now);
