// Boots the page once Trunk's loader has instantiated the wasm module, then wires the toolbar.

import * as engine from './engine.js';
import { BoardView } from './board-view.js';
import { Controller } from './controller.js';
import { Panels } from './panels.js';
import { Storage } from './storage.js';
import { Computer } from './computer.js';
import { attachInput } from './input.js';
import { askWhoResigns, confirmDialog, setupPdnIo } from './pdn-io.js';

const $ = (id) => document.getElementById(id);

function boot(bindings) {
  if (window.draughts) return; // already booted
  engine.setBindings(bindings);
  const panels = new Panels();
  panels.fillVariants();
  const storage = new Storage({ onError: (m) => panels.message(m, 'error') });
  const view = new BoardView($('board'));
  const controller = new Controller({ view, panels, storage });
  const computer = new Computer({ controller, panels, storage });
  window.draughts = { controller, engine, computer }; // for tests

  const settings = storage.loadSettings();
  controller.settings.autoRotate = !!settings.autoRotate;
  controller.settings.faceToFace = !!settings.faceToFace;
  $('auto-rotate').checked = controller.settings.autoRotate;
  $('face-to-face').checked = controller.settings.faceToFace;
  document.body.classList.toggle('face-to-face', controller.settings.faceToFace);

  const saved = storage.load();
  // Before the game is loaded: if the computer is to move in the restored game, it starts thinking.
  computer.restore(saved.opponent);
  if (saved.game) {
    controller.load(saved.game, { save: false });
    controller.setFlipped(!!saved.flipped, { persist: false });
  } else {
    controller.load(engine.newGame(engine.variants()[0].name));
    controller.setFlipped(!!settings.flipped, { persist: false });
  }
  controller.redraw();
  $('flip').setAttribute('aria-pressed', String(controller.flipped));
  if (saved.error) {
    panels.message(
      `Your saved game could not be restored (${saved.error}). It was set aside as “${saved.keptAs}” and a new game was started.`,
      'error',
      0,
    );
  }
  $('loading').hidden = true;
  document.body.classList.add('is-ready');
  performance.mark('first-render');

  attachInput($('board'), view, controller);
  wireToolbar(controller, panels, computer);
  setupPdnIo(controller, panels, () => (computer.settings.opponent === 'computer' ? computer.settings : null));
  registerServiceWorker();
}

function wireToolbar(controller, panels, computer) {
  const inProgress = () => controller.game.ply() > 0 && controller.isOngoing();

  const startNew = async (variant) => {
    if (inProgress() && !(await confirmDialog('Abandon this game and start a new one?', { yes: 'New game', no: 'Keep playing' }))) {
      panels.setVariant(controller.game.variant());
      return;
    }
    controller.newGame(variant);
  };
  $('new-game').addEventListener('click', () => startNew($('variant').value));
  $('result-new-game').addEventListener('click', () => {
    $('result').close();
    controller.newGame($('variant').value);
  });
  $('result-close').addEventListener('click', () => $('result').close());
  $('variant').addEventListener('change', (e) => startNew(e.target.value));

  $('undo').addEventListener('click', () => controller.undo());
  $('redo').addEventListener('click', () => controller.redo());
  $('flip').addEventListener('click', () => {
    controller.flip();
    $('flip').setAttribute('aria-pressed', String(controller.flipped));
  });
  const vsComputer = () => computer.settings.opponent === 'computer';
  $('resign').addEventListener('click', async () => {
    // Against the computer the player resigns, whoever is to move; two players say which side.
    if (!vsComputer()) {
      const who = await askWhoResigns(controller.game.turn());
      if (who) controller.resign(who);
      return;
    }
    const who = computer.settings.side === 'white' ? 'black' : 'white';
    if (await confirmDialog('Resign this game?', { yes: 'Resign', no: 'Cancel' })) controller.resign(who);
  });
  $('offer-draw').addEventListener('click', async () => {
    if (vsComputer()) {
      if (computer.acceptsDraw()) {
        controller.agreeDraw();
      } else {
        panels.message('The computer declines the draw.');
      }
      return;
    }
    const other = controller.game.turn() === 'white' ? 'black' : 'white';
    if (await confirmDialog(`${engine.SIDE_NAMES[other]}, do you accept a draw?`, { yes: 'Accept draw', no: 'Decline', to: other })) {
      controller.agreeDraw();
    } else {
      panels.message('Draw declined.');
    }
  });
  $('auto-rotate').addEventListener('change', (e) => controller.setSetting('autoRotate', e.target.checked));
  $('face-to-face').addEventListener('change', (e) => controller.setSetting('faceToFace', e.target.checked));

  document.addEventListener('keydown', (e) => {
    if (e.target.closest('input, textarea, select, dialog')) return;
    const mod = e.ctrlKey || e.metaKey;
    if (mod && e.key.toLowerCase() === 'z' && !e.shiftKey) {
      e.preventDefault();
      controller.undo();
    } else if (mod && (e.key.toLowerCase() === 'y' || (e.shiftKey && e.key.toLowerCase() === 'z'))) {
      e.preventDefault();
      controller.redo();
    }
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
