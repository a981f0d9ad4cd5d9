// Prints the figures the tests measured (helpers.mjs' `measured()`: sizes, timings, game lengths)
// as one table after the run, before the list reporter's summary line.

export default class FiguresReporter {
  constructor() {
    this.rows = [];
  }

  printsToStdio() {
    return true;
  }

  onTestEnd(test, result) {
    const notes = result.annotations?.length ? result.annotations : test.annotations;
    for (const a of notes) {
      if (a.type !== 'measured') continue;
      const [kind, what, value] = JSON.parse(a.description);
      this.rows.push([kind, what, value, test.parent.project()?.name ?? '']);
    }
  }

  onEnd() {
    if (!this.rows.length) return;
    const order = ['size', 'desktop', 'phone', 'computer', 'variants'];
    const rank = (k) => (order.includes(k) ? order.indexOf(k) : order.length);
    this.rows.sort((a, b) => rank(a[0]) - rank(b[0]));
    console.log('\nMeasured:');
    for (const [kind, what, value] of this.rows) console.log(`  ${kind.padEnd(8)} ${what.padEnd(74)} ${value}`);
  }
}
