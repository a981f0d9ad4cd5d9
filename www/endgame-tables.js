// The endgame tables in the page: built on this device when a game first nears an ending they
// cover, kept in IndexedDB (egdb-store.js, loaded here only for the settings), and probed by the computer's and the analysis'
// searches (engine-worker.js hands them to its engine).
//
// Who decides what: the search workers ask the engine which tables a position calls for and
// report it here (`wanted`); when some are not stored yet, a worker of our own builds them, the
// smallest first, storing each as it is done (a reload goes on where the build stopped), and
// the line #tables-status says how far it is. Searches never wait: they use what is stored when
// they start, and the analysis starts again when a build finishes. The settings offer to turn the
// tables off (`tables`, a switch in settings.js) and to clear what is stored (#tables-clear).

import { onLanguage, t } from './i18n.js';
import { wasmUrls } from './computer.js';

const $ = (id) => document.getElementById(id);

export class EndgameTables {
  constructor({ computer, enabled }) {
    this.computer = computer;
    this.enabled = enabled;
    this.build = null; // { worker, variant, names: Set } while a build runs
    this.builds = 0; // builds started since the page loaded (a reload that finds every table stored starts none)
    this.line = null; // what #tables-status says: { key, params } or null
    this.storedBytes = null; // the size stored, as the settings last read it
    this.readyListeners = new Set();
    document.addEventListener('draughts:settings', (e) => this.setEnabled(e.detail.tables !== false));
    $('settings').addEventListener('click', () => this.showStored());
    $('tables-clear').addEventListener('click', () => this.clear());
    onLanguage(() => {
      this.show(this.line);
      this.showStoredSize(); // the settings may be open: the size in the new language
    });
  }

  /** fn() when a build has finished (a search started before it could use more now). */
  onReady(fn) {
    this.readyListeners.add(fn);
  }

  setEnabled(on) {
    if (on === this.enabled) return;
    this.enabled = on;
    if (!on) {
      this.stopBuild();
      this.show(null);
    }
  }

  /**
   * A search worker's report: the tables its position calls for (`names`, null when none) and
   * how many of them it found stored.
   */
  wanted({ variant, names, loaded }) {
    if (!this.enabled) return;
    const b = this.build;
    if (b && b.variant === variant && (!names || names.every((n) => b.names.has(n)))) return; // being built
    if (!names) {
      if (!b) this.show(null);
      return;
    }
    if (loaded >= names.length) {
      if (!b) this.show({ key: 'tables.ready', params: { n: names.length } });
      return;
    }
    this.startBuild(variant, names);
  }

  startBuild(variant, names) {
    this.stopBuild();
    const b = (this.build = { worker: null, variant, names: new Set(names), start: performance.now() });
    this.builds++;
    this.show({ key: 'tables.building', params: { done: 0, total: names.length } });
    // The builder's own wasm module (the solver, without the search), fetched and compiled by
    // the worker: only a device that builds tables ever loads it.
    const { jsUrl, wasmUrl } = wasmUrls(document, 'x-draughts-builder');
    const w = (b.worker = new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' }));
    w.onmessage = (e) => this.build === b && this.receive(e.data);
    w.postMessage({ type: 'init', jsUrl, wasm: wasmUrl });
    w.postMessage({ type: 'build', variant, names });
  }

  receive(msg) {
    if (msg.type === 'built') {
      if (msg.done < msg.total) {
        this.show({ key: 'tables.building', params: { done: msg.done, total: msg.total } });
        return;
      }
      const b = this.build;
      // For tests and curiosity: the last build's size, time and the builder's memory.
      this.lastBuild = { variant: b.variant, total: msg.total, stored: msg.stored, ms: performance.now() - b.start, memory: msg.memory };
      this.stopBuild();
      this.show({ key: 'tables.ready', params: { n: msg.total } });
      for (const fn of this.readyListeners) fn();
    } else if (msg.type === 'build-failed' || msg.type === 'error') {
      this.stopBuild();
      this.show({ key: 'tables.failed', params: { error: msg.message } });
    }
  }

  stopBuild() {
    this.build?.worker?.terminate();
    this.build = null;
  }

  show(line) {
    this.line = line;
    const el = $('tables-status');
    el.hidden = !line;
    el.textContent = line ? t(line.key, line.params) : '';
  }

  /** The stored size, in the settings. */
  async showStored() {
    let bytes = 0;
    try {
      bytes = await (await import('./egdb-store.js')).size();
    } catch {
      // No IndexedDB: nothing stored.
    }
    this.storedBytes = bytes;
    this.showStoredSize();
    $('tables-clear').disabled = bytes === 0;
  }

  /** The size last read, in the language in use. */
  showStoredSize() {
    if (this.storedBytes == null) return;
    $('tables-stored').textContent = t('tables.stored', { mb: (this.storedBytes / 1e6).toFixed(1) });
  }

  /** Forgets every stored table; the searches let go of theirs (their workers start afresh). */
  async clear() {
    this.stopBuild();
    this.show(null);
    try {
      await (await import('./egdb-store.js')).clear();
    } catch {
      // Nothing stored to clear.
    }
    this.computer.respawn();
    await this.showStored();
  }
}
