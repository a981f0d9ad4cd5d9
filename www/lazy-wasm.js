// The wasm modules the page loads when first used (online play's, the study module's): each is
// found by the page's <link rel="x-draughts-NAME"> (its JS glue) and <link rel="x-draughts-NAME-wasm">
// (its wasm), which scripts/build-engine writes, and instantiated once.

const loaded = new Map();

/** Module `name` ('online', 'study'), loaded once; a failed load is tried again next time. */
export function wasmModule(name) {
  if (!loaded.has(name)) {
    const load = (async () => {
      const js = document.querySelector(`link[rel="x-draughts-${name}"]`);
      const wasm = document.querySelector(`link[rel="x-draughts-${name}-wasm"]`);
      if (!js || !wasm) throw new Error(`the ${name} module was not found in the page`);
      const m = await import(js.href);
      await m.default({ module_or_path: wasm.href });
      return m;
    })();
    load.catch(() => loaded.delete(name));
    loaded.set(name, load);
  }
  return loaded.get(name);
}
