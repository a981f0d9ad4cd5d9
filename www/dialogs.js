// Small dialogs the page needs from the start: a yes/no confirmation, the question of who resigns
// when two players share the device, and the PDN tags of the game in play (the library keeps them
// with every save). PDN import and export (pdn-io.js) are loaded when first opened.

import { sideName, t } from './i18n.js';

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

/** Today as PDN dates are written: "2026.11.29". */
export function today() {
  const d = new Date();
  const p = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}.${p(d.getMonth() + 1)}.${p(d.getDate())}`;
}

/** PDN tags for an export; `computer` is `{ side, level }` when one side was the computer. */
export function pdnTags(computer = null) {
  const name = (side) => (computer && computer.side === side ? t('pdn.computer', { level: computer.level }) : sideName(side));
  return { event: t('pdn.casual-game'), site: t('pdn.site'), date: today(), white: name('white'), black: name('black') };
}
