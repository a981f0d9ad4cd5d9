// Autosave: the game is saved to localStorage after every change and restored on load. A save
// that cannot be read (corrupted, from another app or version) is set aside under another key
// and reported; it never stops the page from starting.
//
// One save path: each part of the page registers what it keeps with the game (`keep(provide)`:
// `provide()` gives its fields), and `save()`, which takes nothing, gathers them all and writes
// them. The controller saves after each change of the game; a part whose own fields change
// otherwise (the opponent picked, the clock set or paused) asks for a save the same way.
//
// Format (version 1): { format, version, variant, ply, pdn, flipped, savedAt, opponent?, clock? }:
// the game's record and `flipped` from the controller, `opponent` ({ opponent, level, side }, see
// computer.js), `clock` ({ saved, label }, see clock.js). `opponent` was added later: saves
// without it load as a two-player game, and an unreadable one falls back to the defaults. `clock`
// too: without it the game has no clock.

import { t } from './i18n.js';
import * as game from './game.js';

export const SAVE_KEY = 'draughts.save';
export const SETTINGS_KEY = 'draughts.settings';
const FORMAT = 'draughts-save';
const VERSION = 1;

function store() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): play on without saving
  }
}

export class Storage {
  constructor({ onError = () => {} } = {}) {
    this.onError = onError;
    this.failedOnce = false;
    this.providers = []; // what each part of the page keeps with the game
  }

  /** Registers a part's fields: `provide()` gives an object merged into each save. */
  keep(provide) {
    this.providers.push(provide);
  }

  /** Saves the game with what every part keeps. */
  save() {
    const s = store();
    if (!s) return;
    const data = { format: FORMAT, version: VERSION, savedAt: new Date().toISOString() };
    for (const provide of this.providers) Object.assign(data, provide());
    try {
      s.setItem(SAVE_KEY, JSON.stringify(data));
    } catch (e) {
      if (!this.failedOnce) this.onError(t('msg.not-saved', { error: e.message }));
      this.failedOnce = true;
    }
  }

  /**
   * The saved game: `{ game, flipped, opponent, clock }` (`game`: a game.js Pending game for the
   * controller's `load`; opponent and clock undefined in older saves),
   * `{ game: null }` when there is none, or `{ game: null, error, keptAs }` when the save could not
   * be read (it is then moved to `keptAs`).
   */
  load() {
    const s = store();
    const raw = s && s.getItem(SAVE_KEY);
    if (raw == null) return { game: null };
    try {
      let data;
      try {
        data = JSON.parse(raw);
      } catch {
        throw new Error('it is not valid JSON');
      }
      if (!data || typeof data !== 'object' || data.format !== FORMAT) {
        throw new Error('it was not written by this app');
      }
      // Nothing of the save is quoted whole: a corrupted one can be any size.
      if (data.version !== VERSION) throw new Error('it has an unknown version');
      if (typeof data.variant !== 'string') throw new Error('its variant is missing');
      if (typeof data.pdn !== 'string' || !Number.isInteger(data.ply) || data.ply < 0) {
        throw new Error('its game record is missing');
      }
      const saved = game.restore(data.pdn, data.variant, data.ply);
      return { game: saved, flipped: !!data.flipped, opponent: data.opponent, clock: data.clock };
    } catch (e) {
      const keptAs = `${SAVE_KEY}.unreadable.${Date.now()}`;
      try {
        s.setItem(keptAs, raw);
        s.removeItem(SAVE_KEY);
      } catch {
        /* storage full: leave it where it is */
      }
      return { game: null, error: e.message || String(e), keptAs };
    }
  }

  /** Saves `settings` over the saved ones: each part of the page saves its own keys. */
  saveSettings(settings) {
    const s = store();
    try {
      s && s.setItem(SETTINGS_KEY, JSON.stringify({ ...this.loadSettings(), ...settings }));
    } catch {
      /* not important */
    }
  }

  loadSettings() {
    const s = store();
    try {
      const v = JSON.parse((s && s.getItem(SETTINGS_KEY)) || '{}');
      return v && typeof v === 'object' ? v : {};
    } catch {
      return {};
    }
  }
}
