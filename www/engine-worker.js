// The computer's thinking, off the page's thread: a module worker with its own instance of the
// same wasm-bindgen output that Trunk built for the page. A search is one synchronous wasm call,
// so the page cancels it by terminating this worker (see computer.js), never by a message.
//
// Messages in:  { type: 'init', jsUrl, wasm }          wasm: a WebAssembly.Module or its URL
//               { type: 'call', id, call, args }       call: 'think' | 'hint' | 'analyse'
//               { type: 'analysis', record, variant, ply }  deepens until done (or terminated)
//               { type: 'review', record, variant }    one position per step
// Messages out: { type: 'ready' }
//               { type: 'result', id, result }         result: { move, score, depth, nodes, nps, ms, pv }
//               { type: 'error', id, message }         id is null when loading failed
//               { type: 'depth', result }   { type: 'over', text }   one analysis depth; the game is over
//               { type: 'progress', done, total }   { type: 'reviewed', result }

const CALLS = new Set(['think', 'hint', 'analyse']);
let api = null;
let ready = null;

self.onmessage = async (e) => {
  const msg = e.data;
  if (msg.type === 'init') {
    ready = (async () => {
      const bindings = await import(msg.jsUrl);
      await bindings.default({ module_or_path: msg.wasm });
      api = bindings;
    })();
    ready.then(
      () => self.postMessage({ type: 'ready' }),
      (err) => self.postMessage({ type: 'error', id: null, message: String(err?.message || err) }),
    );
    return;
  }
  if (msg.type === 'analysis' || msg.type === 'review') {
    try {
      await ready;
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
    const result = api[call](...args);
    self.postMessage({ type: 'result', id, result });
  } catch (err) {
    self.postMessage({ type: 'error', id, message: String(err?.message || err), draughts: err?.draughts });
  }
};

// Both run to the end in one task: the page stops them by terminating this worker. Each depth,
// each position, is posted as it is found.
function analysis({ record, variant, ply }) {
  const a = new api.Analysis(record, variant, ply);
  const over = a.over();
  if (over) {
    self.postMessage({ type: 'over', text: over });
  } else {
    for (let r; (r = a.deepen()); ) self.postMessage({ type: 'depth', result: r });
  }
  a.free();
}

function review({ record, variant }) {
  const r = new api.Review(record, variant);
  self.postMessage({ type: 'progress', done: 0, total: r.total() });
  while (r.step()) self.postMessage({ type: 'progress', done: r.done(), total: r.total() });
  self.postMessage({ type: 'reviewed', result: r.result() });
  r.free();
}
