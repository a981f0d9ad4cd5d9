// Autosave into the game library (IndexedDB, www/library-db.js): every game started is an entry
// of the library, written after every change and reopened on load. A game that cannot be read
// (corrupted, from another app or version) is reported and left in place; it never stops the page
// from starting.
//
// One save path: each part of the page registers what it keeps with the game (`keep(provide)`:
// `provide()` gives its fields), and `save()`, which takes nothing, gathers them all and writes
// them to the current game's entry. The controller saves after each change of the game; a part
// whose own fields change otherwise (the opponent picked, the clock set or paused) asks for a save
// the same way. A game loaded as a new one (new, imported, set up, opened from a link) is a new
// entry (`startNew`): no game ever replaces another, but for a correspondence game (kind
// 'correspondence': shared by link, or opened from one), which a newer link of it brings up to
// date in its own entry (`resume`; share.js decides which). Its entry also keeps the player's side
// (`mine`), the last link sent (`link`) and whether that link is the game as it stands (`sent`).
//
// The saved fields (version 1): { variant, ply, pdn, flipped, resultDismissed?, opponent?, clock?,
// list, text }: the game's record, `flipped` and `resultDismissed` (the result whose dialog was
// closed, so that it shows once) from the controller, `opponent` ({ opponent, level, side }, see
// computer.js), `clock` ({ saved, label }, see clock.js), `list` (what the library lists: result,
// state, plies), `players` (white and black as the export names them) and `text` (the game as PDN for export). The entry's list fields and
// the record are written together (library-db.js).
//
// Tabs: each tab keeps its game's id in sessionStorage, so a reload reopens its game and a new
// tab the game played last. Every write checks the game's revision (library-db.js `write`), so a
// tab that fell behind never overwrites newer moves: its own line is kept as a new game and the
// player is told. A write is announced on a BroadcastChannel; a tab showing that game follows it
// (`onFollow`) when it has nothing unsaved.
//
// A write that fails (storage full, refused) is told in words once; the game stays in memory and
// the next change writes it again. Each save is also copied at once to localStorage
// (`draughts.unsaved.<id>`) until the library has it, since an IndexedDB write may not finish
// before the page closes: the next load takes the copy when it follows the stored revision. Today's older single save (localStorage `draughts.save`)
// becomes a game of the library on the first load, and its key is removed.

import { t } from './i18n.js';
import * as game from './game.js';
import * as db from './library-db.js';

export const SAVE_KEY = 'draughts.save';
export const SETTINGS_KEY = 'draughts.settings';
export const CURRENT_KEY = 'draughts.current';
const UNSAVED_KEY = 'draughts.unsaved';
const FORMAT = 'draughts-save';
const VERSION = 1;
const CHANNEL = 'draughts-library';

function store() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): play on without saving
  }
}

