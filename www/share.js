// Games as links: the Share button (#share) puts the game in a link whose fragment holds the
// variant, the start position when it is not the standard one, and the moves (the engine writes
// and reads it: src/link.rs), so no server ever sees it. On a phone the system share sheet
// opens; elsewhere the link is copied. Opening such a link shows that game at its last move, as a
// new game of the library (the game in progress stays there); a damaged link is reported and
// changes nothing. Two friends can play a correspondence game by sending the link back and forth.

import * as engine from './engine.js';
import * as game from './game.js';
import { errorText, say, sideName, t, variantTitle } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** The address of this page with the game's fragment. */
function linkFor() {
  return location.href.split('#')[0] + game.link();
}

/** Whether the fragment looks like a game link at all (the engine decides whether it is one). */
function hasGame(hash) {
  return /^#(.*&)?v=/.test(hash);
}

/**
 * Wires the share dialog's buttons once; returns what the Share button does (main.js loads this
 * module when it is first pressed, or when the page opens with a link).
 */
export function setupShare(controller, panels) {
  const dialog = $('share-dialog');
  const canShare = typeof navigator.share === 'function';
  // A phone or tablet: the system share sheet is the natural way; elsewhere copying is.
  const touch = matchMedia('(pointer: coarse)').matches;

  const share = async () => {
    const url = linkFor();
    $('share-link').value = url;
    $('share-note').textContent = t('share.length', { n: url.length });
    $('share-system').hidden = !canShare;
    if (canShare && touch) {
      try {
        await navigator.share({ title: t('share.title'), text: shareText(controller), url });
        panels.message(t('share.shared'));
        return;
      } catch (e) {
        if (e?.name === 'AbortError') return; // the player closed the share sheet
        // Sharing refused (no user gesture, not allowed): show the link instead.
      }
    }
    dialog.showModal();
    if (!touch) await copy(url);
    $('share-link').select();
  };
  $('share-copy').addEventListener('click', () => copy($('share-link').value));
  $('share-system').addEventListener('click', async () => {
    try {
      await navigator.share({ title: t('share.title'), text: shareText(controller), url: $('share-link').value });
      dialog.close();
    } catch {
      /* closed or refused: the dialog stays */
    }
  });
  $('share-close').addEventListener('click', () => dialog.close());

  async function copy(text) {
    try {
      await navigator.clipboard.writeText(text);
      $('share-note').textContent = t('share.copied');
    } catch {
      $('share-link').select();
      $('share-note').textContent = t('share.select');
    }
  }
  return share;
}

function shareText(controller) {
  const s = controller.snap;
  const variant = variantTitle(engine.variantInfo(s.variant));
  return s.status.state === 'ongoing'
    ? t('share.text-ongoing', { variant, number: s.moveNumber, side: sideName(s.toMove) })
    : t('share.text-over', { variant, result: say(s.status.line) });
}

/**
 * Opens the game in the page's address fragment, if there is one. Resolves true when a game was
 * opened. The fragment is removed afterwards, so a reload shows the saved game as usual.
 */
export async function openLink(controller, panels, computer) {
  const hash = location.hash;
  if (!hasGame(hash)) return false;
  history.replaceState(null, '', location.href.split('#')[0]);
  let shared;
  try {
    shared = game.fromLink(hash);
  } catch (e) {
    panels.message(errorText(e), 'error', 0);
    return false;
  }
  // The same game (a link to the game already here, or a reload of it): nothing to ask.
  if (shared.isCurrent()) {
    shared.drop();
    return false;
  }
  // The game in progress stays in the library: opening a link needs no question.
  // A shared game is played by the people who share it: two players on this side.
  computer.restore({ opponent: 'human' });
  controller.load(shared);
  const snap = controller.snap;
  panels.message(
    snap.status.state === 'ongoing'
      ? t('msg.shared-opened-at', { number: snap.moveNumber, side: sideName(snap.toMove) })
      : t('msg.shared-opened-over', { result: say(snap.status.line) }),
    'info',
    10000,
  );
  return true;
}
