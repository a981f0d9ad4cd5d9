// The computer's thinking, off the page's thread: a module worker with its own instance of the
// same wasm-bindgen output that Trunk built for the page. A search is one synchronous wasm call,
// so the page cancels it by terminating this worker (see computer.js), never by a message.
//
// Messages in:  { type: 'init', jsUrl, wasm }          wasm: a WebAssembly.Module or its URL
//               { type: 'call', id, call, args }       call: 'think' | 'hint' | 'analyse'
// Messages out: { type: 'ready' }
//               { type: 'result', id, result }         result: { move, score, depth, nodes, nps, ms, pv }
//               { type: 'error', id, message }         id is null when loading failed

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
  const { id, call, args } = msg;
  try {
    await ready;
    if (!CALLS.has(call)) throw new Error(`unknown call ${call}`);
    const result = api[call](...args);
    self.postMessage({ type: 'result', id, result });
  } catch (err) {
    self.postMessage({ type: 'error', id, message: String(err?.message || err) });
  }
};
