// The computer's thinking, off the page's thread: a module worker with its own instance of the
// computer's wasm module (or, for a worker that builds endgame tables, the builder's module:
// endgame-tables.js). A search is one synchronous wasm call,
// so the page cancels it by terminating this worker (see computer.js), never by a message.
//
// Messages in:  { type: 'init', jsUrl, wasm, threads, fallback }   wasm: a WebAssembly.Module or
//                                                    its URL; on the threaded module, threads > 1
//                                                    starts helpers (startThreads), and fallback
//                                                    ({ jsUrl, wasm }, the plain module) is loaded
//                                                    instead if they fail to start
//               { type: 'call', id, call, args, tables }   call: 'think' | 'hint' | 'analyse'
//               { type: 'analysis', record, variant, ply, lines, tables }  deepens until done (or terminated)
//               { type: 'review', record, variant, tables, own }   one position per step (own:
//               { white, black }, the sides whose mistakes become puzzles)
//               { type: 'build', variant, names }      builds endgame tables (see build below)
//               { type: 'explorer', variant, records, book }  the opening explorer's index, from
//                                                    PDN records and the book's bytes (explorer.js)
//               { type: 'explore', id, fen }           the explorer's moves from a position
// Messages out: { type: 'ready', threads, threadError }   the threads a search uses; why not more
//               { type: 'searching', id, depth, nodes }   think and hint: each depth as it completes
//               { type: 'result', id, result }         result: { move, score, depth, nodes, nps, ms, pv,
//                                                    tables, threads, helperNodes }
//               { type: 'error', id, message }         id is null when loading failed
//               { type: 'depth', result }   { type: 'over', text }   one analysis depth; the game is over
//               { type: 'progress', done, total }   { type: 'reviewed', result }, then with own
//               { type: 'mistakes', lines, variant }
//               { type: 'tables', variant, names, loaded }   the tables the position calls for, and
//                                                    how many of them this worker found stored
//               { type: 'built', done, total, stored, memory }   { type: 'build-failed', message }
//               { type: 'explorer-ready', games }   { type: 'explored', id, moves }
//
// Endgame tables (`tables: true` in a search message): before searching, the worker asks the
// engine which tables the position calls for (egdbPlan), hands it those stored on the device
// (egdb-store.js) that it does not hold yet, and tells the page what is missing, so that the page
// can have them built (by a worker of its own, running `build`). The search uses what is ready.

import * as store from './egdb-store.js';

const CALLS = new Set(['think', 'hint', 'analyse']);
// Where think's and hint's progress callback goes in their arguments (after the page's own), so
// that the page can say how deep the computer looks while it thinks.
const ON_DEPTH = { think: 6, hint: 3 };
let api = null;
let ready = null;
let lastPlan = null; // the tables the last search's position called for
let memory = null; // the wasm instance's memory (its size is reported with a build's progress)
let explorer = null; // the opening explorer's index (ExplorerIndex), in an explorer's worker
let helpers = []; // the helper workers of the threaded search (engine-helper.js)

/** How long the helper workers may take to start before the search makes do with one thread. */
const HELPERS_START_MS = 15000;

/**
 * The threaded module (built with shared memory: scripts/build-engine) with `threads - 1` helper
 * workers (engine-helper.js), each on the same compiled module and memory, running one thread of
 * the search's pool; resolves with the module's bindings once all of them run. Terminating this
 * worker (how the page cancels a search) ends its helpers too: they are its own workers.
 */
async function startThreads({ jsUrl, wasm, threads }) {
  const module = wasm instanceof WebAssembly.Module ? wasm : await WebAssembly.compileStreaming(fetch(wasm));
  const bindings = await import(jsUrl);
  memory = (await bindings.default({ module_or_path: module })).memory;
  bindings.startThreads(threads - 1);
  const started = Array.from({ length: threads - 1 }, () => startHelper(jsUrl, module, memory));
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('the helper workers did not start in time')), HELPERS_START_MS);
  });
  try {
    await Promise.race([Promise.all(started), late]);
  } finally {
    clearTimeout(timer);
  }
  bindings.threadsReady();
  return bindings;
}

