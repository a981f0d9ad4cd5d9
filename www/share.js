// Games as links: the Share button (#share) puts the game in a link whose fragment holds the
// variant, the start position when it is not the standard one, and the moves (the engine writes
// and reads it: src/link.rs), so no server ever sees it. On a phone the system share sheet
// opens; elsewhere the link is copied. A damaged link is reported and changes nothing.
//
// Correspondence: two friends play by sending the link back and forth. A game shared while it goes
// on becomes a correspondence game of the library (storage.js `correspond`: the sender's side is
// the player's, the link sent is kept with it), and so does a game opened from a link (the side to
// move is the player's). A link opened is compared by the engine with each correspondence game of
// the library (`findKept`, game.js `relationTo`): one it continues is brought up to date in its own
// entry, an old link of one opens that game as it stands and says so, and anything else (another
// line from some move, another game) becomes a new game of the library: no game is ever lost.

import * as db from './library-db.js';
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
 * module when it is first pressed, or when the page opens with a link): `share()` shares the game
 * played, `share(url)` a link kept in the library again.
 */
export function setupShare(controller, panels, { storage, computer }) {
  const dialog = $('share-dialog');
  const canShare = typeof navigator.share === 'function';
  // A phone or tablet: the system share sheet is the natural way; elsewhere copying is.
  const touch = matchMedia('(pointer: coarse)').matches;

  const share = async (again) => {
    const url = again || linkFor();
    if (!again) sent(url);
    const text = again ? t('share.title') : shareText(controller);
    $('share-link').value = url;
    $('share-link').dataset.text = text;
    $('share-note').textContent = t('share.length', { n: url.length });
    $('share-system').hidden = !canShare;
    if (canShare && touch) {
      try {
        await navigator.share({ title: t('share.title'), text, url });
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
  /**
   * The game played is sent as `url`: a game that goes on (not against the computer) is a
   * correspondence game from now on, the side that made the last move the player's; a
   * correspondence game keeps the link, whatever its state.
   */
  function sent(url) {
    const ongoing = controller.snap.status.state === 'ongoing';
    if (storage.kind === 'correspondence') storage.correspond(ongoing ? game.sender() : storage.mine, url);
    // (A link of an online game in progress is a snapshot of it: the game stays online.)
    else if (ongoing && computer.settings.opponent !== 'computer' && !controller.online) storage.correspond(game.sender(), url);
  }
  $('share-copy').addEventListener('click', () => copy($('share-link').value));
  $('share-system').addEventListener('click', async () => {
    try {
      await navigator.share({ title: t('share.title'), text: $('share-link').dataset.text, url: $('share-link').value });
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
 * The correspondence game of the library that a link's game (`shared`, a Pending game) belongs
 * to: `{ entry, relation }` with the engine's relation ('same', 'newer', 'older', 'diverged'), the
 * closest first (a game the link continues or equals, then one it is an old link of, then one it
 * parts from), the most recently played first among equals; null when none is the same game.
 */
export async function findKept(shared) {
  const kept = (await db.list())
    .filter((g) => g.kind === 'correspondence' && g.variant === shared.variant)
    .sort((a, b) => (b.updated < a.updated ? -1 : b.updated > a.updated ? 1 : 0));
  const rank = { same: 0, newer: 0, older: 1, diverged: 2 };
  let best = null;
  for (const entry of kept) {
    const [record] = await db.records([entry.id]);
    if (!record?.save) continue;
    const relation = shared.relationTo(record.save);
    if (!(relation in rank)) continue;
    if (!best || rank[relation] < rank[best.relation]) best = { entry, relation };
    if (rank[relation] === 0) break;
  }
  return best;
}

/**
 * Opens the game in the page's address fragment, if there is one (`app`: `{ controller, panels,
 * computer, storage, openGame }`, as main.js has them). Resolves true when a game was opened. The
 * fragment is removed afterwards, so a reload shows the saved game as usual.
 */
export async function openLink({ controller, panels, computer, storage, openGame }) {
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
  await storage.settled(); // the game here as the library has it, last move included
  let kept = null;
  try {
    kept = await findKept(shared);
  } catch {
    /* the library cannot be read: the link opens as a new game */
  }
  const at = () => ({ number: controller.snap.moveNumber, side: sideName(controller.snap.toMove) });
  // The game as it stands, or an old link of it: the game opens unchanged, and says why.
  if (kept && (kept.relation === 'older' || kept.relation === 'same')) {
    shared.drop();
    if (kept.entry.id !== storage.id && !(await openGame(kept.entry.id))) return false;
    panels.message(t(kept.relation === 'older' ? 'corr.older' : 'corr.same', at()), 'info', 0);
    return true;
  }
  // A shared game is played by the people who share it: two players on this side.
  computer.restore({ opponent: 'human' });
  if (kept?.relation === 'newer') {
    controller.load(shared, { into: kept.entry });
    panels.message(t('corr.updated', at()), 'info', 10000);
    return true;
  }
  // A new game of the library: the side to move is the player's (the friend sent it).
  const sender = shared.sender;
  controller.load(shared, { kind: 'correspondence', mine: sender === 'white' ? 'black' : 'white' });
  const snap = controller.snap;
  if (kept?.relation === 'diverged') {
    panels.message(t('corr.diverged', at()), 'info', 0);
  } else {
    panels.message(
      snap.status.state === 'ongoing'
        ? t('msg.shared-opened-at', at())
        : t('msg.shared-opened-over', { result: say(snap.status.line) }),
      'info',
      10000,
    );
  }
  return true;
}
