// The "new game" sheet (dialog#new-game, opened by button#open-new-game in the masthead and by
// the result dialog): everything a new game needs in one place — the variant with its two-line
// summary, the opponent (two players, the computer with its level and side, or a friend online,
// who is invited: button#play-online), the clock and the
// start position (the variant's own, one set up on the board, or a FEN). The last choices are
// remembered (the `newGame` setting) and the sheet opens on them.
//
// Nothing here replaces a game: every game started is a new entry of the library, and the game
// in progress stays there. The choices apply to the game the sheet starts, whether it starts at
// once (Start), after the board editor ("Play this position") or from an opened PDN game; a game
// opened from the library or a link keeps its own opponent and clock.

import * as engine from './engine.js';
import * as game from './game.js';
import { errorText, levelName, onLanguage, t, variantSummary, variantTitle } from './i18n.js';
import { DEFAULTS, validOpponent } from './computer.js';

const $ = (id) => document.getElementById(id);

const START_FROM = ['standard', 'setup', 'fen'];

/** Checks remembered choices; anything unreadable falls back to a default. */
export function validChoices(c, fallbackVariant) {
  const o = c && typeof c === 'object' ? c : {};
  const variant = engine.variantInfo(o.variant) ? o.variant : fallbackVariant;
  const clock = typeof o.clock === 'string' && /^(\d+([+B]\d+)?)?$/.test(o.clock) ? o.clock : '';
  const opponent = validOpponent(o);
  return {
    variant,
    ...opponent,
    // A friend online (online.js): invited, then the game starts on both pages.
    opponent: o.opponent === 'online' ? 'online' : opponent.opponent,
    onlineSide: ['white', 'black', 'random'].includes(o.onlineSide) ? o.onlineSide : 'white',
    clock,
    clockLabel: typeof o.clockLabel === 'string' ? o.clockLabel.slice(0, 40) : '',
    start: START_FROM.includes(o.start) ? o.start : 'standard',
    fen: typeof o.fen === 'string' ? o.fen.slice(0, 200) : '',
  };
}

