// Dialogs: PDN export (download or copy), import of a PDN game or a FEN position (paste or file),
// and a small yes/no confirmation. Parsing and validation are the engine's: its error messages are
// shown as they are.

import * as engine from './engine.js';

const $ = (id) => document.getElementById(id);

/**
 * Asks a yes/no question in dialog#confirm and resolves true for yes; `to` ('white' | 'black')
 * names the player it is for, so that face to face it turns towards them.
 */
export function confirmDialog(text, { yes = 'Yes', no = 'No', to = '' } = {}) {
  const d = $('confirm');
  d.dataset.to = to;
  $('confirm-text').textContent = text;
  $('confirm-yes').textContent = yes;
  $('confirm-no').textContent = no;
  return new Promise((resolve) => {
    const done = (answer) => {
      $('confirm-yes').onclick = $('confirm-no').onclick = d.oncancel = null;
      if (d.open) d.close();
      resolve(answer);
    };
    $('confirm-yes').onclick = () => done(true);
    $('confirm-no').onclick = () => done(false);
    d.oncancel = () => done(false);
    d.showModal();
  });
}

function today() {
  const d = new Date();
  const p = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}.${p(d.getMonth() + 1)}.${p(d.getDate())}`;
}

/** PDN tags for an export; `computer` is `{ side, level }` when one side was the computer. */
export function pdnTags(computer = null) {
  const name = (side) => (computer && computer.side === side ? `Computer (level ${computer.level})` : engine.SIDE_NAMES[side]);
  return { event: 'Casual game', site: 'Draughts web app', date: today(), white: name('white'), black: name('black') };
}

/** `opponent()` gives the computer's `{ side, level }` in a game against it, else null. */
export function setupPdnIo(controller, panels, opponent = () => null) {
  const exportDialog = $('export-dialog');
  const importDialog = $('import-dialog');

  $('export-pdn').addEventListener('click', () => {
    $('export-text').value = controller.game.pdn(pdnTags(opponent()));
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
    a.download = `draughts-${controller.game.variant()}-${today().replaceAll('.', '-')}.pdn`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    $('export-note').textContent = 'Downloaded.';
  });
  $('export-copy').addEventListener('click', async () => {
    const ta = $('export-text');
    try {
      await navigator.clipboard.writeText(ta.value);
    } catch {
      ta.select();
      document.execCommand('copy');
    }
    $('export-note').textContent = 'Copied to the clipboard.';
  });

  $('import-pdn').addEventListener('click', () => {
    $('import-error').hidden = true;
    $('import-file').value = '';
    $('import-variant').textContent = engine.variantInfo($('variant').value)?.title ?? $('variant').value;
    importDialog.showModal();
    $('import-text').focus();
  });
  $('import-close').addEventListener('click', () => importDialog.close());
  $('import-file').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    if (file.size > 5_000_000) {
      showImportError('That file is too large for a single game (over 5 MB).');
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
  }

  function load() {
    // A byte-order mark pasted from a file saved on Windows is not part of the game.
    const text = $('import-text').value.replace(/^\uFEFF/, '');
    if (!text.trim()) {
      showImportError('Paste a PDN game or a FEN position first.');
      return;
    }
    const variant = $('variant').value;
    let game;
    try {
      game = engine.looksLikeFen(text) ? engine.fromFen(text.trim(), variant) : engine.fromPdn(text, variant);
    } catch (e) {
      showImportError(e.message || String(e));
      return;
    }
    importDialog.close();
    $('import-text').value = '';
    controller.load(game);
    $('variant').value = game.variant();
    panels.message(
      engine.looksLikeFen(text) ? 'Position set up from the FEN.' : `Game loaded: ${game.ply()} moves.`,
      'info',
    );
  }
}
