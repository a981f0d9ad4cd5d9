// Boots the page once Trunk's loader has instantiated the wasm module, then wires the toolbar.

import * as engine from './engine.js';
import * as game from './game.js';
import { BoardView } from './board-view.js';
import { Controller } from './controller.js';
import { Panels } from './panels.js';
import { Storage } from './storage.js';
import { Computer } from './computer.js';
import { attachInput } from './input.js';
import { askWhoResigns, confirmDialog, pdnTags } from './dialogs.js';
import { Analyst } from './analysis.js';
import { language, languages, onLanguage, preferredLanguage, setLanguage, sideName, t } from './i18n.js';
import { attachFeedback } from './sound.js';
import { setupSettings } from './settings.js';
import { Clocks } from './clock.js';
import { EndgameTables } from './endgame-tables.js';

const $ = (id) => document.getElementById(id);

async function boot(bindings) {
  if (window.draughts) return; // already booted
  engine.setBindings(bindings);
  // Save errors are told in the message slot (they only come after start-up).
  const storage = new Storage({
    onError: (m) => panels.message(m, 'error', 0),
    onFollow: (id) => follow(id),
    onDiverged: () => panels.message(t('library.diverged'), 'error', 0),
  });
  // The language first, so that everything below is drawn in it: the saved choice, else the
  // browser's (a failed load keeps the page's English).
  await setLanguage(storage.loadSettings().language || preferredLanguage());
  const panels = new Panels();
  const view = new BoardView($('board'));
  const controller = new Controller({ view, panels, storage });
  const computer = new Computer({ controller, panels, storage });
  const analyst = new Analyst({ controller, computer });
  const clocks = new Clocks({ controller, panels, storage, computer });
  window.draughts = { controller, engine, game, computer, analyst, clocks }; // for tests
  attachFeedback({ controller, storage });

  // Before the first game is drawn: its square names, themes and animation speed.
  const settings = setupSettings({ controller, view, storage });
  const tables = new EndgameTables({ computer, enabled: settings.values.tables });
  computer.tables = tables;
  window.draughts.tables = tables;
  tables.onReady(() => analyst.restart());
  // The opening explorer (explorer.js) is loaded when first opened.
  let explorer = null;
  $('explorer').addEventListener('click', async () => {
    explorer ||= import('./explorer.js').then((m) => (window.draughts.explorer = new m.Explorer({ controller, computer })));
    (await explorer).toggle();
  });

  // What the library lists of the game and exports: the players as PDN names them.
  const opponentOf = () => (computer.settings.opponent === 'computer' ? computer.settings : null);
  storage.keep(() => {
    const tags = pdnTags(opponentOf());
    return { players: { white: tags.white, black: tags.black }, text: game.pdn(tags) };
  });

  /** Opens game `id` of the library (another tab moved it on, or the player picked it). */
  const openGame = async (id) => {
    const got = await storage.open(id);
    if (!got.game) {
      panels.message(t('library.not-opened', { error: got.error }), 'error', 0);
      return false;
    }
    computer.restore(got.opponent);
    controller.load(got.game, { save: false, online: got.online });
    clocks.restore(got.clock);
    controller.setFlipped(!!got.flipped, { persist: false });
    controller.redraw();
    if (controller.online || online) (await onlinePlay()).showStatus();
    return true;
  };
  const follow = async (id) => {
    if (await openGame(id)) panels.message(t('library.followed'), 'info');
  };
  window.draughts.storage = storage;
  window.draughts.openGame = openGame;

  // Online play (online.js) is loaded when first used: an invitation made or opened, or an
  // online game shown.
  let online = null;
  const onlinePlay = async () => {
    const { Online } = await import('./online.js');
    online ||= new Online({
      controller,
      panels,
      storage,
      clocks,
      computer,
      analyst,
      openGame,
      start: (choices, pending, opts) => startGame(choices, pending, opts),
      share: async () => {
        await links();
        share();
      },
    });
    window.draughts.online = online;
    return online;
  };

  const saved = await storage.load();
  // Before the game is loaded: if the computer is to move in the restored game, it starts thinking.
  computer.restore(saved.opponent);
  if (saved.game) {
    controller.load(saved.game, { save: false });
    clocks.restore(saved.clock);
    controller.setFlipped(!!saved.flipped, { persist: false });
  } else {
    // A first visit by a link: the link's game is the library's first (the blank game is kept
    // only if the link does not open; see openLink below).
    controller.load(game.newGame(engine.variants()[0].name), { save: location.hash.length <= 1 });
    controller.setFlipped(!!storage.loadSettings().flipped, { persist: false });
  }
  controller.redraw();
  if (saved.error) {
    panels.message(
      t('msg.save-not-restored', { error: saved.error, kept: saved.keptAs }),
      'error',
      0,
    );
  }
  $('loading').hidden = true;
  document.body.classList.add('is-ready');
  performance.mark('first-render');

  attachInput($('board'), view, controller);
  // A game started from the new-game sheet: its opponent and clock, then the game. A friend
  // online is invited first: the game starts on both pages once they are connected (`opts`:
  // the online game's kind and state, from online.js).
  const startGame = async (choices, pending, opts = {}) => {
    if (choices.opponent === 'online' && !opts.online) {
      (await onlinePlay()).invite(choices, pending);
      return;
    }
    computer.restore(choices);
    clocks.prepare(choices.clock, choices.clockLabel);
    controller.start(pending, opts);
    // Against the computer, the player's own pieces at the bottom.
    if (choices.opponent === 'computer') controller.setFlipped(choices.side === 'white');
  };
  // The sheet and the board editor are loaded when first opened (not in the first load).
  let sheet = null;
  const newGameSheet = async () => {
    if (!sheet) {
      const [{ NewGameSheet }, { Editor }] = await Promise.all([import('./new-game.js'), import('./editor.js')]);
      controller.editor ||= new Editor({ controller, panels });
      sheet ||= new NewGameSheet({
        controller,
        storage,
        start: startGame,
        setUp: (choices) => controller.editor.open({ variant: choices.variant, onPlay: (pending) => startGame(choices, pending) }),
      });
      window.draughts.sheet = sheet;
    }
    return sheet;
  };
  wireToolbar(controller, panels, computer, newGameSheet, () => online);
  // PDN export and import (pdn-io.js) are loaded when first opened. The import dialog is opened
  // from the sheet, so the sheet is there when a game is read.
  let pdnIo = null;
  const pdnDialogs = () =>
    (pdnIo ||= import('./pdn-io.js').then((m) =>
      m.setupPdnIo(controller, panels, { opponent: opponentOf, start: (pending) => startGame(sheet.choicesFor(pending.variant), pending) }),
    ));
  $('export-pdn').addEventListener('click', async () => (await pdnDialogs()).exportGame());
  $('import-pdn').addEventListener('click', async () => (await pdnDialogs()).openImport());
  // Links: the module is loaded when Share is first pressed or a link is opened.
  let share = null;
  const links = async () => {
    const module = await import('./share.js');
    share ||= module.setupShare(controller, panels, { storage, computer });
    return module;
  };
  $('share').addEventListener('click', async () => {
    await links();
    share();
  });
  const openLink = async () => {
    if (/^#(invite|reply)=/.test(location.hash)) {
      const text = location.href;
      history.replaceState(null, '', location.href.split('#')[0]);
      return (await onlinePlay()).open(text);
    }
    return location.hash.length > 1 && (await links()).openLink({ controller, panels, computer, storage, openGame });
  };
  addEventListener('hashchange', openLink);
  wireNavigation(controller);
  wireLanguage(controller, panels, computer, storage);
  // The library's dialog is loaded when first opened.
  $('games').addEventListener('click', async () => {
    const { openLibrary } = await import('./library.js');
    // A correspondence game's last link, sent again from its row.
    const shareAgain = async (url) => {
      await links();
      share(url);
    };
    openLibrary({ storage, panels, openGame, controller, shareAgain });
  });
  // Lessons (lessons.js and the study module) are loaded when first opened.
  $('learn').addEventListener('click', async () => (await import('./lessons.js')).openLessons({ controller, panels }));
  $('puzzles').addEventListener('click', async () => (await import('./puzzles.js')).openPuzzles({ controller, panels }));
  registerServiceWorker();
  // An online game the page starts with: its connection is gone (reconnect, or go on by links).
  if (controller.online) onlinePlay();
  const opening = openLink().catch(() => false);
  settings.announce(); // once every module that follows a setting listens
  if (!(await opening) && !storage.id) {
    storage.startNew();
    storage.save();
  }
}

