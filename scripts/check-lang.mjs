// Checks a language file against English: every key of www/lang/en.js, every engine message code
// of src/message.rs (CATALOGUE), every variant of src/variant.rs and the six level names, with the
// same {parameters}. Usage: node scripts/check-lang.mjs nl [fr …] (exit status 1 on a problem).
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const en = (await import(pathToFileURL(path.join(root, 'www/lang/en.js')))).default;
const rust = readFileSync(path.join(root, 'src/message.rs'), 'utf8');
const catalogue = rust.slice(rust.indexOf('pub const CATALOGUE'), rust.indexOf('];', rust.indexOf('pub const CATALOGUE')));
const codes = new Map();
for (const m of catalogue.matchAll(/\(\s*"([a-z0-9.-]+)",\s*"((?:[^"\\]|\\.)*)",?\s*\)/g)) codes.set(m[1], m[2]);
const variants = [...readFileSync(path.join(root, 'src/variant.rs'), 'utf8').matchAll(/^\s+name: "([a-z]+)",$/gm)].map((m) => m[1]);

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
for (const code of process.argv.slice(2)) {
  const lang = (await import(pathToFileURL(path.join(root, `www/lang/${code}.js`)))).default;
  if (!lang.name) problem(code, 'no name');
  for (const [k, v] of Object.entries(en.strings)) {
    if (!(k in (lang.strings ?? {}))) problem(code, `strings: missing "${k}"`);
    else if (params(lang.strings[k]) !== params(v)) problem(code, `strings: "${k}" has {${params(lang.strings[k])}}, English {${params(v)}}`);
  }
  for (const k of Object.keys(lang.strings ?? {})) if (!(k in en.strings)) problem(code, `strings: "${k}" is not an English key`);
  for (const [k, v] of codes) {
    if (!(k in (lang.engine ?? {}))) problem(code, `engine: missing "${k}"`);
    else if (params(lang.engine[k]) !== params(v.replaceAll('\\"', '"'))) problem(code, `engine: "${k}" has {${params(lang.engine[k])}}, English {${params(v)}}`);
  }
  for (const k of Object.keys(lang.engine ?? {})) if (!codes.has(k)) problem(code, `engine: "${k}" is not an engine code`);
  for (const v of variants) {
    const e = lang.variants?.[v];
    if (!e?.title || !e?.summary || e.summary.split('\n').length !== 2) problem(code, `variants: "${v}" needs a title and a two-line summary`);
  }
  for (const l of [1, 2, 3, 4, 5, 6]) if (!lang.levels?.[l]) problem(code, `levels: missing ${l}`);
}
console.log(bad ? `${bad} problems` : 'complete');
process.exit(bad ? 1 : 0);
