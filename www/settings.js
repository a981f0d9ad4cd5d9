// The settings panel (the gear in the masthead): what the board shows (square names on the
// squares or around the board, by field number or algebraically on 8×8 boards; where a piece can
// go), how it looks (board colours and pieces, each with a high-contrast choice), how moves play
// (the slide's speed, turning the board, face to face), sound and vibration, and whether the
// computer plays from its opening book (levels 4–6; computer.js follows `book`), and whether the
// endgame tables are built and used (endgame-tables.js shows what they take and clears them).
//
// A change applies at once and is saved at once (storage.js, `draughts.settings`), only the key
// changed: a choice never made keeps following the device, as the animation follows
// prefers-reduced-motion (off by default there; a choice made wins). Every change, and the boot,
// is told as a `draughts:settings` event on document ({ detail: the settings }) to the modules
// that follow a setting (sound.js: `sound`, `vibration`).
//
// Themes, square names and destinations are attributes on <html> that style.css draws from:
// data-board, data-pieces, data-labels (none, inside, border), data-destinations (on, off).

import { onLanguage, t } from './i18n.js';


/** The settings with choices, each list in the order shown (the default comes first). */
const CHOICES = {
  labels: ['inside', 'border', 'none'],
  notation: ['numbers', 'algebraic'],
  animation: ['normal', 'fast', 'off'],
  board: ['wood', 'green', 'blue', 'contrast'],
  pieces: ['classic', 'flat', 'contrast'],
};

/** The settings that are on or off, with their defaults. */
const SWITCHES = { destinations: true, autoRotate: false, faceToFace: false, sound: true, vibration: true, book: true, tables: true };

/** The control of each setting in the panel (the two older checkboxes keep their ids). */
const IDS = {
  labels: 'setting-labels',
  notation: 'setting-notation',
  animation: 'setting-animation',
  board: 'setting-board',
  pieces: 'setting-pieces',
  destinations: 'setting-destinations',
  autoRotate: 'auto-rotate',
  faceToFace: 'face-to-face',
  sound: 'setting-sound',
  vibration: 'setting-vibration',
  book: 'setting-book',
  tables: 'setting-tables',
};

/** A move's slide, per step of its path. */
const MS_PER_STEP = { normal: 110, fast: 55, off: 0 };

const $ = (id) => document.getElementById(id);
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

/** A setting's value when none was chosen: `notation` null follows the variant's records. */
function defaultOf(key) {
  if (key === 'animation') return reducedMotion.matches ? 'off' : 'normal';
  if (key === 'notation') return null;
  return key in SWITCHES ? SWITCHES[key] : CHOICES[key][0];
}

/** The settings in force: each saved one that is valid (a damaged save is ignored), else the
 * default. */
function read(saved) {
  const v = {};
  for (const key of Object.keys(IDS)) {
    const ok = key in SWITCHES ? typeof saved[key] === 'boolean' : CHOICES[key].includes(saved[key]);
    v[key] = ok ? saved[key] : defaultOf(key);
  }
  return v;
}

/**
 * Restores and applies the saved settings (before the first game is drawn) and wires the panel.
 * Returns `{ values, announce }`: `announce()` tells the settings to the modules that follow
 * them (main.js calls it once all are wired).
 */
/**
 * The servers online play asks for a way through routers (online.js), until the player changes
 * them: contacted only when a player invites a friend or accepts an invitation.
 */
export const DEFAULT_ICE = 'stun:stun.l.google.com:19302';

/**
 * The ICE servers setting (one per line: `stun:host:port`, or `turn:host:port user credential`)
 * as RTCIceServer objects; throws an Error naming the first line that is not a STUN or TURN
 * address.
 */
export function iceServers(text) {
  const out = [];
  for (const line of String(text ?? '').split('\n')) {
    const [url, username, credential] = line.trim().split(/\s+/);
    if (!url) continue;
    if (!/^(stun|stuns|turn|turns):\S+$/i.test(url)) throw new Error(url);
    out.push(username ? { urls: url, username, credential: credential ?? '' } : { urls: url });
  }
  return out;
}

