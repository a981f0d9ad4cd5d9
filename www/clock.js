// Clocks for games at the table: the picker (select#clock; a custom time control in
// dialog#clock-dialog), a clock on each player's card (#clock-white, #clock-black) and the pause
// button (#clock-pause).
//
// The engine keeps the time (src/clock.rs, through the game handle): this module only tells it
// the time (performance.now()), draws the digits it answers with, and asks again when they change.
// The engine's rules: the clock starts with the first move, a move is pressed once however many
// pieces it captures, a move made once the clock runs stands (no undo), and a flag loses unless
// the opponent could never win (then a draw). This module adds what the page does around it:
// the clock pauses while a dialog or the board editor is open, it is saved with the game and
// comes back paused after a reload (the player is told), and it dispatches
// `draughts:low-time` once per side when a running clock passes under ten seconds and
// `draughts:clock-flag` when one runs out (`detail: { side }`). Against the computer only the
// player's time counts.

import { confirmDialog } from './pdn-io.js';

const $ = (id) => document.getElementById(id);

const TEXT = {
  pause: 'Pause',
  resume: 'Resume',
  reloaded: 'The clock was paused while the page was closed: tap Resume or play a move to go on.',
  replace: 'Set both clocks to {label} now? The time used so far is lost.',
  replaceYes: 'Set the clock',
  no: 'Cancel',
  unreadable: 'The saved clock could not be restored ({error}); the game goes on without it.',
};
const fmt = (key, params = {}) => TEXT[key].replace(/\{(\w+)\}/g, (_, k) => params[k] ?? '');

const SIDES = ['white', 'black'];

export class Clocks {
  constructor({ controller, panels, storage, computer }) {
    this.c = controller;
    this.panels = panels;
    this.computer = computer;
    this.control = ''; // the picker's time control, as the PDN tag writes it ('' for none)
    this.game = null; // the game handle the clock was given to
    this.view = null; // the engine's last answer
    this.timer = 0;
    this.low = {}; // sides already told they are short of time
    this.autoPaused = false; // paused for a dialog or the editor, not by a player
    const extra = storage.extra;
    storage.extra = () => ({ ...extra(), clock: this.adopt() ? this.c.game.clockState(performance.now()) : null });
    controller.onChange(() => this.draw());
    $('clock').addEventListener('change', () => this.pick());
    $('clock-pause').addEventListener('click', () => this.pause(this.view?.state !== 'paused'));
    for (const id of ['opponent', 'side']) $(id).addEventListener('change', () => this.set(this.control));
    $('clock-dialog').addEventListener('close', () => this.custom());
    const watch = new MutationObserver(() => this.blocked());
    watch.observe(document.body, { subtree: true, attributeFilter: ['open'] });
    new MutationObserver(() => this.blocked()).observe(document.body, { attributeFilter: ['class'] });
    // The time left is kept with the game when the page may be closed.
    const keep = () => this.view && storage.save(this.c.game, this.c.flipped);
    addEventListener('pagehide', keep);
    document.addEventListener('visibilitychange', () => document.hidden && keep());
  }

  /** Gives a new game (new, imported, opened, set up) the picker's clock; false without one. */
  adopt() {
    const g = this.c.game;
    if (g !== this.game) {
      this.game = g;
      this.low = {};
      this.autoPaused = false;
      this.give(g, this.control);
    }
    return !!this.control;
  }

  /** The side whose time counts against the computer (the player's), else both. */
  timed() {
    const s = this.computer.settings;
    return s.opponent === 'computer' ? (s.side === 'white' ? 'black' : 'white') : undefined;
  }

  give(g, control) {
    g.setClock(control || undefined, this.timed());
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
    const seconds = Math.round(Number($('clock-minutes').value) * 60);
    const sep = $('clock-kind').value === 'bronstein' ? 'B' : '+';
    this.set(`${seconds}${sep}${Math.round(Number($('clock-increment').value))}`);
  }

