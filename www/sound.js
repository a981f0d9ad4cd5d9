// Sound and touch: a move, a capture, a crowning, the end of a game and a clock running low are
// heard (and a move felt), so a player who looks away knows what happened.
//
// - Synthesized with Web Audio (oscillators and filtered noise): no file to download. The
//   AudioContext is made on the first tap or key with sound on, since browsers start audio only
//   after a user gesture (autoplay policy); without Web Audio the page is silent, nothing throws.
// - Silent mode: `navigator.audioSession.type = 'ambient'` (W3C Audio Session,
//   https://w3c.github.io/audio-session/; Safari 16.4+) puts the page in iOS's ambient category,
//   which the Ring/Silent switch silences and which mixes with the player's music instead of
//   stopping it (Apple, AVAudioSession.Category.ambient). Elsewhere the browser decides.
// - `navigator.vibrate` needs a tap on the page first (sticky user activation, MDN), so it is not
//   called before one.
//
// `sound` and `haptics` are the switches: on by default, saved as the settings `sound` (the mute
// button here) and `vibration`, and set by the settings panel's `draughts:settings` event.
// attachFeedback() decides what sounds when. Each sound played is also a `draughts:sound` event
// on document (`detail.name`).

let ctx = null;
let out = null; // master volume
let noise = null; // white noise for the clicks
const AudioCtx = window.AudioContext || window.webkitAudioContext;

/** Names: move, capture (`count` clicks), crown, win, loss, draw, end, low-time. */
export const sound = {
  enabled: true,
  /**
   * Turns sound on or off. Only a tap or key (`gesture`: the mute button's click) may make the
   * AudioContext; a setting applied at load may only wake one already made.
   */
  setEnabled(on, { gesture = false } = {}) {
    this.enabled = !!on;
    if (gesture || ctx) unlock();
  },
  play(name, { count = 1, delay = 0 } = {}) {
    if (!this.enabled || !ctx || !VOICES[name]) return false;
    try {
      if (ctx.state !== 'running') ctx.resume().catch(() => {});
      VOICES[name](ctx.currentTime + 0.01 + delay, Math.min(count, 8));
      document.dispatchEvent(new CustomEvent('draughts:sound', { detail: { name } }));
      return true;
    } catch {
      return false;
    }
  },
};

/** Vibration patterns (ms on, off, on…). */
const BUZZ = { move: 12, capture: [14, 50, 14], end: [40, 80, 60], 'low-time': [25, 60, 25] };

export const haptics = {
  enabled: true,
  available: typeof navigator.vibrate === 'function',
  setEnabled(on) {
    this.enabled = !!on;
  },
  buzz(name) {
    if (!this.enabled || !this.available || navigator.userActivation?.hasBeenActive === false) return false;
    try {
      return navigator.vibrate(BUZZ[name]);
    } catch {
      return false;
    }
  },
};

/** Makes or wakes the AudioContext, from a user gesture (a suspended one stays silent). */
function unlock() {
  if (!AudioCtx || !sound.enabled) return;
  try {
    if (ctx) {
      if (ctx.state !== 'running') ctx.resume().catch(() => {}); // after a hidden tab, a call
      return;
    }
    if (navigator.userActivation?.isActive === false) return;
    ctx = new AudioCtx();
    out = ctx.createGain();
    out.gain.value = 0.6;
    out.connect(ctx.destination);
    noise = ctx.createBuffer(1, 4000, ctx.sampleRate);
    const d = noise.getChannelData(0);
    for (let i = 0; i < d.length; i++) d[i] = Math.random() * 2 - 1;
  } catch {
    ctx = null;
  }
}

/** A gain that rises to `peak` at once and dies away over `length` s. */
function envelope(t, peak, length) {
  const g = ctx.createGain();
  g.gain.setValueAtTime(0.0001, t);
  g.gain.exponentialRampToValueAtTime(peak, t + 0.004);
  g.gain.exponentialRampToValueAtTime(0.0001, t + length);
  g.connect(out);
  return g;
}

function start(node, t, length) {
  node.start(t);
  node.stop(t + length + 0.02);
}

/** A tone of `freq` Hz (gliding to `to`). */
function tone(t, freq, length, peak, type = 'sine', to = freq) {
  const o = ctx.createOscillator();
  o.type = type;
  o.frequency.setValueAtTime(freq, t);
  o.frequency.exponentialRampToValueAtTime(to, t + length);
  o.connect(envelope(t, peak, length));
  start(o, t, length);
}

/** A knock on wood: a burst of noise through a band-pass at `freq` Hz. */
function knock(t, freq, length, peak) {
  const src = ctx.createBufferSource();
  src.buffer = noise;
  const band = ctx.createBiquadFilter();
  band.type = 'bandpass';
  band.frequency.value = freq;
  band.Q.value = 4;
  src.connect(band).connect(envelope(t, peak, length));
  start(src, t, length);
}

