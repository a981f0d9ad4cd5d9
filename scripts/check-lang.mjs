// Checks a language file against English: every key of www/lang/en.js, every message code of the
// engine's catalogue, every variant (a title and a two-line summary) and every level, with the
// same {parameters}. The engine's side comes from the engine itself, `draughts catalogue` (JSON):
//   node scripts/check-lang.mjs --catalogue FILE nl [fr …]     (exit status 1 on a problem)
// where FILE holds that command's output (scripts/test writes it to target/catalogue.json).
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const at = args.indexOf('--catalogue');
if (at < 0 || !args[at + 1]) {
  console.error('usage: node scripts/check-lang.mjs --catalogue FILE LANG…  (FILE: `draughts catalogue` output)');
  process.exit(2);
}
const engine = JSON.parse(readFileSync(args[at + 1], 'utf8'));
const langs = args.filter((_, i) => i !== at && i !== at + 1);
const en = (await import(pathToFileURL(path.join(root, 'www/lang/en.js')))).default;
const codes = new Map(Object.entries(engine.messages));
const variants = engine.variants.map((v) => v.name);
const levels = engine.levels.map((l) => l.level);

/** Parameter names of a template (plural arms included). */
function params(t) {
  const names = new Set();
  for (const m of String(t).matchAll(/\{\s*([\w-]+)\s*[,}]/g)) names.add(m[1]);
  return [...names].filter((n) => !['one', 'few', 'many', 'other', 'two', 'zero'].includes(n)).sort().join(',');
}

let bad = 0;
const problem = (code, text) => {
  bad++;
  console.log(`${code}: ${text}`);
};
for (const code of langs) {
  const lang = (await import(pathToFileURL(path.join(root, `www/lang/${code}.js`)))).default;
  if (!lang.name) problem(code, 'no name');
  for (const [k, v] of Object.entries(en.strings)) {
    if (!(k in (lang.strings ?? {}))) problem(code, `strings: missing "${k}"`);
    else if (params(lang.strings[k]) !== params(v)) problem(code, `strings: "${k}" has {${params(lang.strings[k])}}, English {${params(v)}}`);
  }
  for (const k of Object.keys(lang.strings ?? {})) if (!(k in en.strings)) problem(code, `strings: "${k}" is not an English key`);
  for (const [k, v] of codes) {
    if (!(k in (lang.engine ?? {}))) problem(code, `engine: missing "${k}"`);
    else if (params(lang.engine[k]) !== params(v)) problem(code, `engine: "${k}" has {${params(lang.engine[k])}}, English {${params(v)}}`);
  }
  for (const k of Object.keys(lang.engine ?? {})) if (!codes.has(k)) problem(code, `engine: "${k}" is not an engine code`);
  for (const v of variants) {
    const e = lang.variants?.[v];
    if (!e?.title || !e?.summary || e.summary.split('\n').length !== 2) problem(code, `variants: "${v}" needs a title and a two-line summary`);
  }
  for (const l of levels) if (!lang.levels?.[l]) problem(code, `levels: missing ${l}`);
}
console.log(bad ? `${bad} problems` : 'complete');
process.exit(bad ? 1 : 0);
