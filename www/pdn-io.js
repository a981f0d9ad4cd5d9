// PDN export (download or copy) and import of a PDN game or a FEN position (paste or file), loaded
// when one of them is first opened. Parsing and validation are the engine's: its error messages
// are shown as they are.

import * as engine from './engine.js';
import * as game from './game.js';
import { pdnTags, today } from './dialogs.js';
import { errorText, t, variantTitle } from './i18n.js';

const $ = (id) => document.getElementById(id);

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

/**
 * The export dialog and the import dialog (opened by the new-game sheet's button#import-pdn, the
 * sheet's variant first): returns `{ exportGame, openImport }`, which open them. `opponent()` gives
 * the computer's `{ side, level }` in a game against it, else null; `start(pending)` plays the
 * game read, as the sheet's choices say.
 */
export function setupPdnIo(controller, panels, { opponent = () => null, start = (pending) => controller.load(pending) } = {}) {
  const exportDialog = $('export-dialog');
  const importDialog = $('import-dialog');

  const exportGame = () => {
    $('export-text').value = game.pdn(pdnTags(opponent()));
    $('export-note').textContent = '';
    exportDialog.showModal();
  };
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

  const openImport = () => {
    $('import-error').hidden = true;
    $('import-switch').hidden = true;
    $('import-file').value = '';
    $('import-variant').textContent = variantTitle(engine.variantInfo($('variant').value));
    $('new-game').close();
    importDialog.showModal();
    $('import-text').focus();
  };
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

  return { exportGame, openImport };
}