const phrase = (t, notes, gap, length, peak, type = 'triangle') => notes.forEach((f, i) => tone(t + i * gap, f, length, peak, type));

const VOICES = {
  // A piece set down: a dull knock with a low body.
  move(t) {
    knock(t, 1400, 0.05, 0.9);
    tone(t, 190, 0.09, 0.35, 'sine', 120);
  },
  // The piece set down, then a sharp click per piece taken, each a little higher.
  capture(t, n) {
    VOICES.move(t);
    for (let i = 0; i < n; i++) {
      knock(t + 0.07 + i * 0.065, 2600 + i * 180, 0.035, 0.8);
      tone(t + 0.07 + i * 0.065, 900 + i * 60, 0.04, 0.08, 'square');
    }
  },
  // A rising chime, C6 E6 G6 C7, over a soft C5.
  crown(t) {
    phrase(t, [1047, 1319, 1568, 2093], 0.07, 0.35, 0.16, 'sine');
    tone(t, 523, 0.5, 0.06, 'triangle');
  },
  // The end: up for a win, down for a loss, level for a draw or a two-player game.
  win: (t) => phrase(t, [523, 659, 784, 1047], 0.11, 0.45, 0.22),
  loss: (t) => phrase(t, [494, 440, 392, 330], 0.16, 0.5, 0.2),
  draw: (t) => phrase(t, [523, 659, 523], 0.14, 0.4, 0.2),
  end: (t) => phrase(t, [392, 523, 784], 0.12, 0.5, 0.2),
  // A clock running low: a high double pip that does not startle.
  'low-time': (t) => phrase(t, [1760, 1760], 0.12, 0.07, 0.16, 'sine'),
};

/**
 * Wires sound and vibration to the game: a move's sound (a capture's clicks, a crowning's chime)
 * for every move played, by a player or the computer; the end's phrase when the game ends (a win
 * or a loss for the player against the computer); a pip on the `draughts:low-time` event
 * (`detail.side`) for a player's clock, not the computer's. Undo, redo, going through the moves
 * and a game loaded, restored or opened from a link stay silent.
 */
export function attachFeedback({ controller, storage }) {
  const saved = storage.loadSettings();
  sound.enabled = saved.sound !== false;
  haptics.enabled = saved.vibration !== false;
  try {
    if (navigator.audioSession) navigator.audioSession.type = 'ambient';
  } catch {
    /* the browser's own behaviour */
  }
  // HTML's activation-triggering events: a mouse's pointerdown, a finger's pointerup, a key.
  for (const type of ['pointerdown', 'pointerup', 'keydown']) document.addEventListener(type, unlock, true);

  const mute = document.getElementById('mute');
  const show = () => mute.setAttribute('aria-pressed', String(!sound.enabled));
  mute.hidden = !AudioCtx;
  show();
  mute.addEventListener('click', () => {
    sound.setEnabled(!sound.enabled, { gesture: true });
    show();
    storage.saveSettings({ sound: sound.enabled });
    sound.play('move'); // what "on" sounds like
  });
  // The settings panel (settings.js) tells every change, and the settings at boot.
  document.addEventListener('draughts:settings', ({ detail: d }) => {
    if (typeof d?.sound === 'boolean') sound.setEnabled(d.sound);
    if (typeof d?.vibration === 'boolean') haptics.setEnabled(d.vibration);
    show();
  });

  let wasOver = true;
  controller.onChange(({ snap, cause, move }) => {
    let delay = 0; // each sound after the one before
    if (move) {
      const n = move.captures.length;
      sound.play(n ? 'capture' : 'move', { count: n });
      haptics.buzz(n ? 'capture' : 'move');
      delay = n ? 0.1 + Math.min(n, 8) * 0.065 : 0.12;
      if (move.promotes) {
        sound.play('crown', { delay });
        delay += 0.3;
      }
    }
    // The game has just ended (by a move, a resignation, a draw agreed, a clock's flag), not
    // been loaded or redone to its end.
    const { state, winner } = snap.status;
    const ended = state !== 'ongoing' && !wasOver && cause !== 'load' && cause !== 'redo';
    wasOver = state !== 'ongoing';
    if (!ended) return;
    const vsComputer = controller.isComputer('white') || controller.isComputer('black');
    sound.play(state === 'draw' ? 'draw' : !vsComputer ? 'end' : controller.isComputer(winner) ? 'loss' : 'win', { delay: delay + 0.1 });
    if (!move) haptics.buzz('end');
  });

  document.addEventListener('draughts:low-time', (e) => {
    if (controller.isComputer(e.detail?.side)) return;
    sound.play('low-time');
    haptics.buzz('low-time');
  });
}
