// The computer opponent: its settings for the game in progress (chosen in the new-game sheet,
// new-game.js, and saved with the game), the Hint button, and the searches, which run in a Web
// Worker (engine-worker.js) with its own wasm instance so that taps, scrolling and animations stay
// smooth while it thinks.
//
// `onThinking(fn)`: fn(true | false) when it starts or stops thinking (the analysis pauses).
// It plugs into the controller's hooks only: isComputer(color), onChange(fn), playMove(text),
// setBusy(), showHint(move). The computer's move is played like a human's (same engine call,
// same slide); nothing here knows a rule: the worker's engine answers with a move object.
//
// Cancelling: a search is one synchronous wasm call, so a message cannot stop it. Whenever the
// game changes under a search (new game, undo, variant change, import, resignation…), the worker
// is terminated and a fresh one is started at once, so the next search does not wait for loading.
// Nothing is loaded for two players until the first hint.
//
// Opening books: for a level that plays from one (the engine's `levels()` say which), the
// variant's book file is fetched when the computer first thinks in that variant (its URL from
// a <link rel="x-draughts-book"> that scripts/build-engine puts in the page; the service worker
// keeps it for offline play) and handed to each `think`. The engine decides whether the position
// is in the book; a variant without a book, or a book that cannot be fetched or read, means the
// computer just searches.

import * as engine from './engine.js';
import * as game from './game.js';
import { errorText, t } from './i18n.js';

const $ = (id) => document.getElementById(id);

export const DEFAULTS = Object.freeze({ opponent: 'human', level: 3, side: 'black' });

/** Thinking time for a hint, in milliseconds. */
const HINT_MS = 1000;

/** Checks saved opponent settings; anything unreadable falls back to the defaults. */
export function validOpponent(o) {
  if (!o || typeof o !== 'object') return { ...DEFAULTS };
  const known = engine.levels().some((l) => l.level === o.level);
  return {
    opponent: o.opponent === 'computer' ? 'computer' : 'human',
    level: known ? o.level : DEFAULTS.level,
    side: o.side === 'white' || o.side === 'black' ? o.side : DEFAULTS.side,
  };
}

/**
 * The URLs of the computer's wasm module (built with the search, unlike the page's own) and its
 * .wasm file, from the two links scripts/build-engine puts in the page (their names carry a
 * content hash), resolved against the page so that any sub-path works. `rel`
 * 'x-draughts-builder': the endgame tables' builder's module instead.
 */
export function wasmUrls(doc = document, rel = 'x-draughts-engine') {
  const js = doc.querySelector(`link[rel="${rel}"]`);
  const wasm = doc.querySelector(`link[rel="${rel}-wasm"]`);
  if (js && wasm) return { jsUrl: js.href, wasmUrl: wasm.href };
  throw new Error(`the ${rel} module was not found in the page`);
}

/**
 * How many threads the computer's searches use: one, unless the page is cross-origin isolated
 * (its host sends the COOP and COEP headers that shared memory needs: scripts/serve does) and the
 * device has several cores; then as many as it has, up to four, on the threaded module.
 */
export function searchThreads(scope = globalThis) {
  if (!scope.crossOriginIsolated || typeof SharedArrayBuffer !== 'function') return 1;
  return Math.max(1, Math.min(4, scope.navigator?.hardwareConcurrency || 1));
}

/** The threaded computer module's URLs (as wasmUrls), or null when the page has none. */
function threadedUrls() {
  try {
    return wasmUrls(document, 'x-draughts-engine-threads');
  } catch {
    return null;
  }
}

/** The URL of `variant`'s opening book, from the page's links, or null without one. */
export function bookUrl(variant, doc = document) {
  const link = [...doc.querySelectorAll('link[rel="x-draughts-book"]')].find((l) => l.title === variant);
  return link ? link.href : null;
}

/** Resolves once no modal dialog is open. */
function untilNoDialog() {
  return new Promise((resolve) => {
    const check = () => (document.querySelector('dialog[open]') ? setTimeout(check, 50) : resolve());
    check();
  });
}

class Cancelled extends Error {
  constructor() {
    super('cancelled');
    this.cancelled = true;
  }
}

