// The page in each language, chosen from the browser's language (Playwright's `locale` sets
// navigator.language) or from the picker: no English left in the main controls, the engine's
// messages (a bad FEN, a result) translated from their codes, the choice kept over a reload.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { on, ROOT } from './devices.mjs';
import { expect, test } from './fixtures.mjs';

/** English words of the page, by key. */
const english = (await import(pathToFileURL(join(ROOT, 'www/lang/en.js')))).default.strings;
/** The languages of the issue (each must also pass scripts/check-lang.mjs). */
const LANGUAGES = ['nl', 'fr', 'ru', 'pt', 'it', 'es', 'tr'];

/** Main controls whose words must not be English: selector → the key of their English words. */
const CONTROLS = {
  '#open-new-game .new-game-label': 'new-game',
  '#new-game-title': 'new-game.title',
  '#new-game-start': 'new-game.start',
  '#start-from option[value="standard"]': 'new-game.standard',
  '#hint': 'hint',
  '#undo': 'undo',
  '#redo': 'redo',
  '#resign': 'resign',
  '#offer-draw': 'offer-draw',
  '#share': 'share',
  '#moves-title': 'moves-title',
  '#analysis': 'analysis',
  '#review': 'review',
  '#board-help': 'board-help',
  '.card-white .who': 'white',
  '.card-black .who': 'black',
  '#opponent option[value="human"]': 'two-players',
  '#opponent option[value="computer"]': 'vs-computer',
  '#clock option[value=""]': 'clock.none',
};

for (const code of LANGUAGES) {
  test.describe(`language ${code}`, on('phone'), () => {
    test.use({ locale: code === 'pt' ? 'pt-BR' : code });

    test('the page speaks it from the browser\'s language, engine messages too', async ({ app, page }) => {
      await app.open();
      expect(await page.getAttribute('html', 'lang'), 'html lang').toBe(code);
      expect(await page.inputValue('#language'), 'the picker shows it').toBe(code);
      for (const [sel, key] of Object.entries(CONTROLS)) {
        const text = (await page.locator(sel).first().textContent()).trim();
        expect(text, `${sel} is translated`).not.toBe('');
        expect(text, `${sel} is not English`).not.toBe(english[key]);
      }
      const turn = await app.text('#turn');
      expect(turn, 'whose turn, translated').not.toMatch(/to move/);
      expect(await app.text('#status'), 'the status line, translated').not.toMatch(/^Move \d/);
      // The variant's name and its picker come from the language file.
      await expect(page.locator('#game-title'), 'the variant named in the language').not.toHaveText('International');
      await app.openNewGame();
      const variantName = await page.locator('#variant option[value="international"]').textContent();
      expect(variantName, 'variant name translated').not.toBe('');
      expect(variantName, 'variant name not English').not.toBe('International');
      await app.press('#new-game-cancel');
      // An engine error, from its code and parameters: a FEN that does not read.
      await app.openImport();
      await page.fill('#import-text', 'W:W31-50:BX99');
      await app.press('#import-load');
      const error = await app.text('#import-error');
      expect(error, 'the FEN error is shown').not.toBe('');
      expect(error, 'not in English').not.toMatch(/Cannot read the FEN|is not a square/);
      expect(error, 'the bad text is quoted as it was').toContain('X99');
      await app.press('#import-close');
      // A result in words: White resigns (two players: the dialog asks which side).
      await app.press('#resign');
      await app.press('#confirm-yes');
      await expect(page.locator('#result')).toBeVisible();
      const title = await app.text('#result-title');
      expect(title, 'the result title is translated').not.toMatch(/wins|Game over/);
      expect(await app.text('#result-reason'), 'the reason too').not.toMatch(/resigned/);
    });
  });
}

/** Chooses a language in the settings panel, then closes it. */
async function choose(app, page, code) {
  await app.press('#settings');
  await page.selectOption('#language', code);
  await expect(page.locator('html')).toHaveAttribute('lang', code);
  await app.press('#settings-close');
}

test.describe('language picker', on('desktop'), () => {
  test('switching redraws the page, the choice survives a reload, English comes back', async ({ app, page }) => {
    await app.open();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await app.text('#open-new-game')).toBe(english['new-game']);
    const offered = await page.$$eval('#language option', (os) => os.map((o) => o.value));
    expect(offered, 'every language file is offered').toEqual(expect.arrayContaining(['en', ...LANGUAGES]));
    await choose(app, page, 'nl');
    const dutch = await app.text('#open-new-game');
    expect(dutch).not.toBe(english['new-game']);
    expect(await app.text('#turn')).not.toMatch(/to move/);
    await app.reload();
    expect(await page.getAttribute('html', 'lang'), 'kept over a reload').toBe('nl');
    expect(await app.text('#open-new-game')).toBe(dutch);
    await choose(app, page, 'en');
    expect(await app.text('#open-new-game')).toBe(english['new-game']);
    expect(await app.text('#turn')).toBe('White to move');
  });

  test('the engine sends codes and parameters, not only words', async ({ app, page }) => {
    await app.open();
    const e = await page.evaluate(() => {
      try {
        window.draughts.engine.fromFen('W:W31-50:BX99', 'international');
      } catch (err) {
        return { message: err.message, draughts: err.draughts };
      }
      return null;
    });
    expect(e.draughts.code).toBe('record.fen');
    expect(e.draughts.params.cause.code).toBe('fen.bad-square');
    expect(e.draughts.params.cause.params).toEqual({ field: 3, text: 'X99' });
    expect(e.message).toBe(e.draughts.text);
  });
});
