// The opening explorer (button#explorer), loaded when first opened: for the position shown, the
// moves played from it in the PDN collections the player imported into the library, with how
// those games ended, and the moves of the variant's opening book with their share. The index is
// the engine's (ExplorerIndex, in a worker of its own: engine-worker.js), built from the
// library's records when the explorer opens or the variant changes; each position shown is then
// one question to it. A move of the list is tried on the board like a tap (a side line from a
// past position).

import * as db from './library-db.js';
import { onLanguage, t } from './i18n.js';

const $ = (id) => document.getElementById(id);

export class Explorer {
  constructor({ controller, computer }) {
    this.c = controller;
    this.computer = computer;
    this.on = false;
    this.worker = null;
    this.variant = null; // the variant the index was built for
    this.games = 0;
    this.asked = 0; // the last question's id: older answers are dropped
    this.panel = build();
    this.panel.querySelector('tbody').addEventListener('click', (e) => {
      const row = e.target.closest('[data-index]');
      const m = row && this.c.legal[Number(row.dataset.index)];
      if (m && !this.c.inputBlocked()) this.c.play(m);
    });
    controller.onView(() => queueMicrotask(() => this.show()));
    onLanguage(() => this.show());
  }

  /** Opens or closes the explorer. */
  toggle() {
    this.on = !this.on;
    $('explorer').setAttribute('aria-pressed', String(this.on));
    this.panel.hidden = !this.on;
    if (this.on) this.open();
    else this.close();
  }

  /** Builds the index for the variant shown, from the library's imported games and the book. */
  async open() {
    const variant = this.c.snap.variant;
    this.variant = variant;
    this.note(t('explorer.loading'));
    const token = (this.token = {});
    const [records, book] = await Promise.all([importedRecords(variant), this.computer.bookBytes(variant)]);
    const w = await this.computer.spareWorker();
    if (this.token !== token || !this.on || !w) {
      w?.terminate();
      return;
    }
    this.worker?.terminate();
    this.worker = w;
    w.onmessage = (e) => this.token === token && this.receive(e.data);
    w.postMessage({ type: 'explorer', variant, records, book: book ?? undefined });
  }

  close() {
    this.token = null;
    this.worker?.terminate();
    this.worker = null;
    this.variant = null;
  }

  receive(msg) {
    if (msg.type === 'explorer-ready') {
      this.games = msg.games;
      this.show();
    } else if (msg.type === 'explored' && msg.id === this.asked) {
      this.draw(msg.moves);
    } else if (msg.type === 'error') {
      this.note(msg.message);
    }
  }

  /** Asks the index for the moves of the position shown (rebuilt first for another variant). */
  show() {
    if (!this.on || !this.c.snap) return;
    if (this.c.snap.variant !== this.variant) {
      this.open();
      return;
    }
    if (!this.worker) return;
    this.worker.postMessage({ type: 'explore', id: ++this.asked, fen: this.c.snap.fen });
  }

  note(text) {
    this.panel.querySelector('.explorer-note').textContent = text;
  }

  /** The list: each move with its games, White's wins, draws and Black's wins, and its book share. */
  draw(moves) {
    const body = this.panel.querySelector('tbody');
    body.textContent = '';
    // Without imported games the book speaks alone, and the note says where games come from.
    const source = t('explorer.games', { n: this.games });
    this.note(!this.games ? t('explorer.none') : moves.length ? source : `${source}. ${t('explorer.empty')}`);
    for (const m of moves) {
      const tr = document.createElement('tr');
      tr.dataset.index = m.index;
      const pct = (n) => (m.games ? Math.round((100 * n) / m.games) : 0);
      const decided = m.white + m.draws + m.black;
      const bar = document.createElement('span');
      bar.className = 'explorer-bar';
      for (const [cls, n] of [['white', m.white], ['draws', m.draws], ['black', m.black]]) {
        const part = document.createElement('span');
        part.className = cls;
        part.style.flexGrow = n;
        part.textContent = decided && n ? `${pct(n)}%` : '';
        bar.append(part);
      }
      const cells = [m.notation, m.games || '', m.games ? bar : '', m.book ? `${m.book}%` : ''];
      cells.forEach((c, i) => {
        const td = document.createElement(i ? 'td' : 'th');
        if (i === 0) {
          td.scope = 'row';
          const b = document.createElement('button');
          b.type = 'button';
          b.textContent = c;
          td.append(b);
        } else td.append(c);
        tr.append(td);
      });
      tr.setAttribute(
        'aria-label',
        t('explorer.row', { move: m.notation, n: m.games, white: pct(m.white), draws: pct(m.draws), black: pct(m.black), book: m.book }),
      );
      body.append(tr);
    }
  }
}

/** The panel, after the study tools: a note (where the moves come from) and the table. */
function build() {
  const section = document.createElement('section');
  section.id = 'explorer-panel';
  section.className = 'explorer-panel';
  section.hidden = true;
  section.setAttribute('aria-label', t('explorer.title'));
  section.dataset.i18nAriaLabel = 'explorer.title';
  const head = ['explorer.move', 'explorer.count', 'explorer.results', 'explorer.book'].map((k) => `<th scope="col" data-i18n="${k}">${t(k)}</th>`).join('');
  section.innerHTML = `<p class="explorer-note" role="status"></p><table class="explorer-table"><thead><tr>${head}</tr></thead><tbody></tbody></table>`;
  $('study-tools').after(section);
  return section;
}

/** The PDN texts of the library's imported games of `variant`. */
async function importedRecords(variant) {
  try {
    const ids = (await db.list()).filter((g) => g.kind === 'imported' && g.variant === variant).map((g) => g.id);
    return (await db.records(ids)).map((r) => r?.text).filter(Boolean);
  } catch {
    return []; // no library here (IndexedDB unavailable): the book alone
  }
}