/** One helper worker: resolves once it runs its thread of the pool. */
function startHelper(jsUrl, module, shared) {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('./engine-helper.js', import.meta.url), { type: 'module' });
    helpers.push(w);
    w.onmessage = ({ data }) => (data.type === 'ready' ? resolve() : reject(new Error(data.message)));
    w.onerror = (e) => reject(new Error(e.message || 'a helper worker failed to load'));
    w.postMessage({ jsUrl, module, memory: shared });
  });
}

function stopHelpers() {
  for (const w of helpers) w.terminate();
  helpers = [];
}

self.onmessage = async (e) => {
  const msg = e.data;
  if (msg.type === 'init') {
    let threads = 1;
    let threadError = null;
    ready = (async () => {
      let bindings = null;
      if (msg.threads > 1) {
        try {
          bindings = await startThreads(msg);
          threads = msg.threads;
        } catch (err) {
          threadError = String(err?.message || err);
          stopHelpers();
        }
      }
      if (!bindings) {
        // The module given, or the plain one where the threaded one failed to start its threads.
        const plain = (threadError && msg.fallback) || msg;
        bindings = await import(plain.jsUrl);
        memory = (await bindings.default({ module_or_path: plain.wasm })).memory;
      }
      api = bindings;
    })();
    ready.then(
      () => self.postMessage({ type: 'ready', threads, threadError }),
      (err) => self.postMessage({ type: 'error', id: null, message: String(err?.message || err) }),
    );
    return;
  }
  if (msg.type === 'build') {
    try {
      await ready;
      await build(msg);
    } catch (err) {
      self.postMessage({ type: 'build-failed', message: String(err?.message || err) });
    }
    return;
  }
  if (msg.type === 'explorer' || msg.type === 'explore') {
    try {
      await ready;
      if (msg.type === 'explorer') {
        explorer?.free();
        explorer = new api.ExplorerIndex(msg.variant, msg.book);
        for (const r of msg.records) explorer.add(r);
        self.postMessage({ type: 'explorer-ready', games: explorer.games() });
      } else {
        self.postMessage({ type: 'explored', id: msg.id, moves: explorer.moves(msg.fen) });
      }
    } catch (err) {
      self.postMessage({ type: 'error', id: msg.id ?? 0, message: String(err?.message || err) });
    }
    return;
  }
  if (msg.type === 'analysis' || msg.type === 'review') {
    try {
      await ready;
      if (msg.tables && msg.type === 'analysis') await prepareTables(msg.record, msg.variant, msg.ply);
      if (msg.tables && msg.type === 'review') await prepareReviewTables(msg.record, msg.variant);
      (msg.type === 'analysis' ? analysis : review)(msg);
    } catch (err) {
      self.postMessage({ type: 'error', id: 0, message: String(err?.message || err) });
    }
    return;
  }
  const { id, call, args } = msg;
  try {
    await ready;
    if (!CALLS.has(call)) throw new Error(`unknown call ${call}`);
    // The lower levels' moves never probe the tables (the engine says which): they call for
    // none, so a game against them builds nothing until the hint or the analysis is used.
    const tables = msg.tables && (call !== 'think' || api.egdbUsedByLevel(args[2]));
    if (tables) await prepareTables(args[0], args[1]);
    else if (!msg.tables && call !== 'analyse') api.egdbRetain(args[1], []);
    const full = [...args];
    if (call in ON_DEPTH) {
      full.length = Math.max(full.length, ON_DEPTH[call]);
      full[ON_DEPTH[call]] = (r) => self.postMessage({ type: 'searching', id, depth: r.depth, nodes: r.nodes });
    }
    const result = api[call](...full);
    if (tables) await forgetDamaged(args[1]);
    self.postMessage({ type: 'result', id, result });
  } catch (err) {
    self.postMessage({ type: 'error', id, message: String(err?.message || err), draughts: err?.draughts });
  }
};

// Both run to the end in one task: the page stops them by terminating this worker. Each depth,
// each position, is posted as it is found.
function analysis(msg) {
  const a = new api.Analysis(msg.record, msg.variant, msg.ply, msg.lines);
  const over = a.over();
  if (over) {
    self.postMessage({ type: 'over', text: over });
  } else {
    for (let r; (r = a.deepen()); ) self.postMessage({ type: 'depth', result: r });
  }
  a.free();
  if (msg.tables) forgetDamaged(msg.variant);
}

