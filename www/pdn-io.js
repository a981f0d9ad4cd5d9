// Dialogs: PDN export (download or copy), import of a PDN game or a FEN position (paste or file),
// and a small yes/no confirmation. Parsing and validation are the engine's: its error messages are
// shown as they are.

import * as engine from './engine.js';
import * as game from './game.js';
import { errorText, sideName, t, variantTitle } from './i18n.js';

const $ = (id) => document.getElementById(id);

/**
 * Asks a yes/no question in dialog#confirm and resolves true for yes; `to` ('white' | 'black')
 * names the player it is for, so that face to face it turns towards them. With `other`, a third
 * button resolves 'other'.
 */
export function confirmDialog(text, { yes = t('button.yes'), no = t('button.no'), other = '', to = '' } = {}) {
  const d = $('confirm');
  d.dataset.to = to;
  $('confirm-text').textContent = text;
  $('confirm-yes').textContent = yes;
  $('confirm-no').textContent = no;
  $('confirm-other').textContent = other;
  $('confirm-other').hidden = !other;
  return new Promise((resolve) => {
    const done = (answer) => {
      $('confirm-yes').onclick = $('confirm-no').onclick = $('confirm-other').onclick = d.oncancel = null;
      if (d.open) d.close();
      resolve(answer);
    };
    $('confirm-yes').onclick = () => done(true);
    $('confirm-no').onclick = () => done(false);
    $('confirm-other').onclick = () => done('other');
    d.oncancel = () => done(false);
    d.showModal();
  });
}

/**
 * Two players share the device, so Resign asks which side resigns: "Black resigns" (the side to
 * move, first), "White resigns" or Cancel. Resolves 'white', 'black' or null.
 */
export async function askWhoResigns(turn) {
  const other = turn === 'white' ? 'black' : 'white';
  const answer = await confirmDialog(t('ask.who-resigns'), {
    yes: t('button.side-resigns', { side: sideName(turn) }),
    other: t('button.side-resigns', { side: sideName(other) }),
    no: t('button.cancel'),
    to: turn,
  });
  return answer === true ? turn : answer === 'other' ? other : null;
}

/** Lets the player pick one game of a collection; resolves its index, or null on Cancel. */
function chooseGame(games) {
  const d = $('games-dialog');
  const list = $('games-list');
  $('games-note').textContent = t('games.count', { n: games.length });
  list.textContent = '';
  return new Promise((resolve) => {
    const done = (answer) => {
      d.oncancel = $('games-close').onclick = null;
      if (d.open) d.close();
      resolve(answer);
    };
    for (const g of games) {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'game-choice';
      const title = document.createElement('span');
      title.className = 'game-event';
      title.textContent = [g.event || t('games.untitled', { number: g.index + 1 }), g.date].filter(Boolean).join(' · ');
      const who = document.createElement('span');
      who.className = 'game-players';
      const plies = t('games.plies', { n: g.plies });
      who.textContent = `${g.white || '?'} – ${g.black || '?'}  ${g.result} · ${plies}`;
      b.append(title, who);
      b.onclick = () => done(g.index);
      li.append(b);
      list.append(li);
    }
    $('games-close').onclick = () => done(null);
    d.oncancel = () => done(null);
    d.showModal();
  });
}

/** "Game loaded: 3 moves (6 plies)": moves as players count them, by the engine's numbers. */
function loadedText(snap) {
  const list = snap.moves;
  const moves = new Set(list.map((p) => p.number)).size;
  const plies = list.length;
  return t('msg.loaded', { moves, plies });
}

/** Puts the keyboard on the board (after the result dialog, if the loaded game is over). */
function focusBoard() {
  const result = $('result');
  const go = () => document.querySelector('#board [tabindex="0"]')?.focus();
  if (result.open) result.addEventListener('close', go, { once: true });
  else go();
}

