// The controller: the game's lifecycle (through game.js, which holds the engine's handle) and the
// selection state; turns square activations (tap, click, drop, keyboard) into moves, and tells the
// view and panels to redraw.
//
// Rules live in the engine. The controller only checks membership: a square is selectable when
// some legal move starts there, a destination when some legal move from the selection ends there.
//
// Everything drawn comes from one engine snapshot per change (`this.snap`: board, turn, counts,
// status, numbered move list, legal moves with their indices; see src/snapshot.rs). Moves are
// played by index. A past position (move-list navigation) is a snapshot of an earlier ply, with a
// banner, until "Play from here" or the way back to the game; a move tried there opens a side line
// (variation) and shows it, the game itself unchanged (not online, nor while a clock runs: then
// a past position is read-only).
//
// Hooks for a computer opponent (another module can plug in without touching this file):
//   controller.isComputer = (color) => boolean   whose turn belongs to the computer
//   controller.onChange(fn)                       fn({ snap, version, cause, move }) after
//                                                 each change; cause: 'move', 'undo', 'redo',
//                                                 'resign', 'draw', 'from-here', or 'load' (new,
//                                                 imported, restored, opened from a link), or
//                                                 none (another module's change: a clock's
//                                                 flag); move: the move object just played
//   await controller.playMove(move)               plays a move (index or text) programmatically
//   controller.playShown(index)                   plays a move of the position shown as taps would
//   controller.setBusy(true, 'Thinking…')         blocks board input while the computer thinks
//   controller.showHint(move)                     highlights a move object's squares (is-hint)
//                                                 until the game next changes
//   controller.onView(fn)                         fn(snap) whenever the position shown may have
//                                                 changed (a change of the game or navigation)
//   controller.arrow                              squares of an arrow to draw (from, then the
//                                                 path; the analysis' best move), cleared on change
//   controller.load(pending)                      makes a game read by game.js (new, imported,
//                                                 restored, opened from a link) the game played
//
// What is saved (storage.js): the game's record and whether the board is turned, with what the
// other parts keep, and what the library lists of it (result, plies); the save is written after
// each change of the game, from `changed`, to the game's own entry of the library.

import * as engine from './engine.js';
import * as game from './game.js';
import { errorText, say, sideName, t, variantTitle } from './i18n.js';
import { linePlies, numbered } from './panels.js';

const EMPTY = Object.freeze(new Set());

// Choosing a move by taps: the piece (`selected`), its destination (`target`) and, where two
// captures end on the same square, the landing squares on the way (`prefix`) until one move is
// left. Shared with the trainers' boards (trainer-board.js), so a route is chosen alike there.

/** The legal moves from the piece picked that fit the destination and the landing squares chosen so far. */
export function routeCandidates(legal, { selected, target, prefix }) {
  if (selected == null) return [];
  return legal.filter((m) => m.from === selected && (target == null || m.to === target) && prefix.every((sq, i) => m.path[i] === sq));
}

/** Follows the route as far as every candidate agrees (onto `pick.prefix`); the candidates left. */
export function followRoute(legal, pick) {
  let cands = routeCandidates(legal, pick);
  while (cands.length > 1) {
    const next = new Set(cands.map((m) => m.path[pick.prefix.length]));
    if (next.size !== 1 || next.has(undefined)) break;
    pick.prefix.push([...next][0]);
    cands = routeCandidates(legal, pick);
  }
  return cands;
}

/**
 * A tap on `sq` as a step of the choice: a destination of the piece picked (set as `pick.target`,
 * the landing squares chosen dropped) or the next landing square (added to `pick.prefix`) gives
 * 'narrow' (follow the route, then play or ask again); the destination again while still
 * ambiguous gives 'wait'; any other square, or nothing picked, null.
 */
export function routeTap(legal, pick, sq) {
  if (pick.selected == null) return null;
  if (pick.target != null) {
    if (routeCandidates(legal, pick).some((m) => m.path[pick.prefix.length] === sq)) {
      pick.prefix.push(sq);
      return 'narrow';
    }
    if (sq === pick.target) return 'wait'; // still ambiguous: keep asking for the route
  }
  // A destination, or (changed their mind) another destination of the piece.
  if (legal.some((m) => m.from === pick.selected && m.to === sq)) {
    pick.target = sq;
    pick.prefix = [];
    return 'narrow';
  }
  return null;
}

