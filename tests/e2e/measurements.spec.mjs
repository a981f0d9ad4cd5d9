// Sizes and timings, printed in the "Measured:" table at the end of the run. This spec runs in
// its own project (`measurements`), after the viewport projects, one test at a time, so that the
// figures come from a machine that is not running other tests. Run it alone with
// `npx playwright test -c tests/e2e --project=measurements --no-deps`.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DESKTOP, PHONE, ROOT } from './devices.mjs';
import { expect, test } from './fixtures.mjs';
import { flipTwice, measured, traceThreads, watchMainThread } from './helpers.mjs';

/**
 * The search measured for nodes per second in wasm (in the page's worker) and natively (the CLI's
 * Hub engine, built with `cargo build --release`): International start position, fixed depth
 * (15: 1.8 million nodes, three times depth 13's, so that one run is less at the mercy of a
 * passing load; the ratio still moved between 1.25× and 1.38× over six runs on 8 December),
 * 16 MB table, both timed without the table's allocation. Equal node counts show it is the same
 * search. Set NATIVE_COMPARE=0 to skip the native build and run.
 */
const NPS_FEN = 'W:W31-50:B1-20';
const NPS_DEPTH = 15;

test.describe.configure({ mode: 'serial' });

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

for (const [kind, device] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
]) {
  test.describe(kind, () => {
    test.use(device);

    test(`${kind}: first render, transfer size, tap → destinations and tap → move drawn`, async ({ app, page, traffic, site }) => {
      await app.open();
      const first = await page.evaluate(() => performance.getEntriesByName('first-render')[0]?.startTime);
      expect(first, 'the page marks its first render').toBeGreaterThan(0);
      measured(kind, 'first render after navigation', `${first.toFixed(0)} ms`);
      // Let the service worker finish its precache: those requests are part of the first visit.
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.waitForTimeout(300);
      if (kind === 'desktop') sizes(site, traffic.requests);

      // Taps once to warm up, then from a new game measures three moves.
      const moves = [
        [32, 28],
        [19, 23],
        [28, 19],
      ];
      await app.play(moves);
      await app.newGame();
      await app.count('black', 20);
      await page.evaluate(() => performance.clearMeasures());
      for (const [from, to] of moves) {
        await app.press(app.sq(from));
        await page.waitForSelector(`${app.sel(to)}.is-dest`);
        await app.press(app.sq(to));
        await page.waitForFunction((n) => document.querySelector(`#board [data-square="${n}"] .piece`), to);
      }
      const m = await page.evaluate(() =>
        Object.fromEntries(
          ['tap-to-destinations', 'apply-and-redraw', 'tap-to-move-drawn'].map((n) => {
            const d = performance.getEntriesByName(n).map((e) => e.duration);
            return [n, d.length ? Math.max(...d) : NaN];
          }),
        ),
      );
      measured(kind, 'tap → destinations drawn (max of 3)', `${m['tap-to-destinations'].toFixed(1)} ms`);
      measured(kind, 'move applied + redrawn (max of 3)', `${m['apply-and-redraw'].toFixed(1)} ms`);
      measured(kind, 'tap → move drawn incl. slide (max of 3)', `${m['tap-to-move-drawn'].toFixed(1)} ms`);
    });
  });
}