function session() {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The fields a save keeps, checked: the Pending game and the rest, or throws in words. */
function readSave(data) {
  if (!data || typeof data !== 'object') throw new Error('it was not written by this app');
  if (typeof data.variant !== 'string') throw new Error('its variant is missing');
  if (typeof data.pdn !== 'string' || !Number.isInteger(data.ply) || data.ply < 0) {
    throw new Error('its game record is missing');
  }
  const saved = game.restore(data.pdn, data.variant, data.ply);
  return { game: saved, flipped: !!data.flipped, opponent: data.opponent, clock: data.clock, online: data.online, data };
}

/** The list entry of a save: what the library shows of the game. */
export function metaOf(id, data, { started, name = '', kind = 'played', mine = null, link = '' } = {}) {
  const list = data.list || {};
  const now = new Date().toISOString();
  return {
    id,
    name,
    kind,
    variant: data.variant,
    white: data.players?.white || '',
    black: data.players?.black || '',
    event: list.event || '',
    date: (started || now).slice(0, 10),
    result: list.result || '*',
    state: list.state || 'ongoing',
    plies: Number.isInteger(list.plies) ? list.plies : data.ply,
    turn: list.turn || null,
    // An online game's session (online.js), by which a reconnection finds it.
    session: typeof data.online?.session === 'string' ? data.online.session : '',
    started: started || now,
    updated: now,
    ...(kind === 'correspondence' && { mine, link, sent: !!data.sent }),
  };
}

export class Storage {
  constructor({ onError = () => {}, onFollow = () => {}, onDiverged = () => {} } = {}) {
    this.onError = onError;
    this.onFollow = onFollow; // (id): another tab wrote the game shown, which has nothing unsaved
    this.onDiverged = onDiverged; // (oldId, newId): this tab's line was kept as a new game
    this.failedOnce = false;
    this.providers = []; // what each part of the page keeps with the game
    this.restorers = []; // and how each takes it back
    this.id = null; // the current game's library id
    this.rev = 0; // its revision as this tab last wrote or read it
    this.revs = new Map(); // id → revision this tab last wrote or read, for saves still queued
    this.forks = new Map(); // id → the game its line went on as after another tab moved it on
    this.started = null;
    this.name = '';
    this.kind = 'played';
    this.mine = null; // a correspondence game's side of this player ('white' | 'black')
    this.link = ''; // and the last link sent of it
    this.dirty = false; // a change not yet written
    this.queue = Promise.resolve();
    this.enabled = true; // false where IndexedDB cannot be opened: play on without saving
    this.persistAsked = false;
    this.listeners = new Set(); // fn() after every write of the library (the list redraws)
    try {
      this.channel = new BroadcastChannel(CHANNEL);
      this.channel.onmessage = (e) => this.heard(e.data);
    } catch {
      this.channel = null;
    }
  }

  /**
   * Registers a part's fields: `provide()` gives an object merged into each save; `restore(saved)`
   * (optional) is given the save of the game the page starts with, before `load` resolves.
   */
  keep(provide, restore) {
    this.providers.push(provide);
    if (restore) this.restorers.push(restore);
  }

  /** fn() after each write of the library, this tab's or another's. */
  onWrite(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  written() {
    for (const fn of this.listeners) fn();
  }

  /** The next game loaded is a new entry of the library (the current one stays as it is). */
  startNew(kind = 'played', mine = null) {
    this.setCurrent(db.newId(), 0);
    this.started = new Date().toISOString();
    this.name = '';
    this.kind = kind;
    this.mine = mine;
    this.link = '';
  }

  /** The next game loaded goes into the library's entry `meta` (a correspondence game updated). */
  resume(meta) {
    this.setCurrent(meta.id, meta.rev);
    this.started = meta.started;
    this.name = meta.name || '';
    this.kind = meta.kind || 'played';
    this.mine = meta.mine || null;
    this.link = meta.link || '';
  }

  /** The game is a correspondence game, `mine` the player's side, `link` just sent; saved. */
  correspond(mine, link) {
    this.kind = 'correspondence';
    this.mine = mine;
    this.link = link;
    return this.save();
  }

  setCurrent(id, rev) {
    this.id = id;
    this.rev = rev;
    this.revs.set(id, rev);
    try {
      session()?.setItem(CURRENT_KEY, id);
    } catch {
      /* not important: a reload then opens the game played last */
    }
  }

  /** Saves the game with what every part keeps (written in order, after the writes before). */
  save() {
    if (!this.enabled || !this.id) return;
    const data = { format: FORMAT, version: VERSION, savedAt: new Date().toISOString() };
    for (const provide of this.providers) Object.assign(data, provide());
    // Whether the game as it stands is the link last sent (the list tells a move not sent yet).
    if (this.kind === 'correspondence') data.sent = !!this.link && this.link.endsWith(game.link());
    this.dirty = true;
    // A copy written at once: IndexedDB writes finish later, and the page may be closing (the
    // clock is saved on pagehide). The next load of the game takes it when it is newer.
    this.keepCopy(this.id, { rev: this.rev, data });
    const target = this.target();
    this.queue = this.queue.then(() => this.write(data, target)).catch(() => {});
    return this.queue;
  }

  /** The game a save is for, taken when it is asked: another game may be current by the time
   * it is written (a link opened right after a move). */
  target() {
    return { id: this.id, started: this.started, name: this.name, kind: this.kind, mine: this.mine, link: this.link };
  }

  /** Resolves once every save asked for so far is written (or has failed). */
  settled() {
    return this.queue;
  }

  async write(data, target) {
    const id = this.forks.get(target.id) ?? target.id;
    const meta = metaOf(id, data, target);
    const { text, ...save } = data;
    const record = { save, text: text || '' };
    let written = id;
    let rev;
    try {
      rev = await db.write(meta, record, this.revs.get(id) ?? 0);
    } catch (e) {
      if (!(e instanceof db.Conflict)) {
        this.failed(e);
        return;
      }
      // Another tab moved this game on: this tab's line becomes a game of its own.
      written = db.newId();
      try {
        rev = await db.write({ ...meta, id: written }, record, 0);
      } catch (again) {
        this.failed(again);
        return;
      }
      this.forks.set(id, written);
      this.keepCopy(id, null);
      if (id === this.id) this.setCurrent(written, rev);
      this.onDiverged(id, written);
    }
    this.revs.set(written, rev);
    if (written === this.id) {
      this.rev = rev;
      this.dirty = false;
    }
    this.failedOnce = false;
    if (written === id) this.keepCopy(id, null);
    this.channel?.postMessage({ id: written, rev });
    this.written();
    if (meta.plies > 0) this.askPersist();
  }

  /** The copy of a game's latest save not yet in the library (`copy` null: none). */
  keepCopy(id, copy) {
    try {
      if (copy) store()?.setItem(`${UNSAVED_KEY}.${id}`, JSON.stringify(copy));
      else store()?.removeItem(`${UNSAVED_KEY}.${id}`);
    } catch {
      /* storage full: the library write is the one that counts */
    }
  }

  copyOf(id) {
    try {
      const copy = JSON.parse(store()?.getItem(`${UNSAVED_KEY}.${id}`) || 'null');
      return copy && Number.isInteger(copy.rev) && copy.data && typeof copy.data === 'object' ? copy : null;
    } catch {
      return null;
    }
  }

  failed(e) {
    if (!this.failedOnce) this.onError(t('msg.not-saved', { error: e?.message || String(e) }));
    this.failedOnce = true;
  }

  /** Once the library holds a game worth keeping: ask the browser not to evict it. */
  askPersist() {
    if (this.persistAsked) return;
    this.persistAsked = true;
    navigator.storage?.persist?.().catch(() => {});
  }

  heard(msg) {
    if (!msg || typeof msg.id !== 'string') return;
    this.written();
    if (msg.id === this.id && msg.rev > this.rev && !this.dirty) this.onFollow(msg.id);
  }

  /**
   * Opens game `id` of the library: `{ game, flipped, opponent, clock }` (`game` a Pending game
   * for the controller's `load`, made current), or `{ game: null, error }`.
   */
  async open(id) {
    let entry;
    try {
      entry = await db.get(id);
    } catch (e) {
      return { game: null, error: e?.message || String(e) };
    }
    if (!entry) return { game: null, error: 'it is no longer in the library' };
    // A save this tab wrote but the library did not take (the page closed first, or the write
    // failed): it goes on from the revision stored, so it is the newer one.
    const copy = this.copyOf(id);
    const newer = copy && copy.rev === entry.meta.rev ? copy.data : null;
    if (copy && !newer) this.keepCopy(id, null);
    try {
      let out;
      try {
        out = readSave(newer || entry.record.save);
      } catch (e) {
        if (!newer) throw e;
        this.keepCopy(id, null);
        out = readSave(entry.record.save);
      }
      this.resume(entry.meta);
      this.dirty = false;
      if (newer) {
        this.dirty = true;
        const target = this.target();
        this.queue = this.queue.then(() => this.write(newer, target)).catch(() => {});
      }
      return out;
    } catch (e) {
      return { game: null, error: e.message || String(e) };
    }
  }

  /**
   * The game to start with: this tab's (after a reload), else the one played last;
   * `{ game: null }` when there is none, `{ game: null, error, keptAs }` when it could not be read.
   */
  async load() {
    try {
      await db.open();
    } catch {
      this.enabled = false;
      return { game: null };
    }
    const migrated = await this.migrate();
    if (migrated.error) return migrated;
    let id = session()?.getItem(CURRENT_KEY);
    if (!id || !(await db.get(id).catch(() => null))) id = (await db.latest().catch(() => null))?.id;
    if (!id) return { game: null };
    const out = await this.open(id);
    if (out.error) return { ...out, keptAs: id };
    // The game the page starts with goes on as it was left (a game opened from the library
    // opens afresh, its result told again).
    for (const restore of this.restorers) restore(out.data);
    return out;
  }

  /** Today's older single save becomes a game of the library; an unreadable one is set aside. */
  async migrate() {
    const s = store();
    const raw = s && s.getItem(SAVE_KEY);
    if (raw == null) return {};
    let data;
    try {
      try {
        data = JSON.parse(raw);
      } catch {
        throw new Error('it is not valid JSON');
      }
      if (!data || typeof data !== 'object' || data.format !== FORMAT) throw new Error('it was not written by this app');
      // Nothing of the save is quoted whole: a corrupted one can be any size.
      if (data.version !== VERSION) throw new Error('it has an unknown version');
      const checked = readSave(data);
      // The record's list fields, from the engine: the game replayed.
      checked.game.drop();
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
    const id = db.newId();
    const started = typeof data.savedAt === 'string' ? data.savedAt : new Date().toISOString();
    try {
      await db.write(metaOf(id, data, { started }), { save: data, text: '' }, 0);
      s.removeItem(SAVE_KEY);
      session()?.setItem(CURRENT_KEY, id);
    } catch {
      /* kept in localStorage: migrated on a later load */
    }
    return {};
  }

  /** The library's latest game of online session `session`, or null. */
  async findOnline(session) {
    const all = await db.list().catch(() => []);
    const found = all.filter((m) => m.session === session).sort((a, b) => (a.updated < b.updated ? 1 : -1));
    return found[0]?.id ?? null;
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
