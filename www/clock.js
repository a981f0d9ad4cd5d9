// Clocks for games at the table: a clock on each player's card (#clock-white, #clock-black) and
// the pause button (#clock-pause). The time control is chosen in the new-game sheet
// (new-game.js) and given to the game it starts (`prepare`); a game opened from the library keeps
// the clock saved with it, and one opened otherwise has none.
//
// The engine keeps the time (crates/rules/src/clock.rs, kept in step with the game by
// src/session.rs, through game.js): this module only tells it the time (performance.now()), draws
// the milliseconds it answers with as digits (m:ss, tenths under ten seconds), and asks again when
// the digits would change.
// The engine's rules: the clock starts with the first move, a move is pressed once however many
// pieces it captures, a move made once the clock runs stands (no undo), and a flag loses unless
// the opponent could never win (then a draw). This module adds what the page does around it:
// the clock pauses while a dialog or the board editor is open, it is saved with the game and
// comes back paused after a reload (the player is told), and it dispatches
// `draughts:low-time` once per side when a running clock passes under ten seconds and
// `draughts:clock-flag` when one runs out (`detail: { side }`). Against the computer only the
// player's time counts.

import * as game from './game.js';
import { errorText, onLanguage, t } from './i18n.js';

const $ = (id) => document.getElementById(id);

// The engine's clock view (ClockView in crates/rules/src/clock.rs): { white, black } milliseconds
// left (null: that side's time does not count), `running` and `flagged` sides (or null), and
// `state`: 'waiting' (for the first move), 'running', 'paused' or 'over'.
const SIDES = ['white', 'black'];
const LOW = 10_000;