/** The board's marks of a choice under way: destinations, then the next landing squares (ringed),
 * the part of the route chosen and the pieces it has jumped (faded until the move completes). */
export function routeMarks(legal, pick) {
  if (pick.selected == null) return { dests: EMPTY, waypoints: EMPTY, path: [], captured: EMPTY };
  const cands = routeCandidates(legal, pick);
  if (pick.target == null) return { dests: new Set(cands.map((m) => m.to)), waypoints: EMPTY, path: [], captured: EMPTY };
  // The destination itself is a landing square when a route passes it and comes back.
  const waypoints = new Set(cands.map((m) => m.path[pick.prefix.length]));
  waypoints.delete(undefined);
  const done = cands[0] ? cands[0].captures.slice(0, pick.prefix.length) : [];
  return { dests: new Set([pick.target]), waypoints, path: pick.prefix, captured: new Set(done) };
}

export class Controller {
  constructor({ view, panels, storage }) {
    this.view = view;
    this.panels = panels;
    this.storage = storage;
    this.legal = [];
    this.selected = null;
    this.target = null; // chosen destination while picking a capture path
    this.prefix = []; // landing squares chosen so far while picking a path
    this.askingPath = false; // the "choose the next landing square" message is up
    this.busy = false;
    this.animating = false;
    this.flipped = false;
    this.settings = { autoRotate: false, faceToFace: false };
    this.isComputer = () => false;
    this.listeners = new Set();
    this.viewListeners = new Set();
    this.arrow = null;
    this.resultShownFor = null; // the result the dialog was shown for (`resultKey`)
    this.resultDismissed = null; // the result whose dialog the player closed, kept with the game
    this.restoredDismissal = null; // the one the game the page starts with kept, for its `load`
    this.hint = EMPTY; // squares of a suggested move (from, then its path)
    this.must = EMPTY; // pieces that must move, shown after a tap on one that cannot
    this.snap = null; // the engine's snapshot of what is shown
    this.viewPly = null; // the ply shown while looking back; null: the game as it stands
    this.viewLine = ''; // the side line shown ('0.1'), '' for the game's own
    this.version = 0; // counts changes of the game (not of the view), for the computer's jobs
    this.editor = null; // the board editor (editor.js), which takes the board's taps while open
    this.lesson = null; // a lesson (lessons.js) or the puzzles (puzzles.js), whose board (trainer-board.js) takes the taps while open; the game waits
    this.online = null; // an online game's { session, me, … } (online.js): the other side plays on its own page
    this.restoredOnline = null; // the one the game the page starts with kept, for its `load`
    this.onlineLive = false; // the online game's channel is open (online.js): the player may move
    storage.keep(
      () => ({
        ...game.record(),
        flipped: this.flipped,
        resultDismissed: this.resultDismissed,
        online: this.online,
        list: { result: this.snap?.status.result, state: this.snap?.status.state, plies: this.snap?.ply, turn: this.snap?.toMove },
      }),
      (saved) => {
        this.restoredDismissal = typeof saved.resultDismissed === 'string' ? saved.resultDismissed : null;
        this.restoredOnline = onlineOf(saved.online);
      },
    );
    // The result dialog shows once per result: closed ("Review the board", Escape), it does not
    // come back when the page is loaded again (opening the game from the library tells it anew). (Closed because the game goes on, it is no
    // dismissal: `changed` forgets it.)
    document.getElementById('result').addEventListener('close', () => {
      if (!this.snap || this.isOngoing() || this.resultShownFor !== this.resultKey()) return;
      this.resultDismissed = this.resultShownFor;
      this.storage.save();
    });
  }

  /**
   * The result as it stands, to show its dialog once: `ply:result` (not its wording: a game
   * restored from its record words its reason "as recorded"), null while the game goes on.
   */
  resultKey() {
    const s = this.snap;
    return s && s.status.state !== 'ongoing' ? `${s.ply}:${s.status.result}` : null;
  }

