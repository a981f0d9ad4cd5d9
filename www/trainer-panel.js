// The panel of a trainer (lessons.js, puzzles.js): a section shown in place of the game's
// controls while the trainer holds the board (the controller's `lesson` hook, as the board editor
// does), and the way back to the game as it was. The game, its clock and its save are not touched.
//
//   body.<held>          while the trainer is open (its style hides the game's controls and card)
//   section#<id>.<id>    the trainer's panel, first in .panel

import * as game from './game.js';
import { errorText, say } from './i18n.js';

export class TrainerPanel {
  /**
   * `id`: the section's id and class; `held`: the body's class while open; `style`: the
   * trainer's CSS; `button`: the id of the page's button that opens it (focused again on close).
   */
  constructor({ controller, panels, id, held, style, button }) {
    this.c = controller;
    this.panels = panels;
    this.held = held;
    this.button = button;
    this.active = false;
    const sheet = document.createElement('style');
    sheet.textContent = style;
    document.head.append(sheet);
    this.el = document.createElement('section');
    this.el.id = id;
    this.el.className = id;
    this.el.setAttribute('aria-labelledby', `${id}-title`);
    this.el.hidden = true;
    document.querySelector('.panel').prepend(this.el);
  }

  /** The study module's words for `code` in the page's language (`this.study`: the module). */
  word(code, { k, n, variant } = {}) {
    return say(this.study.say(code, k, n, variant));
  }

  /** Lets go of a piece the player holds on the trainer's board (`this.board`). */
  drop() {
    this.board.drop();
  }

  /** Takes the board from the game (once; again while open does nothing). */
  hold() {
    if (this.active) return;
    this.active = true;
    this.c.clearSelection();
    document.body.classList.add(this.held);
    this.el.hidden = false;
  }

  /** Gives the board back to the game, as it was. */
  release() {
    this.active = false;
    this.el.hidden = true;
    document.body.classList.remove(this.held);
    this.panels.showTitle();
    this.c.view.setFlipped(this.c.flipped);
    this.c.buildBoard(game.board());
    this.c.redraw();
    document.getElementById(this.button).focus();
  }
}

/**
 * Opens a trainer (`name`, exposed as window.draughts[name] for the tests), the one `get()` gives
 * (made on first use, when the study module is loaded), in place of another trainer open; not
 * while the board editor is.
 */
export async function openTrainer({ controller, panels }, name, get) {
  if (controller.editor?.active) return;
  try {
    const trainer = await get();
    if (controller.lesson?.active && controller.lesson !== trainer) controller.lesson.close();
    controller.lesson = trainer;
    window.draughts[name] = trainer; // for tests
    await trainer.open();
  } catch (err) {
    panels.message(errorText(err), 'error');
  }
}