/** A clock's digits: `4:59`, `1:02:03`, and `0:09.8` under ten seconds (cut, not rounded). */
function digits(ms) {
  const s = Math.floor(ms / 1000);
  const two = (n) => String(n).padStart(2, '0');
  if (ms < LOW) return `0:${two(s)}.${Math.floor((ms % 1000) / 100)}`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m}:${two(s % 60)}` : `${Math.floor(m / 60)}:${two(m % 60)}:${two(s % 60)}`;
}

export class Clocks {
  constructor({ controller, panels, storage, computer }) {
    this.c = controller;
    this.panels = panels;
    this.computer = computer;
    this.control = ''; // the game's time control, as the PDN tag writes it ('' for none)
    this.label = ''; // and as players say it (the picker's text: "5+3")
    this.next = null; // { control, label } for the game the new-game sheet starts
    this.game = null; // game.id() of the game the clock was given to
    this.view = null; // the engine's last answer
    this.timer = 0;
    this.low = {}; // sides already told they are short of time
    this.autoPaused = false; // paused for a dialog or the editor, not by a player
    this.hiddenPause = false; // paused while the page was hidden, the player not told yet
    this.storage = storage;
    storage.keep(() => ({
      clock: this.adopt() ? { saved: game.savedClock(performance.now()), label: this.label } : null,
    }));
    controller.onChange(() => this.draw());
    onLanguage(() => this.draw());
    $('clock-pause').addEventListener('click', () => this.pause(this.state() !== 'paused'));
    const watch = new MutationObserver(() => this.blocked());
    watch.observe(document.body, { subtree: true, attributeFilter: ['open'] });
    new MutationObserver(() => this.blocked()).observe(document.body, { attributeFilter: ['class'] });
    // The time left is kept with the game when the page may be closed.
    const keep = () => this.view && storage.save();
    addEventListener('pagehide', keep);
    document.addEventListener('visibilitychange', () => this.visibility(keep));
  }

  /**
   * The page hidden (the phone locked, another app or tab in front): nobody can move, so a
   * running clock pauses, and stays paused when the page is back (the player is told, as after a
   * reload). The game is saved as it goes out of sight, since it may not come back.
   */
  visibility(keep) {
    // Online, each page keeps its own player's time: it runs as over the board, out of sight too.
    if (document.hidden && this.c.online) {
      keep();
    } else if (document.hidden) {
      // A side's time runs (not only the computer's turn, whose time does not count).
      if (this.view && game.clock(performance.now())?.running) {
        this.pause(true); // which saves the game
        this.hiddenPause = true;
      } else {
        keep();
      }
    } else if (this.hiddenPause) {
      this.hiddenPause = false;
      if (this.state() === 'paused' && this.c.isOngoing()) this.panels.message(t('clock.hidden'), 'info', 0);
    }
  }

  /** The clock (`control` '' for none) of the game about to be started from the new-game sheet. */
  prepare(control, label) {
    this.next = { control, label };
  }

  /**
   * Gives a game just loaded its clock: the one prepared for it, else none (a game restored with
   * a clock gets it back from `restore`). False without a clock.
   */
  adopt() {
    if (game.id() !== this.game) {
      this.game = game.id();
      this.low = {};
      this.autoPaused = false;
      this.control = this.next?.control ?? '';
      this.label = this.next?.label ?? '';
      this.next = null;
      try {
        this.give(this.control);
      } catch (e) {
        this.panels.message(errorText(e), 'error');
        this.control = '';
        this.label = '';
      }
    }
    return !!this.control;
  }

  /** The side whose time counts against the computer (the player's), else both. */
  timed() {
    const s = this.computer.settings;
    return s.opponent === 'computer' ? (s.side === 'white' ? 'black' : 'white') : undefined;
  }

  give(control) {
    game.setClock(control, this.timed());
  }

  /** The clock's state from the engine's last answer, or undefined without a clock. */
  state() {
    return this.view?.state;
  }

  /**
   * The clock saved with the game (`{ saved, label }`), back on it: paused, and the player is
   * told if it was running. The saved text starts with the time control as PDN writes it.
   */
  restore(clock) {
    if (!clock) return;
    try {
      game.restoreClock(String(clock.saved));
    } catch (e) {
      this.panels.message(t('clock.unreadable', { error: errorText(e) }), 'error', 0);
      return;
    }
    this.game = game.id();
    this.control = String(clock.saved).split(' ')[0];
    this.label = typeof clock.label === 'string' ? clock.label : this.control;
    this.draw();
    if (this.state() === 'paused' && this.c.isOngoing()) this.panels.message(t('clock.reloaded'), 'info', 0);
  }

  pause(on) {
    this.autoPaused = false;
    game.clock(performance.now(), on);
    this.storage.save();
    this.draw();
  }

  /** A dialog or the board editor open: the running clock waits until they are closed. */
  blocked() {
    // Online, a question from the friend (a dialog) does not stop this player's time.
    const block = !this.c.online && (!!document.querySelector('dialog[open]') || /is-(editing|learning)/.test(document.body.className));
    const state = this.state();
    if (block && state === 'running') {
      game.clock(performance.now(), true);
      this.autoPaused = true;
    } else if (!block && this.autoPaused) {
      this.autoPaused = false;
      if (state === 'paused') game.clock(performance.now(), false);
    } else {
      return;
    }
    this.draw();
  }

  /** Asks the engine for the clock now and draws it; runs again while a clock runs. */
  draw() {
    clearTimeout(this.timer);
    this.adopt();
    const c = this.c;
    // The last tap of a move stopped the mover's time; its slide is nobody's.
    if (c.animating) {
      this.timer = setTimeout(() => this.draw(), 50);
      return;
    }
    const v = game.clock(performance.now(), undefined);
    this.view = v;
    const state = this.state();
    const running = v?.running;
    document.body.classList.toggle('has-clock', !!state);
    for (const side of v ? SIDES : []) {
      const ms = v[side];
      const el = $(`clock-${side}`);
      el.hidden = ms == null;
      if (ms == null) continue; // that side's time does not count
      el.textContent = digits(ms);
      el.classList.toggle('is-running', running === side);
      el.classList.toggle('is-paused', state === 'paused' && c.snap.toMove === side);
      el.classList.toggle('is-low', ms < LOW);
      if (ms < LOW && running === side && !this.low[side]) {
        this.low[side] = true;
        document.dispatchEvent(new CustomEvent('draughts:low-time', { detail: { side } }));
      }
    }
    if (!state) for (const side of SIDES) $(`clock-${side}`).hidden = true;
    const button = $('clock-pause');
    // Online, neither player stops the clocks alone (a dropped connection does).
    button.hidden = !state || state === 'over' || !!c.online;
    button.disabled = state === 'waiting';
    // A symbol and its words; the symbol is not read out.
    const words = t(state === 'paused' ? 'clock.resume' : 'clock.pause');
    button.textContent = `${state === 'paused' ? '▶\uFE0E' : '❚❚'} ${words}`;
    button.setAttribute('aria-label', words);
    button.setAttribute('aria-pressed', String(state === 'paused'));
    $('play-from-here').disabled = !!state && state !== 'waiting';
    const flagged = v?.flagged;
    if (flagged && c.snap.status.state === 'ongoing') {
      // The engine ended the game on time: the page shows its result as for any other.
      document.dispatchEvent(new CustomEvent('draughts:clock-flag', { detail: { side: flagged } }));
      c.changed();
      return;
    }
    const ms = running && v[running];
    // Again when the digits change: the next tenth from ten seconds down, else the next second.
    if (ms > 0) this.timer = setTimeout(() => this.draw(), ms <= LOW ? ms % 100 || 100 : ms % 1000 || 1000);
  }
}