/** Move-list navigation: tap a move, the ⏮ ◀ ▶ ⏭ buttons, ←/→ and Home/End. */
function wireNavigation(controller) {
  const step = (d) => controller.showPly(controller.snap.view + d);
  $('moves').addEventListener('click', (e) => {
    const b = e.target.closest('[data-ply]');
    if (b) controller.showPly(Number(b.dataset.ply), b.dataset.line ?? '');
  });
  $('nav-first').addEventListener('click', () => controller.showPly(0));
  $('nav-prev').addEventListener('click', () => step(-1));
  $('nav-next').addEventListener('click', () => step(1));
  $('nav-last').addEventListener('click', () => controller.showPly(Infinity));
  $('back-to-game').addEventListener('click', () => controller.showPly(Infinity, ''));
  $('promote-line').addEventListener('click', () => controller.promoteLine());
  $('delete-line').addEventListener('click', () => controller.deleteLine());
  $('play-from-here').addEventListener('click', async () => {
    const s = controller.snap;
    const later = s.ply - s.view;
    const ok = await confirmDialog(t('ask.play-from-here', { n: later }), {
      yes: t('button.play-from-here'),
      no: t('button.cancel'),
    });
    if (ok) controller.playFromHere();
  });
  document.addEventListener('keydown', (e) => {
    // The board's own arrow keys move the focus between squares.
    if (e.target.closest('input, textarea, select, dialog, #board') || e.ctrlKey || e.metaKey || e.altKey) return;
    const keys = { ArrowLeft: () => step(-1), ArrowRight: () => step(1), Home: () => controller.showPly(0), End: () => controller.showPly(Infinity) };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  });
}

