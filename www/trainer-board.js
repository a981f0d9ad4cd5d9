// The board of a trainer (lessons.js, puzzles.js): a position of its own, a game of the page's
// module (engine.fromFen), never the game in progress, drawn on the game's board view while the
// trainer holds it. It decides how taps become a move, as the game's board does (controller.js'
// routeTap, followRoute, routeMarks): a piece, its destination, and where two captures end
// on the same square, the landing squares on the way until one move is left. It draws the
// position with its marks (the piece picked, its destinations, the pieces that can move, the last
// move, a hint's arrow) and writes the trainer's message line.
//
// It leaves to its trainer whether a move is right and what follows (`onMove`), and when the
// player may move at all (`accepts`); the rules are the engine's: the moves listed, and why a
// piece cannot move (`explain`), in its words.

import * as engine from './engine.js';
import { followRoute, routeMarks, routeTap } from './controller.js';
import { errorText, say, t } from './i18n.js';

const EMPTY = Object.freeze(new Set());

export class TrainerBoard {
  /**
   * `view`: the game's board view; `idle()`: the snapshot drawn while no position is set (the
   * game's); `said()`: the message line's element; `accepts()`: whether the trainer takes a move
   * now; `onMove(move)`: a legal move chosen by taps (the selection is already cleared).
   */
  constructor({ view, idle, said, accepts, onMove }) {
    this.view = view;
    this.idle = idle;
    this.said = said;
    this.accepts = accepts;
    this.onMove = onMove;
    this.handle = null;
    this.snap = null;
    this.busy = false; // a move is being shown: taps wait
    this.arrow = null; // a hint's arrow: [from, ...path]
    this.lastMove = EMPTY;
    this.asking = false; // the message line asks for a landing square
    this.clearSelection();
  }

  /** Builds the board of `variant` on the view (its size and coordinates). */
  build(variant) {
    const board = engine.newGame(variant);
    try {
      const info = engine.variantInfo(variant);
      this.view.build(board.squares(), board.size(), { full: !!info?.full, algebraic: !!info?.algebraic });
    } finally {
      board.free();
    }
  }

  /** Sets the position: `fen` in `variant`, or the variant's start without a FEN. */
  set(variant, fen) {
    this.drop();
    this.handle = fen == null ? engine.newGame(variant) : engine.fromFen(fen, variant);
    this.snap = this.handle.snapshot(undefined, undefined);
  }

  /** No position: the view shows `idle()` until the next one. */
  drop() {
    this.handle?.free();
    this.handle = null;
    this.snap = null;
    this.busy = false;
    this.arrow = null;
    this.lastMove = EMPTY;
    this.asking = false;
    this.clearSelection();
  }

  clearSelection() {
    this.selected = null;
    this.target = null; // the destination picked, while two captures end there
    this.prefix = []; // the landing squares chosen on the way to it
    if (this.asking) {
      this.asking = false;
      this.say('', null);
    }
  }

  /** The moves the player may make now (none while the trainer takes none, or a move is shown). */
  get legal() {
    return this.snap && !this.busy && this.accepts() ? this.snap.legal : [];
  }

  canPick(sq) {
    return this.legal.some((m) => m.from === sq);
  }

  /** A tap on a square: as on the game's board (controller.js' activate). */
  tap(sq) {
    if (!this.snap || this.busy || !this.accepts()) return;
    const legal = this.legal;
    const step = routeTap(legal, this, sq);
    if (step === 'narrow') this.narrow();
    if (step) return;
    const again = sq === this.selected; // the piece picked, tapped again, is put down
    this.clearSelection();
    if (!again) {
      if (legal.some((m) => m.from === sq)) this.selected = sq;
      else this.explain(sq);
    }
    this.draw();
  }

  /** Plays the move the route chosen so far leaves, or asks for the next landing square. */
  narrow() {
    const cands = followRoute(this.legal, this);
    if (cands.length === 1 || cands.every((m) => m.path.length <= this.prefix.length)) {
      const move = cands[0];
      this.clearSelection();
      this.onMove(move);
      return;
    }
    this.asking = true;
    this.say(t('msg.several-paths', { square: this.view.name(this.target) }), null);
    this.draw();
  }

  /** Why the piece on `sq` cannot move, in the engine's words (a capture elsewhere, precedence…). */
  explain(sq) {
    try {
      const e = this.handle.explain(sq);
      if (e.message) this.say(say(e.message), false);
    } catch (err) {
      this.say(errorText(err), false);
    }
  }

  /** Writes the message line; `right`: true, false, or null for neither. */
  say(text, right) {
    const said = this.said();
    if (!said) return;
    said.textContent = text;
    if (right == null) delete said.dataset.right;
    else said.dataset.right = String(right);
  }

  /** Plays `move` (one of the position's legal moves) on the board, sliding. */
  async show(move) {
    await this.view.animate(move.from, move.path, move.captures);
    this.handle.applyMove(move.index);
    this.snap = this.handle.snapshot(undefined, undefined);
    this.lastMove = new Set([move.from, ...move.path]);
  }

  /** The trainer's board (the controller's redraw, while the trainer is open). */
  draw() {
    this.view.render((this.snap || this.idle()).board, this.marks());
  }

  marks() {
    const legal = this.legal;
    return {
      selected: this.selected,
      ...routeMarks(legal, this),
      lastMove: this.lastMove,
      movable: this.selected == null ? new Set(legal.map((m) => m.from)) : EMPTY,
      arrow: this.arrow,
    };
  }
}
