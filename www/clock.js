// Clocks for games at the table: the picker (select#clock; a custom time control in
// dialog#clock-dialog), a clock on each player's card (#clock-white, #clock-black) and the pause
// button (#clock-pause).
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
import { confirmDialog } from './pdn-io.js';

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
    this.control = ''; // the picker's time control, as the PDN tag writes it ('' for none)
    this.label = ''; // and as players say it (the picker's text: "5+3")
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
    $('clock').addEventListener('change', () => this.pick());
    $('clock-pause').addEventListener('click', () => this.pause(this.state() !== 'paused'));
    for (const id of ['opponent', 'side']) $(id).addEventListener('change', () => this.retime());
    $('clock-dialog').addEventListener('close', () => this.custom());
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
    if (document.hidden) {
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

  /** Gives a new game (new, imported, opened, set up) the picker's clock; false without one. */
  adopt() {
    if (game.id() !== this.game) {
      this.game = game.id();
      this.low = {};
      this.autoPaused = false;
      this.give(this.control);
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

  /** The picker changed: a preset, no clock, or "Custom…" (the dialog asks for it). */
  pick() {
    const value = $('clock').value;
    if (value === 'custom') $('clock-dialog').showModal();
    else this.set(value);
  }

  /** The custom dialog closed: its time control, or the picker as it was. */
  custom() {
    const d = $('clock-dialog');
    if (d.returnValue !== 'ok') {
      $('clock').value = this.control;
      return;
    }
    d.returnValue = '';
    const minutes = Number($('clock-minutes').value);
    const increment = Math.round(Number($('clock-increment').value));
    const delay = $('clock-kind').value === 'bronstein';
    const control = `${Math.round(minutes * 60)}${delay ? 'B' : '+'}${increment}`;
    const label = `${minutes}+${increment}`;
    this.set(control, delay ? t('clock.delay', { label }) : label);
  }

  /**
   * Plays on with `control` ('' for none; `label` as players say it, by default the picker's):
   * both clocks start afresh with the next move.
   */
  async set(control, label = $('clock').selectedOptions[0]?.textContent ?? control) {
    const state = this.state();
    if ((state === 'running' || state === 'paused') && control !== this.control) {
      const sure = await confirmDialog(t('clock.replace', { label }), { yes: t('clock.set'), no: t('button.cancel') });
      if (!sure) {
        $('clock').value = this.control;
        return;
      }
    }
    try {
      this.adopt();
      this.give(control);
    } catch (e) {
      $('clock').value = this.control;
      this.panels.message(errorText(e), 'error');
      return;
    }
    this.showControl(control, label);
    this.storage.save();
    // Undo's state: moves made with a clock stand, and without one they can be taken back.
    this.c.refresh();
    this.c.redraw();
    this.draw();
  }

  /**
   * The opponent or the computer's side changed: the same clock goes on with the times so far,
   * only whose time counts changes (against the computer, the player's only).
   */
  retime() {
    if (!this.adopt()) return;
    game.setClockTimed(this.timed(), performance.now());
    this.storage.save();
    this.draw();
  }

  /** Shows `control` in the picker, adding it (named `label`) when it is not a preset. */
  showControl(control, label) {
    const select = $('clock');
    if (![...select.options].some((o) => o.value === control)) {
      select.querySelector('[data-added]')?.remove();
      const o = new Option(label || control, control);
      o.dataset.added = '';
      select.insertBefore(o, select.querySelector('[value="custom"]'));
    }
    select.value = control;
    this.control = control;
    this.label = label;
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
    this.showControl(clock.saved.split(' ')[0], clock.label);
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
    const block = !!document.querySelector('dialog[open]') || document.body.classList.contains('is-editing');
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
    button.hidden = !state || state === 'over';
    button.disabled = state === 'waiting';
    // A symbol (the picker beside it needs the width), named for screen readers and on hover.
    button.textContent = state === 'paused' ? '▶\uFE0E' : '❚❚';
    button.title = t(state === 'paused' ? 'clock.resume' : 'clock.pause');
    button.setAttribute('aria-label', button.title);
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