/** One worker with its wasm instance; `run` resolves with the engine's result. */
class SearchWorker {
  /**
   * `init`: the worker's init message (Computer.init). `owner.tables`: the endgame tables
   * (endgame-tables.js), told what positions call for; `owner.started(msg)`: the worker's ready
   * message (how many threads its searches use).
   */
  constructor(init, owner) {
    this.owner = owner;
    this.pending = new Map();
    this.nextId = 1;
    this.worker = new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e) => this.receive(e.data);
    this.worker.onerror = (e) => this.failAll(new Error(e.message || 'the engine worker failed'));
    this.worker.postMessage(init);
  }

  receive(msg) {
    if (msg.type === 'ready') {
      this.owner.started?.(msg);
      return;
    }
    if (msg.type === 'tables') {
      this.owner.tables?.wanted(msg);
      return;
    }
    if (msg.type === 'searching') {
      if (this.pending.has(msg.id)) this.owner.searching(msg);
      return;
    }
    if (msg.id == null) {
      this.failAll(new Error(msg.message));
      return;
    }
    const p = this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    if (msg.type === 'result') p.resolve(msg.result);
    else p.reject(Object.assign(new Error(msg.message), { draughts: msg.draughts }));
  }

  failAll(err) {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  run(call, ...args) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ type: 'call', id, call, args, tables: !!this.owner.tables?.enabled });
    });
  }

  terminate() {
    this.worker.terminate();
    this.failAll(new Cancelled());
  }
}

export class Computer {
  constructor({ controller, panels, storage }) {
    this.controller = controller;
    this.panels = panels;
    this.storage = storage;
    this.settings = { ...DEFAULTS };
    this.job = null; // { kind: 'think' | 'hint', key, level, variant, game: game.id() }
    this.last = null; // the computer's last result (for draw offers)
    this.stats = []; // results of the computer's searches, newest last (for tests and curiosity)
    const { jsUrl, wasmUrl } = wasmUrls();
    this.plain = { jsUrl, wasm: wasmUrl }; // the module without threads
    // The threaded module where the page can share memory with workers, else null.
    this.threaded = searchThreads() > 1 ? threadedUrls() : null;
    this.jsUrl = jsUrl;
    this.wasmUrl = wasmUrl;
    this.wasm = null; // the compiled module (or its URL if compiling here failed), once warm()
    this.wasmReady = null;
    this.worker = null;
    this.thinkingListeners = new Set(); // fn(on) when the computer starts or stops thinking
    this.books = new Map(); // variant → Promise of its book's bytes (null: none), once asked for
    this.useBook = true; // the `book` setting (settings.js): false, every level searches from the first move
    document.addEventListener('draughts:settings', (e) => {
      this.useBook = e.detail.book !== false;
    });
    this.tables = null; // the endgame tables (endgame-tables.js), set by main.js

    controller.isComputer = (color) => this.settings.opponent === 'computer' && color === this.settings.side;
    controller.onChange(() => this.sync());
    storage.keep(() => ({ opponent: { ...this.settings } }));
    $('hint').addEventListener('click', () => this.hint());
    this.showSettings();
  }

  /**
   * Compiles the module once (off the main thread), to hand to every new worker, and starts the
   * first worker. The page's own instance cannot be shared: a worker needs its own.
   */
  warm() {
    this.wasmReady ||= this.compile().then((wasm) => {
      this.wasm = wasm;
      if (!this.worker) this.spawn();
    });
    return this.wasmReady;
  }

  /**
   * The computer's module, compiled: the threaded one where it can run (else, or when it does not
   * compile, the plain one; its URL if that does not compile here either).
   */
  async compile() {
    const compile = (url) => WebAssembly.compileStreaming(fetch(url));
    if (this.threaded) {
      try {
        const module = await compile(this.threaded.wasmUrl);
        this.jsUrl = this.threaded.jsUrl;
        return module;
      } catch {
        this.threaded = null;
      }
    }
    return compile(this.wasmUrl).catch(() => this.wasmUrl);
  }

  /**
   * A worker's init message (engine-worker.js): on the threaded module, its searches on
   * `threads` threads (the plain module the fallback if the threads do not start).
   */
  init(threads) {
    const msg = { type: 'init', jsUrl: this.jsUrl, wasm: this.wasm };
    return this.threaded ? { ...msg, threads, fallback: this.plain } : msg;
  }

