// The game library's IndexedDB: a small hand-written wrapper. Two stores, so that listing ten
// thousand games never reads their records:
//   games   { id, rev, name, variant, white, black, event, date, result, state, plies, turn,
//             started, updated, kind, mine?, link?, sent? }   what the list shows (index
//             `updated`; `mine`, `link`, `sent`: a correspondence game's side of the player,
//             last link sent, and whether that link is the game as it stands)
//   records { id, save, text }   the game as storage.js saves it (`save`: the record and what
//             each part keeps) and as PDN for export (`text`, written by the engine)
// `rev` counts the writes of a game: `write` reads it and writes only when it is the one the
// writer last saw (one readwrite transaction over both stores), so a tab that fell behind never
// replaces newer moves with older ones.

const NAME = 'draughts-library';
const VERSION = 1;

let opening = null;

/** The database, opened once (rejects where IndexedDB is unavailable). */
export function open() {
  if (!opening) {
    opening = new Promise((resolve, reject) => {
      let req;
      try {
        req = indexedDB.open(NAME, VERSION);
      } catch (e) {
        reject(e);
        return;
      }
      req.onupgradeneeded = () => {
        const db = req.result;
        const games = db.createObjectStore('games', { keyPath: 'id' });
        games.createIndex('updated', 'updated');
        db.createObjectStore('records', { keyPath: 'id' });
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
      req.onblocked = () => reject(new Error('the library is blocked by another tab'));
    });
    opening.catch(() => (opening = null));
  }
  return opening;
}

const done = (tx) =>
  new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error || new Error('the write was aborted'));
    tx.onerror = () => reject(tx.error);
  });

const result = (req) =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

/** A stale write: the game moved on elsewhere (`stored` is its newer entry). */
export class Conflict extends Error {
  constructor(stored) {
    super('the game moved on in another tab');
    this.name = 'Conflict';
    this.stored = stored;
  }
}

/**
 * Writes a game's entry and record when its stored revision is `rev` (0: a new game); resolves
 * with the new revision, rejects with a Conflict when another writer got there first.
 */
export async function write(meta, record, rev) {
  const db = await open();
  const tx = db.transaction(['games', 'records'], 'readwrite');
  const finished = done(tx);
  const games = tx.objectStore('games');
  let conflict = null;
  const next = rev + 1;
  const check = games.get(meta.id);
  check.onsuccess = () => {
    const stored = check.result;
    if ((stored ? stored.rev : 0) !== rev) {
      conflict = new Conflict(stored);
      tx.abort();
      return;
    }
    try {
      games.put({ ...meta, rev: next });
      tx.objectStore('records').put({ ...record, id: meta.id });
    } catch (e) {
      conflict = e; // a put that throws (quota, a bad value): the transaction is dropped
      tx.abort();
    }
  };
  try {
    await finished;
  } catch (e) {
    throw conflict || e;
  }
  return next;
}

/** Adds many games (an import) in one transaction: `[{ meta, record }]`, each a new id. */
export async function addMany(entries) {
  const db = await open();
  const tx = db.transaction(['games', 'records'], 'readwrite');
  const finished = done(tx);
  const games = tx.objectStore('games');
  const records = tx.objectStore('records');
  for (const { meta, record } of entries) {
    games.put({ ...meta, rev: 1 });
    records.put({ ...record, id: meta.id });
  }
  await finished;
}

/** Every game's list entry. */
export async function list() {
  const db = await open();
  return result(db.transaction('games').objectStore('games').getAll());
}

/** One game: `{ meta, record }`, or null. */
export async function get(id) {
  const db = await open();
  const tx = db.transaction(['games', 'records']);
  const [meta, record] = await Promise.all([result(tx.objectStore('games').get(id)), result(tx.objectStore('records').get(id))]);
  return meta && record ? { meta, record } : null;
}

/** The list entry of the game played last, or null. */
export async function latest() {
  const db = await open();
  const index = db.transaction('games').objectStore('games').index('updated');
  const cursor = await result(index.openCursor(null, 'prev'));
  return cursor ? cursor.value : null;
}

/** The records (export texts) of `ids`, in that order. */
export async function records(ids) {
  const db = await open();
  const store = db.transaction('records').objectStore('records');
  return Promise.all(ids.map((id) => result(store.get(id))));
}

/** Deletes a game; resolves with what it was (`{ meta, record }`), for an undo. */
export async function remove(id) {
  const was = await get(id);
  const db = await open();
  const tx = db.transaction(['games', 'records'], 'readwrite');
  const finished = done(tx);
  tx.objectStore('games').delete(id);
  tx.objectStore('records').delete(id);
  await finished;
  return was;
}

/** Puts a deleted game back as it was. */
export async function putBack({ meta, record }) {
  const db = await open();
  const tx = db.transaction(['games', 'records'], 'readwrite');
  const finished = done(tx);
  tx.objectStore('games').put(meta);
  tx.objectStore('records').put(record);
  await finished;
}

/** Renames a game (its list entry only; the revision stays). */
export async function rename(id, name) {
  const db = await open();
  const tx = db.transaction('games', 'readwrite');
  const finished = done(tx);
  const store = tx.objectStore('games');
  const req = store.get(id);
  req.onsuccess = () => {
    if (req.result) store.put({ ...req.result, name });
  };
  await finished;
}

/** A new game id: unique across tabs. */
export function newId() {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
