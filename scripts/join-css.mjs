// Joins the page's style sheets into one file, in the page's order (each may override the ones
// before it): the sources stay one sheet per subject, the page downloads one (a sheet compressed
// alone repeats what its neighbours already taught the compressor: about 3 KB gzipped).
//   node scripts/join-css.mjs DIR     (DIR: Trunk's staging directory, with index.html)
// Trunk writes each sheet as `<link href=./NAME-HASH.css integrity=sha384-… rel=stylesheet>`.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/join-css.mjs DIR');
  process.exit(2);
}
const page = join(dir, 'index.html');
const html = readFileSync(page, 'utf8');
const link = /<link href="?\.\/([\w.-]+\.css)"? integrity="?sha384-[\w+/=]+"? rel="?stylesheet"?>/g;
const sheets = [...html.matchAll(link)];
if (sheets.length < 2) process.exit(0); // nothing to join
const css = sheets.map((m) => readFileSync(join(dir, m[1]), 'utf8')).join('\n');
const name = `sheets-${createHash('sha256').update(css).digest('hex').slice(0, 16)}.css`;
const integrity = `sha384-${createHash('sha384').update(css).digest('base64')}`;
writeFileSync(join(dir, name), css);
for (const m of sheets) rmSync(join(dir, m[1]));
let first = true;
writeFileSync(
  page,
  html.replace(link, () => {
    if (!first) return '';
    first = false;
    return `<link href=./${name} integrity=${integrity} rel=stylesheet>`;
  }),
);
console.log(`${sheets.length} style sheets joined into ${name}`);