/** The ICE servers as the settings keep them (the default until the player changes them). */
export function iceText(storage) {
  const text = storage.loadSettings().iceServers;
  return typeof text === 'string' ? text : DEFAULT_ICE;
}

export function setupSettings({ controller, view, storage }) {
  const saved = storage.loadSettings();
  const values = read(saved);
  // Keys chosen in the panel (or saved): the others follow their defaults as the device changes.
  const chosen = new Set(Object.keys(IDS).filter((k) => k in saved && values[k] === saved[k]));
  const dialog = $('settings-dialog');

  // The choices' names, again when the language changes (the choice shown is kept).
  const fill = () => {
    for (const [key, list] of Object.entries(CHOICES)) {
      const el = $(IDS[key]);
      const shown = el.value;
      el.replaceChildren(...list.map((c) => new Option(t(`settings.${key}.${c}`), c)));
      if (shown) el.value = shown;
    }
  };
  fill();
  onLanguage(fill);
  // Only where the device can: Web Audio for sound, navigator.vibrate for vibration.
  $('setting-sound-row').hidden = !(window.AudioContext || window.webkitAudioContext);
  $('setting-vibration-row').hidden = typeof navigator.vibrate !== 'function';

  controller.settings.autoRotate = values.autoRotate;
  controller.settings.faceToFace = values.faceToFace;
  document.body.classList.toggle('face-to-face', values.faceToFace);
  apply();

  function apply() {
    const root = document.documentElement.dataset;
    root.labels = values.labels;
    root.board = values.board;
    root.pieces = values.pieces;
    root.destinations = values.destinations ? 'on' : 'off';
    view.setNotation(values.notation);
    view.msPerStep = MS_PER_STEP[values.animation];
  }

  function announce() {
    document.dispatchEvent(new CustomEvent('draughts:settings', { detail: { ...values } }));
  }

  /** The controls show the settings; the choice of names only where the board is 8×8. */
  function show() {
    for (const [key, id] of Object.entries(IDS)) {
      const el = $(id);
      if (el.type === 'checkbox') el.checked = values[key];
      else el.value = values[key] ?? '';
    }
    $('setting-notation').value = view.namesAlgebraic() ? 'algebraic' : 'numbers';
    $('setting-notation-row').hidden = view.size !== 8;
    $('language-row').hidden = !$('language').options.length;
    $('setting-ice').value = iceText(storage);
    showIceError('');
  }

  function showIceError(text) {
    $('setting-ice-error').textContent = text;
    $('setting-ice-error').hidden = !text;
  }
  // Saved when it reads (each line a STUN or TURN address); cleared, none is contacted.
  $('setting-ice').addEventListener('change', () => {
    const text = $('setting-ice').value.trim();
    try {
      iceServers(text);
    } catch (e) {
      showIceError(t('settings.ice-bad', { server: e.message }));
      return;
    }
    showIceError('');
    storage.saveSettings({ iceServers: text });
  });
  $('setting-ice-default').addEventListener('click', () => {
    $('setting-ice').value = DEFAULT_ICE;
    showIceError('');
    storage.saveSettings({ iceServers: DEFAULT_ICE });
  });

  function set(key, value) {
    values[key] = value;
    chosen.add(key);
    storage.saveSettings({ [key]: value });
    if (key === 'autoRotate' || key === 'faceToFace') controller.setSetting(key, value);
    apply();
    announce();
  }

  $('settings').addEventListener('click', () => {
    // Another module may have changed a setting since (the mute button saves `sound`).
    const again = read(storage.loadSettings());
    for (const key of ['sound', 'vibration']) values[key] = again[key];
    show();
    dialog.showModal();
  });
  $('settings-close').addEventListener('click', () => dialog.close());
  dialog.addEventListener('change', (e) => {
    const key = Object.keys(IDS).find((k) => IDS[k] === e.target.id);
    if (key) set(key, e.target.type === 'checkbox' ? e.target.checked : e.target.value);
  });
  reducedMotion.addEventListener('change', () => {
    if (chosen.has('animation')) return;
    values.animation = defaultOf('animation');
    apply();
    announce();
  });
  return { values, announce };
}