export class NewGameSheet {
  /**
   * `start(choices, pending)`: starts the game `pending` (a game read by game.js) with the
   * choices' opponent and clock. `setUp(choices)`: opens the board editor for the choices'
   * variant, whose "Play" starts the game the same way.
   */
  constructor({ controller, storage, start, setUp }) {
    this.controller = controller;
    this.storage = storage;
    this.startGame = start;
    this.setUp = setUp;
    this.customClock = null; // { control, label } of a custom clock chosen in the dialog
    this.fillVariants();
    this.fillLevels();
    const dialog = $('new-game');
    $('opponent').addEventListener('change', () => this.showFields());
    $('start-from').addEventListener('change', () => this.showFields());
    $('variant').addEventListener('change', () => this.showSummary());
    $('clock').addEventListener('change', () => {
      if ($('clock').value === 'custom') $('clock-dialog').showModal();
      else this.customClock = null;
    });
    $('clock-dialog').addEventListener('close', () => this.readCustomClock());
    $('start-fen').addEventListener('input', () => this.showError(''));
    // Start (Invite, for a friend online) submits the form: Enter in the FEN field starts too.
    $('new-game-form').addEventListener('submit', (e) => {
      e.preventDefault();
      this.submit();
    });
    $('new-game-cancel').addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => this.showError(''));
    onLanguage(() => {
      this.relabelVariants();
      this.fillLevels();
      $('level').value = String(this.shown?.level ?? DEFAULTS.level);
    });
  }

  /** The remembered choices (or the game in progress' variant and the defaults). */
  remembered() {
    return validChoices(this.storage.loadSettings().newGame, this.controller.snap?.variant ?? engine.variants()[0].name);
  }

  /** Opens the sheet on the last choices. */
  open() {
    this.show(this.remembered());
    $('new-game').showModal();
    $('new-game-start').focus();
  }

  /** Fills the sheet with `choices`. */
  show(c) {
    this.shown = c;
    $('variant').value = c.variant;
    $('opponent').value = c.opponent;
    $('level').value = String(c.level);
    $('side').value = c.side;
    $('online-side').value = c.onlineSide;
    this.customClock = null;
    this.showClock(c.clock, c.clockLabel);
    // The start position is chosen each time (a set-up is rarely wanted twice); a FEN typed is kept.
    $('start-from').value = 'standard';
    $('start-fen').value = c.fen;
    this.showFields();
    this.showSummary();
  }

  /** The choices as the sheet shows them. */
  read() {
    const clock = $('clock').value === 'custom' ? '' : $('clock').value;
    const label = this.customClock?.control === clock ? this.customClock.label : $('clock').selectedOptions[0]?.textContent ?? '';
    return validChoices(
      {
        variant: $('variant').value,
        opponent: $('opponent').value,
        level: Number($('level').value),
        side: $('side').value,
        onlineSide: $('online-side').value,
        clock,
        clockLabel: clock ? label : '',
        start: $('start-from').value,
        fen: $('start-fen').value.trim(),
      },
      this.controller.snap.variant,
    );
  }

  /** Start: the game the choices describe (a FEN that does not read keeps the sheet open). */
  submit() {
    const c = this.read();
    let pending = null;
    if (c.start === 'fen') {
      if (!c.fen) {
        this.showError(t('new-game.fen-missing'));
        $('start-fen').focus();
        return;
      }
      try {
        pending = game.fromFen(c.fen, c.variant);
      } catch (e) {
        this.showError(errorText(e));
        $('start-fen').focus();
        return;
      }
    } else if (c.start === 'standard') {
      pending = game.newGame(c.variant);
    }
    this.remember(c);
    $('new-game').close();
    if (pending) this.startGame(c, pending);
    else this.setUp(c);
  }

  remember(c) {
    this.storage.saveSettings({ newGame: c });
  }

  /** The choices for a game opened from the sheet's "Open a PDN game…" (its own variant). */
  choicesFor(variant) {
    const c = { ...this.read(), variant };
    this.remember(c);
    return c;
  }

  showError(text) {
    $('new-game-error').textContent = text;
    $('new-game-error').hidden = !text;
    $('start-fen').toggleAttribute('aria-invalid', !!text && $('start-from').value === 'fen');
  }

  showFields() {
    $('computer-choices').hidden = $('opponent').value !== 'computer';
    // A friend online is invited rather than started with.
    const online = $('opponent').value === 'online';
    $('online-choices').hidden = !online;
    $('new-game-start').hidden = online;
    $('play-online').hidden = !online;
    $('start-fen-row').hidden = $('start-from').value !== 'fen';
  }

  fillVariants() {
    const select = $('variant');
    select.textContent = '';
    for (const v of engine.variants()) select.append(new Option(variantTitle(v), v.name));
  }

  relabelVariants() {
    for (const o of $('variant').options) o.textContent = variantTitle(engine.variantInfo(o.value));
    this.showSummary();
  }

  /** The chosen variant's two lines under the picker. */
  showSummary() {
    const [first = '', second = ''] = variantSummary(engine.variantInfo($('variant').value)).split('\n');
    $('variant-summary-1').textContent = first;
    $('variant-summary-2').textContent = second;
  }

  fillLevels() {
    const sel = $('level');
    sel.textContent = '';
    for (const { level, name } of engine.levels()) sel.append(new Option(`${level} · ${levelName({ level, name })}`, String(level)));
  }

  /** Shows `control` in the clock picker, adding it (named `label`) when it is not a preset. */
  showClock(control, label) {
    const select = $('clock');
    if (![...select.options].some((o) => o.value === control)) {
      select.querySelector('[data-added]')?.remove();
      const o = new Option(label || control, control);
      o.dataset.added = '';
      select.insertBefore(o, select.querySelector('[value="custom"]'));
    }
    select.value = control;
  }

  /** The custom clock's dialog closed: its time control, or the picker as it was. */
  readCustomClock() {
    const d = $('clock-dialog');
    if (d.returnValue !== 'ok') {
      this.showClock(this.customClock?.control ?? this.shown?.clock ?? '', this.customClock?.label ?? this.shown?.clockLabel);
      return;
    }
    d.returnValue = '';
    const minutes = Number($('clock-minutes').value);
    const increment = Math.round(Number($('clock-increment').value));
    const delay = $('clock-kind').value === 'bronstein';
    const control = `${Math.round(minutes * 60)}${delay ? 'B' : '+'}${increment}`;
    const plain = `${minutes}+${increment}`;
    this.customClock = { control, label: delay ? t('clock.delay', { label: plain }) : plain };
    this.showClock(control, this.customClock.label);
  }
}
