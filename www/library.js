// The game library's dialog (dialog#library, opened by button#games; loaded on first open): every
// game kept on this device, newest first, each a row `[data-game-id]` that opens it, with rename,
// export and delete (undone by Undo). Search by player, event, result or variant; order by the
// last move or the game's date. Import reads a PDN collection into the library in chunks (the
// engine reads it: engine.pdnCollection) so the page stays responsive. The list is virtual: only
// the rows in view exist, so ten thousand games list smoothly. A correspondence game (played by
// link, see share.js) says whose move it is ("Your move" / "Their move", `data-turn` mine | theirs,
// or "Move not sent": unsent) and offers its last link sent again (`data-act="link"`) while that
// link is the game as it stands.
//
// What a game is (its variant, result, players, plies) comes from the library's entries, which the
// engine's snapshot and PDN reading filled; this module only draws, filters and sorts them.

import * as db from './library-db.js';
import * as engine from './engine.js';
import * as game from './game.js';
import { errorText, t, variantTitle } from './i18n.js';

const $ = (id) => document.getElementById(id);
const ROW = 64; // px per row: a 44 px target and its text
const CHUNK = 500; // games read and stored per step of an import

let ctx = null; // { storage, panels, openGame, controller, shareAgain }
let all = []; // every entry
let shown = []; // the filtered, sorted entries
let deleted = null; // the last game deleted, for Undo
let wired = false;

export async function openLibrary(context) {
  ctx = context;
  if (!wired) wire();
  await ctx.storage.settled();
  await reload();
  $('library').showModal();
  $('library-search').focus();
}

function wire() {
  wired = true;
  $('library-close').addEventListener('click', () => $('library').close());
  $('library-search').addEventListener('input', () => filter());
  $('library-sort').addEventListener('change', () => filter());
  $('library-list').addEventListener('scroll', () => draw(), { passive: true });
  $('library-list').addEventListener('click', (e) => act(e));
  $('library-export-all').addEventListener('click', () => exportAll());
  $('library-undo').addEventListener('click', () => undoDelete());
  $('library-import').addEventListener('change', (e) => importFile(e.target));
  ctx.storage.onWrite(() => $('library').open && reload());
  addEventListener('resize', () => $('library').open && draw());
}

async function reload() {
  try {
    all = await db.list();
  } catch (e) {
    status(t('msg.not-saved', { error: e.message }));
    all = [];
  }
  filter();
}

function status(text) {
  $('library-status').textContent = text;
}

/** The words a row is searched by: players, event, result, variant, name. */
function haystack(g) {
  return [g.name, g.white, g.black, g.event, g.result, g.variant, variantTitle(engine.variantInfo(g.variant)) || '']
    .join('\n')
    .toLocaleLowerCase();
}

function filter() {
  const words = $('library-search').value.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const order = $('library-sort').value;
  shown = all.filter((g) => {
    if (!words.length) return true;
    g.hay ||= haystack(g);
    return words.every((w) => g.hay.includes(w));
  });
  const by = {
    updated: (a, b) => (b.updated < a.updated ? -1 : b.updated > a.updated ? 1 : 0),
    'date-desc': (a, b) => (b.date < a.date ? -1 : b.date > a.date ? 1 : 0),
    'date-asc': (a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0),
  }[order];
  shown.sort(by);
  $('library-spacer').style.height = `${shown.length * ROW}px`;
  $('library-status').dataset.count = String(shown.length);
  status(words.length ? t('library.found', { n: shown.length, total: all.length }) : t('library.count', { n: all.length }));
  draw();
}

/** Draws the rows in view (and a few around them). */
function draw() {
  const list = $('library-list');
  const first = Math.max(0, Math.floor(list.scrollTop / ROW) - 5);
  const last = Math.min(shown.length, Math.ceil((list.scrollTop + list.clientHeight) / ROW) + 5);
  for (const row of [...list.querySelectorAll('.library-row')]) row.remove();
  const frag = document.createDocumentFragment();
  for (let i = first; i < last; i++) frag.append(row(shown[i], i));
  list.append(frag);
}