test.describe('phone, against the computer', () => {
  test.use(PHONE);

  test('level 6 thinks in the worker: no long task on the main thread', async ({ app, page }) => {
    await app.open();
    await app.noBook(); // level 6 must search here, not answer from its opening book
    await app.newGame({ opponent: 'computer', level: 6 }); // the computer plays Black
    expect((await app.game()).ply, 'a new International game').toBe(0);
    await watchMainThread(page);
    const traced = await traceThreads(page, 'think-start', 'think-end');
    await app.press(app.sq(32));
    await app.press(app.sq(28));
    await page.waitForSelector('body.is-thinking');
    await page.evaluate(() => (window.__frames.on = true));
    // The flips are a task of their own, as a tap's would be (the think lasts a second or more).
    const flip = await page.evaluate((src) => {
      performance.mark('flips');
      const t0 = performance.now();
      const ms = new Function(`return (${src})`)()();
      return { t0, t1: performance.now(), ms };
    }, flipTwice.toString());
    const flipMs = flip.ms;
    expect(flipMs, 'flip works while the computer thinks').toBeGreaterThanOrEqual(0);
    await page.waitForFunction(() => !document.body.classList.contains('is-thinking'), null, { timeout: 60_000 });
    await page.evaluate(() => (window.__frames.on = false));
    await app.playersTurn();
    expect((await app.game()).ply, 'the computer replied').toBe(2);
    const threads = await traced();
    const m = await page.evaluate(() => {
      const [think] = performance.getEntriesByName('think').slice(-1);
      const during = window.__longTasks.filter((t) => t.start < think.startTime + think.duration && t.start + t.duration > think.startTime);
      return { think: think.duration, during, frames: window.__frames };
    });
    const stats = (await app.searches()).at(-1);
    const longest = m.during.reduce((a, t) => Math.max(a, t.duration), 0);
    const isFlip = (t) => t.start <= flip.t1 && t.start + t.duration >= flip.t0;
    measured('computer', `level 6 think (International, after 32-28): depth ${stats.depth}, ${stats.nodes} nodes`, `${m.think.toFixed(0)} ms`);
    const flipTask = m.during.some(isFlip) ? ' (one is the test’s two flips)' : '';
    measured('computer', 'long tasks (> 50 ms wall time) on the main thread during that think', m.during.length ? `${m.during.length}, longest ${longest.toFixed(0)} ms${flipTask}` : 'none');
    measured('computer', `longest gap between frames during that think (${m.frames.count} frames)`, `${m.frames.max.toFixed(0)} ms`);
    measured('computer', 'two flips of the board during that think (handlers and layout)', `${flipMs.toFixed(1)} ms`);
    // What is asserted is CPU time, which says on which thread the work was done however busy
    // the machine: a task that waits for a core on a loaded machine can last 100 ms of wall time
    // for 5 ms of work, and would make a wall-time test fail for nothing. The test's own flips
    // (two forced layouts in one task) are reported but are not the search's doing.
    // The main thread is held to each task's CPU time at most, the worker credited at least.
    const ms = (us) => us / 1000;
    const cpu = (tasks) => ms(tasks.reduce((a, t) => a + t.cpu, 0));
    const others = threads.main.filter((t) => !t.marks.includes('flips'));
    const busiest = others.reduce((a, t) => (t.cpuAtMost > a.cpuAtMost ? t : a), { cpuAtMost: 0, wall: 0, marks: [] });
    measured('computer', 'CPU time during that think: main thread (all tasks, longest) / worker', `${cpu(threads.main).toFixed(0)} ms (${threads.main.length}, ${ms(busiest.cpuAtMost).toFixed(1)} ms) / ${cpu(threads.worker).toFixed(0)} ms`);
    expect(ms(busiest.cpuAtMost), `no main-thread task but the flips costs 50 ms of CPU during the think (longest: ${JSON.stringify(busiest)})`).toBeLessThan(50);
    // And the work was the worker's: level 6 in the page searches for up to 3 s, which costs the
    // worker a second or two of CPU on a quiet machine and still over 100 ms on one whose cores
    // are taken by other work (the think's wall-clock limit shortens it there).
    expect(cpu(threads.worker), 'the search ran in the worker: 100 ms of its CPU time or more').toBeGreaterThan(100);
  });

  test(`search speed in wasm and natively (International start, depth ${NPS_DEPTH})`, async ({ app }) => {
    // The native side may need `cargo build --release` first.
    test.setTimeout(900_000);
    await app.open();
    // Best of three runs each, alternating, so that both see the machine in the same state.
    let wasm = null;
    let native = null;
    let nativeError = '';
    for (let i = 0; i < 3; i++) {
      const r = await app.analyse(NPS_FEN, 'international', NPS_DEPTH);
      expect(r.depth, `analyse reaches depth ${NPS_DEPTH}`).toBe(NPS_DEPTH);
      expect(r.nodes, 'analyse counts nodes').toBeGreaterThan(0);
      if (!wasm || r.nps > wasm.nps) wasm = r;
      if (process.env.NATIVE_COMPARE === '0' || nativeError) continue;
      try {
        const n = await nativeSearch(NPS_DEPTH);
        if (!native || n.nps > native.nps) native = n;
      } catch (e) {
        nativeError = e.message.split('\n')[0];
      }
    }
    const mnps = (x) => `${(x.nps / 1e6).toFixed(2)} M nodes/s`;
    measured('computer', `wasm search, International start, depth ${NPS_DEPTH}: ${wasm.nodes} nodes in ${wasm.ms.toFixed(0)} ms`, mnps(wasm));
    if (native) {
      measured('computer', `native search (CLI hub), same: ${native.nodes} nodes in ${native.ms.toFixed(0)} ms`, mnps(native));
      const same = native.nodes === wasm.nodes ? 'same search' : `node counts differ: ${native.nodes} v ${wasm.nodes}`;
      measured('computer', `native / wasm speed (issue 36: ≤ 1.3×; ${same})`, `${(native.nps / wasm.nps).toFixed(2)}×`);
    } else {
      measured('computer', 'native search for comparison', nativeError || 'skipped (NATIVE_COMPARE=0)');
    }
  });
});