  /** Starts a worker (synchronously, once the module is compiled) so that one is always warm. */
  spawn() {
    if (this.wasm) this.worker = new SearchWorker(this.init(searchThreads()), this);
  }

  /** A worker is ready; `threadError`: why its searches use one thread, not more. */
  started({ threadError }) {
    if (threadError) console.warn(`The computer searches on one thread: ${threadError}`);
  }

  /** A fresh idle worker (one holding no endgame tables), unless a search is under way. */
  respawn() {
    if (this.job || !this.worker) return;
    this.worker.terminate();
    this.spawn();
  }

  onThinking(fn) {
    this.thinkingListeners.add(fn);
  }

  /** The opponent of the game about to be loaded: restored with a saved game, or chosen in the
   * new-game sheet (before the game is loaded, so that the computer starts if it is to move). */
  restore(saved) {
    this.settings = validOpponent(saved);
    this.showSettings();
  }

  showSettings() {
    const s = this.settings;
    const vs = s.opponent === 'computer';
    document.body.classList.toggle('vs-computer', vs);
    if (vs) this.warm();
    this.panels.setPlayers(vs ? s.side : null, s.level);
    this.updateHintButton();
  }

  updateHintButton() {
    const c = this.controller;
    const s = c.snap;
    // No hints in an online game: the friend plays alone too.
    const can = !!s && !this.job && !c.viewing && c.isOngoing() && !c.isComputer(s.toMove) && !c.online;
    $('hint').disabled = !can;
    $('hint').setAttribute('aria-busy', String(this.job?.kind === 'hint'));
  }

  shouldThink() {
    const c = this.controller;
    return this.settings.opponent === 'computer' && !!c.snap && c.isOngoing() && c.isComputer(c.snap.toMove);
  }

  /** After any change: cancel a search the change made stale, start thinking when it is our turn. */
  sync() {
    const c = this.controller;
    if (this.job) {
      const stale =
        this.job.game !== game.id() ||
        this.job.key !== c.version ||
        (this.job.kind === 'think' && (!this.shouldThink() || this.job.level !== this.settings.level)) ||
        (this.job.kind === 'hint' && this.shouldThink());
      if (stale) this.cancel();
    }
    if (!this.job && this.shouldThink() && !c.animating) this.think();
    this.updateHintButton();
  }

  /** Stops the search in progress: the worker is replaced by a fresh one. */
  cancel() {
    if (!this.job) return;
    const kind = this.job.kind;
    this.job = null;
    this.worker?.terminate();
    this.worker = null;
    this.spawn();
    if (kind === 'think') this.setThinking(false);
    this.updateHintButton();
  }

  /** Runs an engine call in the worker for `job` (null: for nobody in particular). */
  async run(job, call, ...args) {
    if (!this.worker) {
      await this.warm();
      // Cancelled while the module was compiling: don't keep the fresh worker busy for nothing.
      if (job && this.job !== job) throw new Cancelled();
      if (!this.worker) this.spawn();
    }
    return this.worker.run(call, ...args);
  }

  /**
   * The bytes of `variant`'s opening book for a level that plays from one, fetched once per
   * variant; null for the other levels, a variant without a book or a failed fetch (a failed
   * fetch is tried again next time).
   */
  book(variant, level) {
    if (!this.useBook || !engine.levels().some((l) => l.level === level && l.book)) return Promise.resolve(null);
    return this.bookBytes(variant);
  }