  /** Asks the engine for the snapshot of what is shown (one call per change). */
  refresh() {
    this.snap = game.snapshot(this.panels.player(), this.viewPly ?? undefined, this.viewLine || undefined);
    this.legal = this.snap.legal;
    this.viewLine = this.snap.line;
    if (this.snap.view === this.snap.ply && !this.snap.line) this.viewPly = null;
    this.arrow = null;
    for (const fn of this.viewListeners) fn(this.snap);
    return this.snap;
  }

  /** Whether a past position or a side line is shown (moves tried there open side lines). */
  get viewing() {
    return this.viewPly != null || !!this.viewLine;
  }

  // ----- game lifecycle -----

  /**
   * Replaces the game with `pending` (new, imported, restored: see game.js) and redraws everything.
   * `online`: an online game's state (online.js), kept with it; a game opened from the library
   * passes the one it was saved with.
   */
  load(pending, { save = true, kind = 'played', mine = null, into = null, online = save ? null : this.restoredOnline } = {}) {
    // A game loaded to be saved is a new game of the library (of `kind`; `mine`: the player's
    // side in a correspondence game), or takes the place of entry `into`'s game (a correspondence
    // game a link brought up to date); one opened from it (save false) is already there.
    if (save && into) this.storage.resume(into);
    else if (save) this.storage.startNew(kind, mine);
    game.adopt(pending);
    this.online = onlineOf(online);
    this.restoredOnline = null;
    this.onlineLive = false;
    game.setRemote(this.online ? other(this.online.me) : null);
    this.panels.setFriend(this.online ? other(this.online.me) : null);
    this.viewPly = null;
    this.viewLine = '';
    const { variant } = this.buildBoard(game.board());
    this.panels.message('');
    this.panels.setVariant(variant);
    // The game the page starts with (not saved anew), whose result's dialog was closed before.
    this.resultDismissed = save ? null : this.restoredDismissal;
    this.restoredDismissal = null;
    this.resultShownFor = this.resultDismissed;
    this.clearSelection();
    this.changed({ save, announce: false, cause: 'load' });
  }

  /** Builds the board view for `board` (`{ variant, squares, size }`, as game.js gives it). */
  buildBoard(board) {
    const info = engine.variantInfo(board.variant);
    this.view.build(board.squares, board.size, { full: !!info?.full, algebraic: !!info?.algebraic });
    return board;
  }

  /** Starts `pending` as a new game of the library (`opts` as `load`'s), and says so to screen readers. */
  start(pending, opts = {}) {
    this.load(pending, opts);
    const variant = variantTitle(engine.variantInfo(this.snap.variant));
    this.panels.announce(t('announce.new-game', { variant, side: sideName(this.snap.turn) }));
  }

  onView(fn) {
    this.viewListeners.add(fn);
  }

