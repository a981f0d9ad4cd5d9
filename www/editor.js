// The board editor (#editor, opened from the new-game sheet): set up any position by taps with a
// palette (white/black man/king, eraser), the side to move, an empty board or the start
// position, and the FEN alongside, editable. The engine keeps the board (as FEN) and lists every
// problem in words (engine.editSetup); when there is none, the position can be played, as the
// sheet's choices say (opponent, clock).

import * as engine from './engine.js';
import * as game from './game.js';
import { errorText, language, say, t } from './i18n.js';

const $ = (id) => document.getElementById(id);

export class Editor {
  constructor({ controller, panels }) {
    this.controller = controller;
    this.panels = panels;
    this.state = null; // the engine's { fen, turn, board, problems, playable }
    this.variant = null;
    this.tool = { color: 'white', role: 'man' };
    $('edit-cancel').addEventListener('click', () => this.close());
    $('edit-clear').addEventListener('click', () => this.change({ reset: 'empty' }));
    $('edit-start').addEventListener('click', () => this.change({ reset: 'start' }));
    $('edit-turn').addEventListener('change', (e) => this.change({ turn: e.target.value }));
    $('edit-fen').addEventListener('change', (e) => this.load(e.target.value));
    $('edit-play').addEventListener('click', () => this.play());
    for (const b of document.querySelectorAll('#edit-palette button')) {
      b.addEventListener('click', () => this.pick(b));
    }
  }

  get active() {
    return this.state != null;
  }

  /**
   * Starts editing a position of `variant`: the position shown when the game shown is of that
   * variant, else the variant's start position on its own board. `onPlay(pending)` plays the
   * position set up (a game read by game.js).
   */
  open({ variant, onPlay }) {
    const c = this.controller;
    this.variant = variant;
    this.onPlay = onPlay;
    this.state = null;
    this.otherBoard = variant !== c.snap.variant;
    document.body.classList.add('is-editing');
    $('editor').hidden = false;
    c.clearSelection();
    if (this.otherBoard) {
      this.controller.buildBoard(game.boardOf(variant));
      this.change({ reset: 'start' });
    } else {
      this.load(c.snap.fen);
    }
    this.pick(document.querySelector('#edit-palette button[aria-pressed="true"]') || document.querySelector('#edit-palette button'));
    this.panels.announce(t('announce.editor'));
  }

  /** Leaves the editor; `back` false when a game is loaded at once (it draws its own board). */
  close({ back = true } = {}) {
    this.state = null;
    document.body.classList.remove('is-editing');
    $('editor').hidden = true;
    // Back to the game's own board when another variant's was set up.
    if (back && this.otherBoard) this.controller.buildBoard(game.board());
    this.otherBoard = false;
    if (back) this.controller.redraw();
  }

  pick(button) {
    for (const b of document.querySelectorAll('#edit-palette button')) b.setAttribute('aria-pressed', String(b === button));
    this.tool = button.dataset.erase != null ? null : { color: button.dataset.color, role: button.dataset.role };
  }

  /** A tap on a square: puts the chosen piece there, or takes it away if it is already there. */
  tap(sq) {
    const here = this.state.board[sq - 1];
    const same = here && this.tool && here.color === this.tool.color && here.role === this.tool.role;
    this.change(same || !this.tool ? { square: sq } : { square: sq, ...this.tool });
  }

  /** Reads FEN typed or pasted into the field. */
  load(fen) {
    this.apply(() => engine.editSetup(fen, this.variant, undefined));
  }

  change(change) {
    this.apply(() => engine.editSetup(this.state?.fen ?? '', this.variant, change));
  }

  apply(call) {
    let next;
    try {
      next = call();
    } catch (e) {
      this.showProblems([errorText(e)]);
      $('edit-fen').setAttribute('aria-invalid', 'true');
      return;
    }
    this.state = next;
    $('edit-fen').removeAttribute('aria-invalid');
    $('edit-fen').value = next.fen;
    $('edit-turn').value = next.turn;
    $('edit-play').disabled = !next.playable;
    this.showProblems(next.problems);
    this.draw();
  }

  showProblems(problems) {
    const ul = $('edit-problems');
    ul.textContent = '';
    for (const p of problems) {
      const li = document.createElement('li');
      const text = say(p);
      li.textContent = text.charAt(0).toLocaleUpperCase(language()) + text.slice(1);
      ul.append(li);
    }
    $('edit-ready').hidden = problems.length > 0;
  }

  draw() {
    const none = new Set();
    this.controller.view.render(this.state.board, {
      selected: null,
      dests: none,
      waypoints: none,
      path: [],
      captured: none,
      lastMove: none,
      movable: none,
      hint: none,
    });
  }

  /** Plays the position set up (the sheet's choices say against whom, with what clock). */
  play() {
    if (!this.state?.playable) return;
    let set;
    try {
      set = game.fromFen(this.state.fen, this.variant);
    } catch (e) {
      this.showProblems([errorText(e)]);
      return;
    }
    const fen = this.state.fen;
    this.close({ back: false });
    this.onPlay(set);
    this.panels.message(t('msg.position-set', { fen }), 'info');
  }
}