  /** Plays on with `control` ('' for none): both clocks start afresh with the next move. */
  async set(control) {
    const v = this.view;
    if (v && v.state !== 'waiting' && v.state !== 'over' && control !== this.control) {
      const label = control ? $('clock').selectedOptions[0]?.textContent ?? control : '—';
      const sure = await confirmDialog(fmt('replace', { label }), { yes: TEXT.replaceYes, no: TEXT.no });
      if (!sure) {
        $('clock').value = this.control;
        return;
      }
    }
    try {
      this.adopt();
      this.give(this.c.game, control);
    } catch (e) {
      $('clock').value = this.control;
      this.panels.message(e.message, 'error');
      return;
    }
    this.control = control;
    this.c.storage.save(this.c.game, this.c.flipped);
    // Undo's state: moves made with a clock stand, and without one they can be taken back.
    this.c.refresh();
    this.c.redraw();
    this.draw();
  }

  /** Shows `view`'s time control in the picker, adding it when it is not a preset. */
  showControl(view) {
    const select = $('clock');
    const control = view?.control ?? '';
    if (![...select.options].some((o) => o.value === control)) {
      select.querySelector('[data-added]')?.remove();
      const o = new Option(view.label, control);
      o.dataset.added = '';
      select.insertBefore(o, select.querySelector('[value="custom"]'));
    }
    select.value = control;
    this.control = control;
  }

  /** The clock saved with the game, back on it: paused, and the player is told. */
  restore(state) {
    if (!state) return;
    const g = this.c.game;
    try {
      g.restoreClock(state);
    } catch (e) {
      this.panels.message(fmt('unreadable', { error: e.message }), 'error', 0);
      return;
    }
    this.game = g;
    this.showControl(g.clock(performance.now()));
    this.draw();
    if (state.run === 'running' && this.c.isOngoing()) this.panels.message(TEXT.reloaded, 'info', 0);
  }

  pause(on) {
    this.autoPaused = false;
    this.c.game.pauseClock(performance.now(), on);
    this.c.storage.save(this.c.game, this.c.flipped);
    this.draw();
  }

  /** A dialog or the board editor open: the running clock waits until they are closed. */
  blocked() {
    const block = !!document.querySelector('dialog[open]') || document.body.classList.contains('is-editing');
    const state = this.view?.state;
    if (block && state === 'running') {
      this.c.game.pauseClock(performance.now(), true);
      this.autoPaused = true;
    } else if (!block && this.autoPaused) {
      this.autoPaused = false;
      if (state === 'paused') this.c.game.pauseClock(performance.now(), false);
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
    const v = (this.view = c.game.clock(performance.now()));
    document.body.classList.toggle('has-clock', !!v);
    for (const side of SIDES) {
      const el = $(`clock-${side}`);
      const s = v?.[side];
      el.hidden = !s;
      if (!s) continue;
      el.textContent = s.text;
      el.classList.toggle('is-running', v.running === side);
      el.classList.toggle('is-paused', v.state === 'paused' && c.snap.toMove === side);
      el.classList.toggle('is-low', s.low);
      if (s.low && v.running === side && !this.low[side]) {
        this.low[side] = true;
        document.dispatchEvent(new CustomEvent('draughts:low-time', { detail: { side } }));
      }
    }
    const button = $('clock-pause');
    button.hidden = !v || v.state === 'over';
    button.disabled = v?.state === 'waiting';
    button.textContent = v?.state === 'paused' ? TEXT.resume : TEXT.pause;
    button.setAttribute('aria-pressed', String(v?.state === 'paused'));
    $('play-from-here').disabled = !!v && v.state !== 'waiting';
    if (v?.flagged && c.snap.status.state === 'ongoing') {
      // The engine ended the game on time: the page shows its result as for any other.
      document.dispatchEvent(new CustomEvent('draughts:clock-flag', { detail: { side: v.flagged } }));
      c.changed();
      return;
    }
    const ms = v?.running && v[v.running].ms;
    if (ms) this.timer = setTimeout(() => this.draw(), ms < 10_000 ? ms % 100 || 100 : ms % 1000 || 1000);
  }
}