function wireToolbar(controller, panels, computer, newGameSheet, online) {
  // The game in progress stays in the library: a new game needs no question.
  $('open-new-game').addEventListener('click', async () => (await newGameSheet()).open());
  $('result-new-game').addEventListener('click', async () => {
    $('result').close();
    (await newGameSheet()).open();
  });
  $('result-close').addEventListener('click', () => $('result').close());

  // In an online game Undo, Resign and Offer draw ask or tell the friend's page (online.js).
  const friend = () => (controller.online ? online() : null);
  $('undo').addEventListener('click', () => (friend() ? friend().askTakeback() : controller.undo()));
  $('redo').addEventListener('click', () => controller.redo());
  $('flip').addEventListener('click', () => controller.flip());
  const vsComputer = () => computer.settings.opponent === 'computer';
  $('resign').addEventListener('click', async () => {
    if (friend()) return friend().resign();
    // Against the computer the player resigns, whoever is to move; two players say which side.
    if (!vsComputer()) {
      const who = await askWhoResigns(controller.snap.toMove);
      if (who) controller.resign(who);
      return;
    }
    const who = computer.settings.side === 'white' ? 'black' : 'white';
    if (await confirmDialog(t('ask.resign'), { yes: t('button.resign'), no: t('button.cancel') })) controller.resign(who);
  });
  $('offer-draw').addEventListener('click', async () => {
    if (friend()) return friend().offerDraw();
    if (vsComputer()) {
      if (computer.acceptsDraw()) {
        controller.agreeDraw();
      } else {
        panels.message(t('msg.computer-declines-draw'));
      }
      return;
    }
    const other = controller.snap.toMove === 'white' ? 'black' : 'white';
    if (await confirmDialog(t('ask.accept-draw', { side: sideName(other) }), { yes: t('button.accept-draw'), no: t('button.decline'), to: other })) {
      controller.agreeDraw();
    } else {
      panels.message(t('msg.draw-declined'));
    }
  });

  document.addEventListener('keydown', (e) => {
    if (e.target.closest('input, textarea, select, dialog')) return;
    const mod = e.ctrlKey || e.metaKey;
    if (mod && e.key.toLowerCase() === 'z' && !e.shiftKey) {
      e.preventDefault();
      $('undo').click(); // as the button does (online: asks the friend)
    } else if (mod && (e.key.toLowerCase() === 'y' || (e.shiftKey && e.key.toLowerCase() === 'z'))) {
      e.preventDefault();
      $('redo').click();
    }
  });
}

/**
 * The language picker (select#language): the languages the build lists, the one in use selected.
 * A change is saved and redraws everything in the new language.
 */
function wireLanguage(controller, panels, computer, storage) {
  const select = $('language');
  // Each language under its own name, so the list reads the same in every language.
  for (const l of languages()) select.append(new Option(l.name, l.code, false, l.code === language()));
  select.addEventListener('change', async () => {
    if (await setLanguage(select.value)) storage.saveSettings({ language: select.value });
  });
  // The snapshot holds codes, not words: the same snapshot is drawn again in the new language.
  onLanguage(() => {
    select.value = language();
    panels.showTitle(controller.lesson?.active ? controller.lesson.variant : undefined);
    if (controller.lesson?.active) controller.lesson.relabel();
    computer.showSettings();
    panels.update(controller.snap);
    controller.redraw();
  });
}

function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  // Relative URL: the site works from any sub-path, and the worker's scope is that path.
  navigator.serviceWorker.register('./sw.js').catch(() => {
    /* offline support is a bonus; the game works without it */
  });
}

if (window.wasmBindings) {
  boot(window.wasmBindings);
} else {
  addEventListener('TrunkApplicationStarted', () => boot(window.wasmBindings), { once: true });
}