/**
 * Gives the engine the stored tables the position calls for (those it does not hold yet) and
 * lets go of those it can no longer reach; tells the page which are called for. A table the
 * engine refuses is removed from the store (the page builds it again). A store that cannot be
 * read leaves the search without tables, nothing worse.
 */
async function prepareTables(record, variant, ply) {
  return loadPlan(variant, api.egdbPlan(record, variant, ply));
}

/**
 * For the review, which searches every position of the game: every table the game's positions
 * can reach, or none (the engine's Review says why); the page builds what is missing, for a
 * later review.
 */
async function prepareReviewTables(record, variant) {
  const plan = api.egdbGamePlan(record, variant);
  const loaded = await loadPlan(variant, plan);
  if (plan && loaded < plan.tables.length) api.egdbRetain(variant, []);
}

/** prepareTables for a plan (null: none called for); resolves with how many are loaded. */
async function loadPlan(variant, plan) {
  lastPlan = plan;
  if (!plan) {
    self.postMessage({ type: 'tables', variant, names: null, loaded: 0 });
    return 0;
  }
  let loaded = 0;
  try {
    const have = new Set(api.egdbLoaded(variant));
    const stored = new Set(await store.storedNames(variant));
    for (const name of plan.tables) {
      if (have.has(name)) {
        loaded++;
        continue;
      }
      if (!stored.has(name)) continue;
      const bytes = await store.get(variant, name);
      try {
        api.egdbLoad(variant, bytes);
        loaded++;
      } catch (err) {
        if (err?.name !== 'EgdbError') throw err;
        await store.remove(variant, name);
      }
    }
    api.egdbRetain(variant, plan.tables);
  } catch {
    // No IndexedDB (a private window, say): the search goes on without tables.
  }
  self.postMessage({ type: 'tables', variant, names: plan.tables, loaded });
  return loaded;
}

/**
 * Removes from the store the tables found damaged when the search first read them, lets go of
 * them, and tells the page, which builds them again.
 */
async function forgetDamaged(variant) {
  const damaged = api.egdbDamaged(variant);
  if (!damaged.length || !lastPlan) return;
  for (const name of damaged) await store.remove(variant, name).catch(() => {});
  const keep = lastPlan.tables.filter((n) => !damaged.includes(n));
  api.egdbRetain(variant, keep);
  self.postMessage({ type: 'tables', variant, names: lastPlan.tables, loaded: api.egdbLoaded(variant).length });
}

/**
 * Builds the named tables of `variant` (as egdbPlan names them), the smallest first, storing
 * each as it is finished, so that a build cut short (a reload, a closed tab) goes on from there.
 * Stored tables are checked whole first: a damaged one is removed and built again. Posts
 * `built` after the check and after each pair of tables.
 */
async function build({ variant, names }) {
  const b = new api.EndgameBuilder(variant, names);
  const stored = new Set(await store.storedNames(variant));
  let fromStore = 0;
  for (const name of names) {
    if (!stored.has(name)) continue;
    try {
      b.add(await store.get(variant, name));
      fromStore++;
    } catch (err) {
      if (err?.name !== 'EgdbError') throw err;
      await store.remove(variant, name);
    }
  }
  const progress = () =>
    self.postMessage({ type: 'built', done: b.done(), total: b.total(), stored: fromStore, memory: memory?.buffer.byteLength });
  progress();
  for (let out; (out = b.step()); ) {
    for (const { name, bytes } of out) await store.put(variant, name, bytes);
    progress();
  }
  b.free();
}

function review({ record, variant, own }) {
  const r = new api.Review(record, variant);
  self.postMessage({ type: 'progress', done: 0, total: r.total() });
  while (r.step()) self.postMessage({ type: 'progress', done: r.done(), total: r.total() });
  self.postMessage({ type: 'reviewed', result: r.result() });
  // Then the players' own mistakes and blunders, as puzzles for the trainer (puzzles.js): the
  // review is shown meanwhile.
  if (own) self.postMessage({ type: 'mistakes', lines: r.mistakes(!!own.white, !!own.black), variant });
  r.free();
}
