// The computer on several threads: where the page is cross-origin isolated (its host sends COOP
// and COEP, as scripts/serve does), the computer's worker loads the threaded module and starts
// helper workers on its shared memory; elsewhere, or when the threads cannot start, one thread on
// the plain module. The device's core count is set to four here, so the checks do not depend on
// the machine's. No check depends on the machine's speed.
// The other specs' pages are not isolated (a static host's usual headers): computer.spec.mjs
// checks that the computer searches on one thread there and never fetches the threaded module.
import { on } from './devices.mjs';
import { expect, test } from './fixtures.mjs';
import { cores, helperWorkers as helpers, isLegal as legal } from './helpers.mjs';

const START = 'W:W31-50:B1-20';

test.use({ isolated: true });

test.describe('the computer on four threads (a cross-origin isolated page)', on('phone'), () => {
  test('a search, level 6 and a cancelled search use four threads; the helpers end with their worker', async ({ app, page }) => {
    await cores(page, 4);
    await app.open();
    expect(await page.evaluate(() => self.crossOriginIsolated), 'the page is cross-origin isolated').toBe(true);
    const r = await app.analyse(START, 'international', 9);
    expect(r.threads, 'a fixed-depth search on four threads').toBe(4);
    expect(r.helperNodes, 'the helpers searched too').toBeGreaterThan(0);
    expect(r.depth, 'to the depth asked').toBe(9);
    expect(await legal(app, r.move), `${r.move.notation} is legal`).toBe(true);
    expect(helpers(page), "three helper workers beside the computer's").toBe(3);

    await app.noBook();
    await app.newGame({ opponent: 'computer', level: 6 });
    await app.tapMove();
    await page.waitForFunction(() => window.draughts.computer.stats.length > 0, null, { timeout: 60_000 });
    await app.playersTurn();
    const [s] = await app.searches();
    expect([s.level, s.threads], 'level 6 thought on four threads').toEqual([6, 4]);
    expect(s.helperNodes, 'its helpers searched').toBeGreaterThan(0);
    expect((await app.game()).ply, 'and replied').toBe(2);

    // A search cancelled (a new game while it thinks) ends its worker and that worker's helpers:
    // the fresh worker starts three of its own, and no more stay alive.
    await app.tapMove();
    await page.waitForSelector('body.is-thinking');
    await app.newGame();
    expect(await app.bodyHas('is-thinking'), 'thinking stopped by the new game').toBe(false);
    await expect.poll(() => helpers(page), { message: 'the cancelled search\'s helpers ended, the fresh worker\'s run' }).toBe(3);
    const again = await app.analyse(START, 'international', 7);
    expect([again.threads, again.depth], 'the fresh worker searches on four threads').toEqual([4, 7]);
  });

  test('the analysis board searches on four threads', async ({ app, page }) => {
    await cores(page, 4);
    await app.open();
    await app.press('#analysis');
    await expect.poll(() => page.evaluate(() => window.draughts.analyst.depths.length), { timeout: 60_000 }).toBeGreaterThan(7);
    const depths = await page.evaluate(() => window.draughts.analyst.depths);
    expect(depths.map((d) => d.threads), 'every depth on four threads').toEqual(depths.map(() => 4));
    expect(depths.map((d) => d.depth).slice(0, 8), 'one depth after another').toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  test('levels 4 and 5 keep one thread, the strength they were set to', async ({ app, page }) => {
    await cores(page, 4);
    await app.open();
    await app.noBook();
    await app.newGame({ opponent: 'computer', level: 4 });
    await app.tapMove();
    await page.waitForFunction(() => window.draughts.computer.stats.length > 0, null, { timeout: 60_000 });
    const [s] = await app.searches();
    expect([s.level, s.threads, s.helperNodes], 'level 4 on one thread').toEqual([4, 1, 0]);
  });

  test('threads that cannot start: the computer searches on one thread, and says why', async ({ app, page }) => {
    await cores(page, 4);
    // The computer's worker asked for more threads than a pool can have: starting them fails
    // (as when a device refuses the helpers), and the worker falls back on the plain module.
    await page.addInitScript(() => {
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (msg, ...rest) {
        return post.call(this, msg?.type === 'init' && msg.threads ? { ...msg, threads: 100 } : msg, ...rest);
      };
    });
    const warned = [];
    page.on('console', (m) => m.type() === 'warning' && warned.push(m.text()));
    await app.open();
    const r = await app.analyse(START, 'international', 7);
    expect([r.threads, r.helperNodes, r.depth], 'one thread, on the plain module').toEqual([1, 0, 7]);
    expect(await legal(app, r.move), `${r.move.notation} is legal`).toBe(true);
    expect(helpers(page), 'no helper worker').toBe(0);
    expect(warned.join('\n'), 'the console says why').toMatch(/The computer searches on one thread: 99 helper threads: 1 to 63/);
  });

  test('a threaded module that does not load: one thread', async ({ app, page }) => {
    await cores(page, 4);
    // Damaged on the way: it does not compile.
    await page.route(/engine-threads-[0-9a-f]+_bg\.wasm$/, (route) => route.fulfill({ contentType: 'application/wasm', body: 'damaged' }));
    await app.open();
    const r = await app.analyse(START, 'international', 7);
    expect([r.threads, r.depth], 'one thread, on the plain module').toEqual([1, 7]);
    expect(helpers(page), 'no helper worker').toBe(0);
  });
});
