// Where the endgame tables are kept on the device: IndexedDB (database `draughts-egdb`, store
// `tables`), one record per table, keyed `<variant>/<table name>`, the value the table's file
// bytes (the engine's own format, with its version and checksum: src/egdb/file.rs). Used from the
// page (size, clear) and from the workers (the builder stores, the searches read). Nothing here
// trusts a table: the engine checks each one it is given, and a damaged one is removed here.

const DB = 'draughts-egdb';
const STORE = 'tables';

let opening = null;

function open() {
  opening ||= new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('no IndexedDB'));
      return;
    }
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  opening.catch(() => (opening = null));
  return opening;
}

/** Runs `fn(store)` in one transaction; resolves with the last request's result. */
async function run(mode, fn) {
  const db = await open();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const req = fn(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(req?.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error || new Error('aborted'));
  });
}

const key = (variant, name) => `${variant}/${name}`;

/** The names of the stored tables of `variant`. */
export async function storedNames(variant) {
  const keys = await run('readonly', (s) => s.getAllKeys(IDBKeyRange.bound(`${variant}/`, `${variant}/\uffff`)));
  return keys.map((k) => k.slice(variant.length + 1));
}

/** A stored table's bytes (a Uint8Array), or undefined. */
export function get(variant, name) {
  return run('readonly', (s) => s.get(key(variant, name)));
}

export function put(variant, name, bytes) {
  return run('readwrite', (s) => s.put(bytes, key(variant, name)));
}

export function remove(variant, name) {
  return run('readwrite', (s) => s.delete(key(variant, name)));
}

/** Forgets every stored table. */
export function clear() {
  return run('readwrite', (s) => s.clear());
}

/** Bytes stored, all variants together. */
export async function size() {
  const values = await run('readonly', (s) => s.getAll());
  return values.reduce((n, v) => n + (v?.byteLength || 0), 0);
}