  /**
   * The bytes of `variant`'s opening book, fetched once per variant (the computer's levels and
   * the opening explorer share them); null without a book or when the fetch fails (tried again
   * next time).
   */
  bookBytes(variant) {
    const url = bookUrl(variant);
    if (!url) return Promise.resolve(null);
    if (!this.books.has(variant)) {
      const bytes = fetch(url)
        .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(r.statusText))))
        .then((b) => new Uint8Array(b))
        .catch(() => {
          this.books.delete(variant);
          return null;
        });
      this.books.set(variant, bytes);
    }
    return this.books.get(variant);
  }

  /**
   * A worker of its own on the computer's module (the analysis', the explorer's), given the
   * module compiled once by warm(), its searches on `threads` threads where the threaded module
   * runs; null where the module cannot be had.
   */
  async spareWorker(threads = 1) {
    await this.warm();
    if (!this.wasm) return null;
    const w = new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
    w.postMessage(this.init(threads));
    return w;
  }

  /**
   * One more depth completed by the search under way: the status says how deep it looks (the
   * level is on the computer's card; the line stays one line on a small phone).
   */
  searching({ depth }) {
    if (this.job?.kind === 'think') this.panels.setBusy(true, t('busy.thinking-depth', { depth }));
  }

  setThinking(on) {
    const c = this.controller;
    for (const fn of this.thinkingListeners) fn(on);
    document.body.classList.toggle('is-thinking', on);
    this.panels.setThinking(on ? this.settings.side : null);
    c.setBusy(on, on ? t('busy.thinking', { level: this.settings.level }) : '');
  }

  async think() {
    const c = this.controller;
    const job = { kind: 'think', game: game.id(), key: c.version, level: this.settings.level, variant: c.snap.variant };
    this.job = job;
    this.setThinking(true);
    this.updateHintButton();
    performance.mark('think-start');
    const seed = (Math.random() * 2 ** 32) >>> 0;
    let result;
    try {
      const book = await this.book(job.variant, job.level);
      if (this.job !== job) return; // cancelled while the book was fetched
      // The game as a link: its moves are replayed by index in the worker, repetitions included.
      result = await this.run(job, 'think', game.link(), job.variant, job.level, seed, undefined, book ?? undefined);
    } catch (err) {
      if (this.job !== job) return; // cancelled: a newer state is in charge
      this.job = null;
      this.setThinking(false);
      this.updateHintButton();
      this.panels.message(t('msg.computer-failed', { error: errorText(err) }), 'error', 0);
      return;
    }
    if (this.job !== job) return;
    // A question is open (a new game? a resignation?): the move waits for the answer, which may
    // make it stale (then the search is cancelled and nothing lands).
    await untilNoDialog();
    if (this.job !== job) return;
    performance.mark('think-end');
    performance.measure('think', 'think-start', 'think-end');
    this.job = null;
    // Judged in the position it left after its move (for a draw offer made there).
    this.last = { ...result, game: job.game, version: c.version + 1 };
    this.stats.push({ level: job.level, variant: job.variant, ...result });
    if (this.stats.length > 50) this.stats.shift();
    this.setThinking(false);
    if (game.id() !== job.game || c.version !== job.key) {
      this.sync();
      return;
    }
    // Input stays blocked during the slide: it is still the computer's turn until the move lands.
    try {
      await c.playMove(result.move.index);
    } catch (err) {
      this.panels.message(t('msg.computer-refused', { error: errorText(err) }), 'error', 0);
    }
  }

  /** Shows the move the engine would play for the side to move (not played). */
  async hint() {
    const c = this.controller;
    if (this.job || c.viewing || !c.isOngoing() || c.isComputer(c.snap.toMove)) return;
    const job = { kind: 'hint', game: game.id(), key: c.version };
    this.job = job;
    this.updateHintButton();
    let result;
    try {
      result = await this.run(job, 'hint', game.link(), c.snap.variant, HINT_MS);
    } catch (err) {
      if (this.job !== job) return;
      this.job = null;
      this.updateHintButton();
      this.panels.message(t('msg.no-hint', { error: errorText(err) }), 'error');
      return;
    }
    if (this.job !== job) return;
    this.job = null;
    this.updateHintButton();
    if (game.id() !== job.game || c.version !== job.key) return;
    c.showHint(result.move);
    const hint = result.tables ? t('msg.hint', { move: result.move.notation }) : t('msg.hint-depth', { move: result.move.notation, depth: result.depth });
    this.panels.message(hint, 'info');
  }

  /**
   * The computer's answer to a draw offer, the engine's judgement of its search for the move
   * just played (a search from another game, or from before an undo, does not count).
   */
  acceptsDraw() {
    const last = this.last;
    const c = this.controller;
    if (!last || last.game !== game.id() || last.version !== c.version) return false;
    return last.acceptsDraw === true;
  }

  /** A fixed-depth search in the worker (for measuring): `{ move, score, depth, nodes, nps, ms }`. */
  analyse(record, variant, depth) {
    return this.run(null, 'analyse', record, variant, depth);
  }
}