const SHARE =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><circle cx="18" cy="5" r="3"/><circle cx="6" cy="12" r="3"/><circle cx="18" cy="19" r="3"/><path d="M8.6 10.7l6.8-4M8.6 13.3l6.8 4" stroke="currentColor" stroke-width="2"/></svg>';
const TRASH =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M9 3h6l1 2h4v2H4V5h4zM6 9h12l-1 12H7zm4 2v8h1.5v-8zm2.5 0v8H14v-8z"/></svg>';

/** A date and time in the page's language. */
function when(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString(document.documentElement.lang || undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function row(g, i) {
  const el = document.createElement('div');
  el.className = 'library-row';
  el.setAttribute('role', 'listitem');
  el.dataset.gameId = g.id;
  el.style.top = `${i * ROW}px`;
  if (g.id === ctx.storage.id) el.classList.add('is-current');
  const open = document.createElement('button');
  open.type = 'button';
  open.className = 'library-open';
  open.dataset.act = 'open';
  const title = document.createElement('span');
  title.className = 'library-title';
  const players = g.white || g.black ? `${g.white || '?'} – ${g.black || '?'}` : '';
  const variant = variantTitle(engine.variantInfo(g.variant)) || g.variant;
  const imported = g.kind === 'imported';
  const byLink = g.kind === 'correspondence';
  // A game played here is named by its variant and when it started; an imported one by its players.
  title.textContent = g.name || (imported ? players || g.event : `${variant} · ${when(g.started)}`) || t('library.untitled');
  // By link, whose move it is first, so that it is never cut off.
  // A move played since the last link sent has not reached them yet.
  const turn = byLink && g.state === 'ongoing' && g.turn && g.mine ? (g.turn === g.mine ? 'mine' : g.sent ? 'theirs' : 'unsent') : null;
  if (turn) {
    el.dataset.turn = turn;
    title.textContent = g.name || when(g.started); // the variant goes under it
    const badge = document.createElement('span');
    badge.className = 'library-turn';
    badge.textContent = t({ mine: 'library.your-move', theirs: 'library.their-move', unsent: 'library.not-sent' }[turn]);
    title.prepend(badge, ' ');
  }
  const sub = document.createElement('span');
  sub.className = 'library-sub';
  // (Whose move it is says that a game goes on, and is played by link.)
  const result = turn ? '' : g.state === 'ongoing' ? (byLink ? t('library.by-link') : t('library.ongoing')) : g.result;
  // By link, the variant under whose move it is.
  const parts = imported
    ? [variant, result, t('games.plies', { n: g.plies }), g.date, g.name && players]
    : turn
      ? [variant, t('games.plies', { n: g.plies }), players]
      : [g.kind === 'online' && t('library.online'), players, result, t('games.plies', { n: g.plies })];
  sub.textContent = parts
    .filter(Boolean)
    .join(' · ');
  open.append(title, sub);
  el.append(open);
  // A game played by link offers its last link again where the others offer an export (the
  // game opened exports too): three buttons a row, so that the title keeps its room on a phone.
  for (const [act, label, glyph] of [
    ['rename', t('library.rename'), '✎'],
    byLink && g.link && g.sent ? ['link', t('library.share-again'), SHARE] : ['export', t('library.export'), '⤓'],
    ['delete', t('library.delete'), TRASH],
  ]) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'icon-button library-act';
    b.dataset.act = act;
    b.setAttribute('aria-label', label);
    b.title = label;
    if (glyph.startsWith('<svg')) b.innerHTML = glyph;
    else b.textContent = glyph;
    if (act === 'delete' && g.id === ctx.storage.id) b.disabled = true; // the game being played
    el.append(b);
  }
  return el;
}

async function act(e) {
  const b = e.target.closest('[data-act]');
  const el = e.target.closest('[data-game-id]');
  if (!b || !el) return;
  const id = el.dataset.gameId;
  const g = all.find((x) => x.id === id);
  if (!g) return;
  if (b.dataset.act === 'open') {
    await ctx.storage.settled();
    if (id !== ctx.storage.id && !(await ctx.openGame(id))) return;
    $('library').close();
  } else if (b.dataset.act === 'link') {
    ctx.shareAgain(g.link);
  } else if (b.dataset.act === 'rename') {
    renameInRow(el, g);
  } else if (b.dataset.act === 'export') {
    const [rec] = await db.records([id]);
    download([textOf(g, rec)].join(''), `draughts-${g.variant}-${(g.started || '').slice(0, 10)}.pdn`);
  } else if (b.dataset.act === 'delete') {
    deleted = await db.remove(id);
    $('library-undo').hidden = false;
    await reload();
    status(t('library.deleted', { name: g.name || g.event || `${g.white || '?'} – ${g.black || '?'}` }));
  }
}

/**
 * Renames a game in its row: a field over its title (its automatic name shown as a hint; left
 * empty, the automatic name comes back). Enter or leaving the field saves, Escape does not.
 */
function renameInRow(el, g) {
  const open = el.querySelector('.library-open');
  const input = document.createElement('input');
  input.type = 'text';
  input.className = 'library-rename';
  input.maxLength = 120;
  input.value = g.name || '';
  input.placeholder = open.querySelector('.library-title').textContent;
  input.setAttribute('aria-label', t('library.rename-to'));
  open.replaceWith(input);
  input.focus();
  input.select();
  let done = false;
  const finish = async (save) => {
    if (done) return;
    done = true;
    const name = input.value.trim();
    if (save && name !== (g.name || '')) {
      await db.rename(g.id, name);
      if (g.id === ctx.storage.id) ctx.storage.name = name;
    }
    await reload();
  };
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === 'Escape') {
      e.preventDefault(); // Escape leaves the field, not the dialog
      finish(e.key === 'Enter');
    }
  });
  input.addEventListener('blur', () => finish(true));
}

