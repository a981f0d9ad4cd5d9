// One helper thread of the computer's threaded search: a module worker that the computer's
// worker (engine-worker.js) starts on the same compiled module and the same shared memory, and
// that then runs one of the search pool's threads for as long as that worker lives (the
// searches hand their helpers' work to the pool: crates/web-engine/src/threads.rs).
//
// Message in:   { jsUrl, module, memory }   the module's bindings, the compiled module, its memory
// Messages out: { type: 'ready' }           about to run its thread (it answers nothing more)
//               { type: 'error', message }  it could not start

self.onmessage = async ({ data }) => {
  try {
    const bindings = await import(data.jsUrl);
    await bindings.default({ module_or_path: data.module, memory: data.memory });
    self.postMessage({ type: 'ready' });
    bindings.runThread();
  } catch (err) {
    self.postMessage({ type: 'error', message: String(err?.message || err) });
  }
};