  onChange(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** After any change of the game: a new snapshot, redraw, save, show the result. */
  changed({ save = true, announce = true, cause, move } = {}) {
    this.version += 1;
    const snap = this.refresh();
    const status = snap.status;
    this.hint = EMPTY;
    this.must = EMPTY;
    // Turned to the side to move: to the players' sides only, not to the computer's.
    if (this.settings.autoRotate && !this.viewing && !this.isAway(snap.turn)) this.setFlipped(snap.turn === 'black', { persist: false });
    this.panels.update(snap);
    this.redraw();
    if (save) this.storage.save();
    if (status.state !== 'ongoing') {
      const key = this.resultKey();
      if (this.resultShownFor !== key) {
        this.resultShownFor = key;
        this.panels.showResult(status);
        if (announce) this.panels.announce(say(status.line));
      }
    } else {
      this.resultShownFor = null;
      this.resultDismissed = null;
      this.panels.hideResult();
    }
    for (const fn of this.listeners) {
      fn({ snap, version: this.version, cause, move });
    }
  }

  // ----- looking back -----

  /**
   * Shows the position after `ply` plies of `line` (by default the line shown; '' the game's
   * own), clamped to the line; Infinity: its end (the game's: the game as it stands).
   */
  showPly(ply, line = this.viewLine) {
    if (this.animating || !this.snap) return;
    const end = line === this.snap.line ? this.snap.lineEnd : this.snap.ply;
    const target = Math.max(0, Number.isFinite(ply) ? ply : end);
    this.viewLine = line;
    this.viewPly = !line && target >= this.snap.ply ? null : target;
    this.clearSelection();
    this.hint = EMPTY;
    this.must = EMPTY;
    const snap = this.refresh();
    this.panels.update(snap);
    this.redraw();
    const m = linePlies(snap, snap.line).find((p) => p.ply === snap.view);
    this.panels.announce(m ? t('past.after', { move: numbered(m, snap) }) : t('past.start'));
  }

  /** Makes the side line shown the game's own line; the game goes on from its end. */
  promoteLine() {
    if (!this.snap?.line) return;
    game.promote(this.snap.line);
    this.viewLine = '';
    this.clearSelection();
    this.changed({ cause: 'promote' });
    this.panels.announce(t('announce.promoted'));
  }

  /** Deletes the side line shown; the position it branched from is shown. */
  deleteLine() {
    const line = this.snap?.line;
    if (!line || !game.deleteLine(line)) return;
    const branch = linePlies(this.snap, line)[0].ply - 1;
    this.viewLine = line.split('.').slice(0, -1).join('.');
    this.viewPly = branch;
    this.clearSelection();
    this.changed({ cause: 'delete-line' });
  }

  /** "Play from here": the game goes back to the position shown; later moves can be redone. */
  playFromHere() {
    if (!this.viewing || this.snap.line) return;
    game.goTo(this.snap.view);
    this.viewPly = null;
    this.viewLine = '';
    this.clearSelection();
    this.changed({ cause: 'from-here' });
    this.panels.announce(t('announce.playing-on', { number: this.snap.moveNumber, side: sideName(this.snap.turn) }));
  }

  // ----- drawing -----

  movable() {
    return new Set(this.legal.map((m) => m.from));
  }

  /** Pieces with a capture among their moves (when a capture is due, every movable piece). */
  capturing() {
    return new Set(this.legal.filter((m) => m.captures.length).map((m) => m.from));
  }

  /** Legal moves from the selection consistent with the chosen destination and path so far. */
  candidates() {
    return routeCandidates(this.legal, this);
  }

  marks() {
    const last = this.snap.lastMove;
    // A player's turn, nothing picked yet: the pieces that can move are marked (those that
    // capture, more strongly), so the turn starts with what there is to do.
    // Not while looking back (moves tried there open side lines, but the marks say "your turn").
    const turnStart = !this.busy && this.selected == null && !this.viewing && !this.inputBlocked();
    return {
      selected: this.selected,
      ...routeMarks(this.legal, this),
      lastMove: last ? new Set([last.from, last.to]) : EMPTY,
      movable: turnStart ? this.movable() : EMPTY,
      capturing: turnStart ? this.capturing() : EMPTY,
      // The pieces the last move took, as ghosts where they stood, until the next move.
      ghosts: last?.taken ? last.captures.map((square, i) => ({ square, ...last.taken[i] })) : [],
      hint: this.hint,
      arrow: this.arrow,
      must: this.must,
    };
  }

  redraw() {
    if (this.editor?.active || this.lesson?.active) {
      (this.editor?.active ? this.editor : this.lesson.board).draw(); // the board set up or the lesson's, not the game
      return;
    }
    this.view.render(this.snap.board, this.marks());
    this.panels.setBusy(this.busy);
    // The one writer of the Undo and Redo buttons' state.
    document.getElementById('undo').disabled = !this.canUndo();
    document.getElementById('redo').disabled = !this.snap.canRedo || !!this.online;
  }

  // ----- input -----

  inputBlocked() {
    if (this.busy || this.animating || !this.snap) return true;
    // A past position or a side line: open to moves tried there when the engine lists them.
    return this.viewing ? !this.legal.length : this.isAway(this.snap.turn);
  }

  /**
   * Whether `color` is not played on this board now: by the computer, on a friend's page, or
   * (an online game whose connection is down) by nobody until it is back.
   */
  isAway(color) {
    return this.isComputer(color) || (!!this.online && (color !== this.online.me || !this.onlineLive));
  }

  /** Whether a piece on `sq` can be picked up now (for drag start). */
  canPick(sq) {
    if (this.lesson?.active) return this.lesson.board.canPick(sq);
    return !this.editor?.active && !this.inputBlocked() && this.legal.some((m) => m.from === sq);
  }

  /**
   * Whether a tap is refused now: a past position where no move may be tried is shown (the player
   * is told), or input is blocked.
   */
  refused() {
    if (this.viewing && !this.animating && !this.legal.length) {
      this.panels.message(t('msg.past-position'), 'info');
      return true;
    }
    return this.inputBlocked();
  }

  /** Plays the shown position's legal move `index` as taps would (an analysis line's first move). */
  playShown(index) {
    if (this.editor?.active || this.lesson?.active || this.refused()) return;
    const m = this.legal.find((x) => x.index === index);
    if (!m) return;
    performance.mark('activate');
    this.clearSelection();
    this.play(m);
  }

  /** A tap, click, Enter/Space or drop on a square. `fromDrag`: the piece was dropped there. */
  activate(sq, { fromDrag = false } = {}) {
    if (this.editor?.active || this.lesson?.active) {
      (this.editor?.active ? this.editor : this.lesson.board).tap(sq);
      return;
    }
    if (this.refused()) return;
    performance.mark('activate');
    if (this.selected != null) {
      const step = routeTap(this.legal, this, sq);
      if (step === 'narrow') this.narrowPath();
      if (step) return;
      if (sq === this.selected && !fromDrag) {
        this.clearSelection();
        this.redraw();
        return;
      }
    }
    if (this.legal.some((m) => m.from === sq)) {
      this.select(sq);
      return;
    }
    this.explainUnmovable(sq);
    this.clearSelection();
    this.redraw();
  }

  select(sq) {
    this.selected = sq;
    this.target = null;
    this.prefix = [];
    // A piece that can move was picked: the explanation of one that could not, and its frames
    // on the pieces that must move, have done their work.
    this.must = EMPTY;
    this.panels.dropExplanation();
    this.redraw();
    performance.mark('dests-drawn');
    performance.measure('tap-to-destinations', 'activate', 'dests-drawn');
    const n = new Set(this.candidates().map((m) => m.to)).size;
    this.panels.announce(t('announce.selected', { square: this.view.name(sq), n }));
  }

  clearSelection() {
    this.selected = null;
    this.target = null;
    this.prefix = [];
    if (this.askingPath) {
      this.askingPath = false;
      this.panels.message('');
    }
  }

  /** Follows the path as far as all remaining candidates agree; plays when one is left. */
  narrowPath() {
    const cands = followRoute(this.legal, this);
    if (cands.length === 1) {
      this.play(cands[0]);
      return;
    }
    this.redraw();
    // Shown until the path is complete or the selection is dropped (see clearSelection).
    this.askingPath = true;
    this.panels.message(t('msg.several-paths', { square: this.view.name(this.target) }), 'info', 0);
  }

  /** Why the piece on `sq` cannot move, in the engine's words; the pieces that can are marked. */
  explainUnmovable(sq) {
    const e = game.explain(sq);
    if (e.code === 'empty' || e.code === 'can-move') return;
    this.must = e.code === 'not-your-turn' || e.code === 'game-over' ? EMPTY : new Set(e.movable);
    this.panels.message(say(e.message), 'info', 8000, { why: e.code });
  }

  // ----- moves -----

  /** Plays a legal move object (animated), then redraws. */
  async play(move) {
    const id = game.id();
    // With a clock, the mover's time stops now, at the last tap, not after the slide.
    const movedAt = performance.now();
    if (this.lesson?.active) {
      // In a lesson while the computer moves: the move is played, the board stays the lesson's.
      const played = game.play(move.index);
      this.changed({ cause: 'move', move: played });
      return played;
    }
    if (this.viewing) return this.explore(move);
    this.animating = true;
    await this.slide(move);
    if (game.id() !== id) {
      // A new game or an import replaced the game during the slide: the move belonged to the old
      // one. Tell the listeners again, now that input is open (the computer may be to move).
      this.animating = false;
      this.changed({ save: false, announce: false });
      return;
    }
    try {
      performance.mark('apply-start');
      const played = game.play(move.index, movedAt);
      this.clearSelection();
      this.animating = false;
      this.changed({ cause: 'move', move: played });
      performance.mark('move-drawn');
      // With the slide animation, and without it: engine call, save and redraw only.
      performance.measure('tap-to-move-drawn', 'activate', 'move-drawn');
      performance.measure('apply-and-redraw', 'apply-start', 'move-drawn');
      this.panels.announce(describe(played, this.snap));
    } catch (e) {
      this.animating = false;
      this.clearSelection();
      this.redraw();
      this.panels.message(errorText(e), 'error');
    }
  }

  /** Tries a move object in the past position or side line shown: it opens or follows a side line. */
  async explore(move) {
    const { line, view } = this.snap;
    this.animating = true;
    await this.slide(move);
    this.animating = false;
    let got;
    try {
      got = game.explore(line, view, move.index);
    } catch (e) {
      this.clearSelection();
      this.redraw();
      this.panels.message(errorText(e), 'error');
      return null;
    }
    this.viewLine = got.line;
    this.viewPly = got.ply;
    this.clearSelection();
    this.changed({ cause: 'variation', move: got.move });
    this.panels.announce(describe(got.move, this.snap));
    return got.move;
  }

  /** Slides `move` on the board, the pieces it captures shown faded until it completes. */
  async slide(move) {
    this.view.render(this.snap.board, {
      ...this.marks(),
      ghosts: [],
      captured: new Set(move.captures),
      dests: EMPTY,
      waypoints: EMPTY,
      path: [],
    });
    await this.view.animate(move.from, move.path, move.captures);
  }

  /**
   * Plays a move given by its index among the legal moves, or as text (any spelling the engine
   * accepts): the hook for a computer player. Resolves with the move object; rejects with the
   * engine's Error if the move is illegal.
   */
  async playMove(move) {
    // Looking back (the legal moves are those of the position shown): played without a slide.
    const m = this.viewing ? null : typeof move === 'number' ? this.legal[move] : this.legal.find((x) => x.full === move || x.notation === move);
    if (m) {
      performance.mark('activate');
      await this.play(m);
      return m;
    }
    const played = game.play(move); // throws a readable Error when illegal
    this.clearSelection();
    this.changed({ cause: 'move', move: played });
    return played;
  }

  setBusy(busy, label = '') {
    this.busy = busy;
    if (busy) this.clearSelection();
    this.panels.setBusy(busy, label);
    this.redraw();
  }

  /** Highlights a suggested move (a move object) until the game changes. */
  showHint(move) {
    this.hint = new Set([move.from, ...move.path]);
    this.redraw();
  }

  // ----- toolbar actions -----

  /**
   * Takes back the last move. Against the computer, its reply goes too, so that the player is to
   * move again (a resignation or draw agreement is taken back alone).
   */
  undo() {
    // Online, a move is taken back only when the friend agrees (online.js, `takeBack`).
    if (this.animating || this.online || !this.canUndo()) return;
    const ply = this.snap.ply;
    if (!game.undo()) return;
    this.viewPly = null;
    this.viewLine = '';
    // The game as the first undo left it says whether the computer's reply goes too.
    const s = game.snapshot();
    if (s.ply < ply && this.isComputer(s.toMove) && s.canUndo) game.undo();
    this.clearSelection();
    this.changed({ cause: 'undo' });
    this.panels.announce(t('announce.taken-back'));
  }

  /**
   * Whether Undo does something. Against the computer, its opening move alone is not taken back:
   * it would only play again at once.
   */
  canUndo() {
    const s = this.snap;
    // Online, Undo asks the friend to take back the player's last move (online.js).
    if (this.online) return !!s && this.isOngoing() && s.moves.some((m) => m.color === this.online.me);
    if (!s || !s.canUndo) return false;
    const mover = s.moves[s.ply - 1]?.color;
    return !(s.ply === 1 && this.isOngoing() && this.isComputer(mover));
  }

  /** Replays an undone move; against the computer, its reply too. */
  redo() {
    if (this.animating || this.online || !game.redo()) return;
    this.viewPly = null;
    this.viewLine = '';
    const s = game.snapshot();
    if (this.isComputer(s.toMove) && s.status.state === 'ongoing') game.redo();
    this.clearSelection();
    this.changed({ cause: 'redo' });
    const last = this.snap.lastMove;
    if (last) this.panels.announce(t('announce.redone', { move: last.notation }));
  }

  // ----- an online game (online.js) -----

  /**
   * A move from the friend's page (`{ i, ply, key, left }`): the engine plays it only if it is
   * the friend's, at this ply, legal and leads to `key`, else throws in words and nothing
   * changes. Then it slides on the board as the computer's moves do.
   */
  async playRemote(m) {
    const move = this.legal[m.i];
    const played = game.playRemote(m.i, m.ply, m.key, m.left);
    if (move && !this.viewing && !this.animating) {
      this.animating = true;
      await this.slide(move);
      this.animating = false;
    }
    this.clearSelection();
    this.changed({ cause: 'remote', move: played });
    this.panels.announce(describe(played, this.snap));
    return played;
  }

  /** The moves after `ply` taken back, as both players agreed. */
  takeBack(ply) {
    if (!game.takeBack(ply)) return false;
    this.viewPly = null;
    this.viewLine = '';
    this.clearSelection();
    this.changed({ cause: 'undo' });
    this.panels.announce(t('announce.taken-back'));
    return true;
  }

  /** `color`'s time ran out, as the page that keeps it says. */
  flag(color) {
    game.flag(color);
    this.changed({ cause: 'flag' });
  }

  /** `who` resigns: a color, by default the side to move. */
  resign(who = this.snap.turn) {
    game.resign(who);
    this.viewPly = null;
    this.viewLine = '';
    this.clearSelection();
    this.changed({ cause: 'resign' });
    return who;
  }

  agreeDraw() {
    game.agreeDraw();
    this.viewPly = null;
    this.viewLine = '';
    this.clearSelection();
    this.changed({ cause: 'draw' });
  }

  setFlipped(flipped, { persist = true } = {}) {
    if (this.flipped === flipped) return;
    this.flipped = flipped;
    this.view.setFlipped(flipped);
    document.body.classList.toggle('is-flipped', flipped);
    // The one writer of the Flip button's state.
    document.getElementById('flip').setAttribute('aria-pressed', String(flipped));
    if (persist) this.storage.saveSettings(this.settingsForSave());
  }

  flip() {
    this.setFlipped(!this.flipped);
    this.redraw();
  }

  setSetting(name, value) {
    this.settings[name] = value;
    document.body.classList.toggle('face-to-face', !!this.settings.faceToFace);
    if (name === 'autoRotate' && value && !this.isAway(this.snap.turn)) {
      this.setFlipped(this.snap.turn === 'black', { persist: false });
    }
    this.storage.saveSettings(this.settingsForSave());
    this.redraw();
  }

  settingsForSave() {
    return { ...this.settings, flipped: this.flipped };
  }

  isOngoing() {
    return this.snap.status.state === 'ongoing';
  }
}

const other = (color) => (color === 'white' ? 'black' : 'white');

/** An online game's saved state, checked: `{ session, me, … }` or null. */
function onlineOf(o) {
  return o && typeof o === 'object' && typeof o.session === 'string' && (o.me === 'white' || o.me === 'black') ? o : null;
}

/** "White played 32x23, capturing 2 pieces. Black to move." or "…: White wins: …". */
function describe(m, snap) {
  let s = t('announce.played', { side: sideName(snap.moves[snap.ply - 1].color), move: m.notation });
  if (m.captures.length) s += t('announce.capturing', { n: m.captures.length });
  if (m.promotes) s += t('announce.crowned');
  s += snap.status.state === 'ongoing' ? `. ${t('turn.to-move', { side: sideName(snap.turn) })}.` : `. ${say(snap.status.line)}.`;
  return s;
}