function today() {
  const d = new Date();
  const p = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}.${p(d.getMonth() + 1)}.${p(d.getDate())}`;
}

/** PDN tags for an export; `computer` is `{ side, level }` when one side was the computer. */
export function pdnTags(computer = null) {
  const name = (side) => (computer && computer.side === side ? t('pdn.computer', { level: computer.level }) : sideName(side));
  return { event: t('pdn.casual-game'), site: t('pdn.site'), date: today(), white: name('white'), black: name('black') };
}

/** `opponent()` gives the computer's `{ side, level }` in a game against it, else null. */
/**
 * Export (button#export-pdn) and the import dialog (opened by the new-game sheet's
 * button#import-pdn, the sheet's variant first). `start(pending)` plays the game read, as the
 * sheet's choices say.
 */
export function setupPdnIo(controller, panels, { opponent = () => null, start = (pending) => controller.load(pending) } = {}) {
  const exportDialog = $('export-dialog');
  const importDialog = $('import-dialog');

  $('export-pdn').addEventListener('click', () => {
    $('export-text').value = game.pdn(pdnTags(opponent()));
    $('export-note').textContent = '';
    exportDialog.showModal();
  });
  $('export-close').addEventListener('click', () => exportDialog.close());
  $('export-download').addEventListener('click', () => {
    const text = $('export-text').value;
    const blob = new Blob([text], { type: 'application/x-draughts-pdn' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `draughts-${controller.snap.variant}-${today().replaceAll('.', '-')}.pdn`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    $('export-note').textContent = t('export.downloaded');
  });
  $('export-copy').addEventListener('click', async () => {
    const ta = $('export-text');
    try {
      await navigator.clipboard.writeText(ta.value);
    } catch {
      ta.select();
      document.execCommand('copy');
    }
    $('export-note').textContent = t('export.copied');
  });

  $('import-pdn').addEventListener('click', () => {
    $('import-error').hidden = true;
    $('import-switch').hidden = true;
    $('import-file').value = '';
    $('import-variant').textContent = variantTitle(engine.variantInfo($('variant').value));
    $('new-game').close();
    importDialog.showModal();
    $('import-text').focus();
  });
  $('import-close').addEventListener('click', () => importDialog.close());
  $('import-file').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    if (file.size > 5_000_000) {
      showImportError(t('import.too-large'));
      return;
    }
    $('import-text').value = await file.text();
    load();
  });
  $('import-load').addEventListener('click', () => load());

  function showImportError(text) {
    const el = $('import-error');
    el.textContent = text;
    el.hidden = false;
    $('import-switch').hidden = true;
  }

  /** The engine decides FEN or PDN; a collection asks which game; a failure may name a variant. */
  async function load() {
    // A byte-order mark pasted from a file saved on Windows is not part of the game.
    const text = $('import-text').value.replace(/^\uFEFF/, '');
    if (!text.trim()) {
      showImportError(t('import.empty'));
      return;
    }
    let index = 0;
    if (engine.recordKind(text) === 'pdn') {
      let games;
      try {
        games = engine.pdnGames(text);
      } catch (e) {
        showImportError(errorText(e));
        return;
      }
      if (games.length > 1) {
        index = await chooseGame(games);
        if (index == null) return;
      }
    }
    loadRecord(text, $('variant').value, index);
  }

  function loadRecord(text, variant, index) {
    let imported;
    try {
      imported = game.importRecord(text, variant, index);
    } catch (e) {
      showImportError(errorText(e));
      offerVariant(text, variant, index);
      return;
    }
    importDialog.close();
    $('import-text').value = '';
    start(imported);
    panels.message(engine.recordKind(text) === 'fen' ? t('import.position-set') : loadedText(controller.snap), 'info');
    focusBoard();
  }

  /** When another variant's rules read the record, a button switches to it and loads. */
  function offerVariant(text, variant, index) {
    const other = engine.suggestVariant(text, variant, index);
    if (!other) return;
    const title = variantTitle(engine.variantInfo(other));
    $('import-error').textContent += ` ${t('import.reads-as', { variant: title })}`;
    const b = $('import-switch');
    b.textContent = t('import.switch', { variant: title });
    b.hidden = false;
    b.onclick = () => loadRecord(text, other, index);
    b.focus();
  }
}