/** Gzipped sizes: the wasm, what the first visit loads (`requests`), and all of dist/. */
function sizes(site, requests) {
  const files = [];
  const walk = (d) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else files.push(p);
    }
  };
  if (existsSync(site.dist)) walk(site.dist);
  const rel = (p) => relative(site.dist, p).split('\\').join('/');
  const loaded = new Set(
    requests.map((u) => {
      const path = new URL(u).pathname.slice(site.prefix.length);
      return path === '' ? 'index.html' : path;
    }),
  );
  let all = 0;
  let firstVisit = 0;
  let pageWasm = 0;
  let engineWasm = 0;
  let threadedWasm = 0;
  let builderWasm = 0;
  let studyWasm = 0;
  let onlineWasm = 0;
  for (const f of files) {
    const size = gz(f);
    all += size;
    if (loaded.has(rel(f))) firstVisit += size;
    if (f.endsWith('.wasm')) {
      if (/engine-[0-9a-f]+_bg\.wasm$/.test(f)) engineWasm += size;
      else if (/engine-threads-[0-9a-f]+_bg\.wasm$/.test(f)) threadedWasm += size;
      else if (/egdb-builder-[0-9a-f]+_bg\.wasm$/.test(f)) builderWasm += size;
      else if (/study-[0-9a-f]+_bg\.wasm$/.test(f)) studyWasm += size;
      else if (/online-[0-9a-f]+_bg\.wasm$/.test(f)) onlineWasm += size;
      else pageWasm += size;
    }
  }
  measured('size', "the page's wasm, gzipped (target ≤ 100 KB)", kb(pageWasm));
  measured('size', "the computer's wasm, gzipped (loaded when first needed)", kb(engineWasm));
  measured('size', "the computer's threaded wasm, gzipped (instead, in a cross-origin isolated page)", kb(threadedWasm));
  measured('size', "the endgame tables' builder's wasm, gzipped (loaded when tables are first built)", kb(builderWasm));
  measured('size', "the study module's wasm, gzipped (loaded when the lessons are first opened)", kb(studyWasm));
  measured('size', "online play's wasm, gzipped (loaded when a friend is first invited)", kb(onlineWasm));
  measured('size', `page load, gzipped (${loaded.size} files the page requests; target ≤ 150 KB)`, kb(firstVisit));
  measured('size', `all of dist/, gzipped (${files.length} files)`, kb(all));
}

/**
 * The same fixed-depth search natively, through the CLI's Hub protocol engine (release build):
 * `{ nodes, ms, nps }` from its last `info` line.
 */
async function nativeSearch(depth) {
  execFileSync('cargo', ['build', '--release', '--quiet', '--bin', 'draughts'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  const target = process.env.CARGO_TARGET_DIR ? resolve(ROOT, process.env.CARGO_TARGET_DIR) : join(ROOT, 'target');
  const hub = spawn(join(target, 'release/draughts'), ['hub'], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  const done = new Promise((ok, fail) => {
    const timer = setTimeout(() => {
      hub.kill();
      fail(new Error('the native search took over 60 s'));
    }, 60000);
    hub.stdout.on('data', (d) => {
      out += d;
      if (/^done /m.test(out)) {
        clearTimeout(timer);
        hub.stdin.end('quit\n');
        ok();
      }
    });
    hub.on('error', fail);
  });
  hub.stdin.write(`hub\nset-param name=tt-size value=16\nset-param name=book value=false\ninit\nlevel depth=${depth}\ngo think\n`);
  await done;
  const infos = [...out.matchAll(/^info depth=(\d+) .*?nodes=(\d+) time=([\d.]+)/gm)];
  const last = infos.at(-1);
  if (!last || Number(last[1]) !== depth) throw new Error(`no depth-${depth} info from the hub: ${out.slice(-200)}`);
  const nodes = Number(last[2]);
  const ms = Number(last[3]) * 1000;
  return { nodes, ms, nps: (nodes * 1000) / ms };
}