async function undoDelete() {
  if (!deleted) return;
  await db.putBack(deleted);
  deleted = null;
  $('library-undo').hidden = true;
  await reload();
}

/** A game's PDN: as written at its last save, or (an older save) written now by the engine. */
function textOf(g, rec) {
  if (rec?.text) return rec.text;
  const s = rec?.save;
  if (!s) return '';
  try {
    return game.pdnOf(s.pdn, s.variant, s.ply, { white: g.white, black: g.black });
  } catch {
    return s.pdn;
  }
}

async function exportAll() {
  const recs = await db.records(shown.map((g) => g.id));
  const text = shown.map((g, i) => textOf(g, recs[i]).trim()).filter(Boolean).join('\n\n');
  download(`${text}\n`, 'draughts-games.pdn');
}

function download(text, name) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-draughts-pdn' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Reads a PDN collection in chunks into the library; the player is told how many were kept. */
async function importFile(input) {
  const file = input.files[0];
  input.value = '';
  if (!file) return;
  await importText(await file.text());
}

export async function importText(text) {
  let collection;
  try {
    collection = engine.pdnCollection(text.replace(/^\uFEFF/, ''), $('variant').value || ctx.controller.snap.variant);
  } catch (e) {
    status(errorText(e));
    return { added: 0, skipped: 0 };
  }
  const total = collection.count();
  let added = 0;
  let skipped = 0;
  const now = Date.now();
  try {
    for (let start = 0; start < total; start += CHUNK) {
      const chunk = collection.chunk(start, CHUNK);
      const entries = [];
      for (const g of chunk) {
        if (!g.variant) {
          skipped += 1;
          continue;
        }
        const id = db.newId() + g.index.toString(36);
        const at = new Date(now - g.index).toISOString();
        entries.push({
          meta: {
            id,
            name: '',
            kind: 'imported',
            variant: g.variant,
            white: g.white,
            black: g.black,
            event: g.event,
            date: g.date,
            result: g.result,
            plies: g.plies,
            started: at,
            updated: at,
          },
          record: { save: { format: 'draughts-save', version: 1, variant: g.variant, ply: g.plies, pdn: g.pdn, flipped: false }, text: g.pdn },
        });
      }
      await db.addMany(entries);
      added += entries.length;
      status(t('library.importing', { n: added, total }));
      await new Promise((r) => setTimeout(r, 0)); // the page draws and answers between chunks
    }
  } catch (e) {
    status(t('msg.not-saved', { error: e.message }));
  } finally {
    collection.free();
  }
  ctx.storage.askPersist();
  await reload();
  status(skipped ? t('library.imported-skipped', { n: added, skipped }) : t('library.imported', { n: added }));
  return { added, skipped };
}


