// The page in the player's language. Each language is one file in www/lang/ (see lang/en.js):
// the page's words by key, and the rules engine's messages by code. The engine never sends words
// to be matched: it sends `{ code, params, text }` (src/message.rs), translated here, with its
// English `text` as the fallback. The build lists the language files in the page
// (<link rel="x-draughts-lang" hreflang="nl" title="Nederlands" href="…">), so adding a language
// is adding its file.
//
// Templates: `{name}`, and `{n, plural, one {# piece} other {# pieces}}` (ICU MessageFormat's
// plural, with the language's own categories from Intl.PluralRules; `#` is the number).

import english from './lang/en.js';

let lang = english;
let code = 'en';
let plurals = new Intl.PluralRules('en');
const listeners = new Set();

/** The languages the page offers: `[{ code, name, href }]`, English first. */
export function languages() {
  const found = [...document.querySelectorAll('link[rel="x-draughts-lang"]')].map((l) => ({
    code: l.hreflang,
    name: l.title,
    href: l.href,
  }));
  return [{ code: 'en', name: english.name, href: null }, ...found.filter((l) => l.code !== 'en')];
}

/** The language code in use. */
export function language() {
  return code;
}

/** The offered language that best matches the browser's list (`navigator.languages`). */
export function preferredLanguage(wanted = navigator.languages ?? [navigator.language]) {
  const offered = languages().map((l) => l.code);
  for (const w of wanted) {
    const tag = String(w).toLowerCase();
    const hit = offered.find((c) => c === tag) ?? offered.find((c) => c === tag.split('-')[0]);
    if (hit) return hit;
  }
  return 'en';
}

/** Loads and applies a language (an unknown code or a failed load keeps the current one). */
export async function setLanguage(wanted) {
  const entry = languages().find((l) => l.code === wanted);
  if (!entry) return false;
  try {
    lang = entry.href ? (await import(entry.href)).default : english;
  } catch {
    return false;
  }
  code = entry.code;
  plurals = new Intl.PluralRules(code);
  document.documentElement.lang = code;
  translatePage();
  for (const fn of listeners) fn(code);
  return true;
}

/** Calls `fn(code)` after each change of language. */
export function onLanguage(fn) {
  listeners.add(fn);
}

/** The page's words for `key` with `params`, in the current language (English if missing). */
export function t(key, params = {}) {
  const template = lang.strings?.[key] ?? english.strings[key];
  if (template === undefined) return key;
  return format(template, params);
}

/** A side's name: "White", "Black". */
export function sideName(side) {
  return t(`side.${side}`);
}

/** A variant's name in the current language, else the engine's (English) `title`. */
export function variantTitle(info) {
  return lang.variants?.[info?.name]?.title ?? info?.title ?? '';
}

/** A variant's two-line summary ("\n" between the lines). */
export function variantSummary(info) {
  return lang.variants?.[info?.name]?.summary ?? info?.summary ?? '';
}

/** A computer level's name. */
export function levelName(level) {
  return lang.levels?.[level.level] ?? level.name;
}

/**
 * An engine message (`{ code, params, text }`) in the current language; its English `text`
 * where the language file lacks the code.
 */
export function say(message) {
  if (!message) return '';
  if (typeof message === 'string') return message;
  const template = lang.engine?.[message.code];
  if (template === undefined) return message.text ?? message.code;
  const params = {};
  for (const [name, value] of Object.entries(message.params ?? {})) params[name] = paramText(value);
  return format(template, params);
}

/** What an error says: the engine's message translated, else its own message. */
export function errorText(err) {
  if (err?.draughts) return say(err.draughts);
  return String(err?.message ?? err);
}

function paramText(value) {
  if (value === null || typeof value !== 'object') return value;
  if (value.side) return sideName(value.side);
  if (value.variant) return variantTitle({ name: value.variant, title: value.variant });
  if (value.code) return say(value);
  if (Array.isArray(value.list)) {
    const items = value.list.map((v) => String(paramText(v)));
    if (value.join === 'semicolon') return items.join('; ');
    const type = value.join === 'or' ? 'disjunction' : 'conjunction';
    return new Intl.ListFormat(code, { type }).format(items);
  }
  return String(value);
}

/** Fills `template`'s `{name}` and plural blocks from `params`. */
export function format(template, params = {}) {
  let out = '';
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    if (open < 0) break;
    out += template.slice(i, open);
    const end = blockEnd(template, open);
    if (end < 0) return out + template.slice(open);
    const inner = template.slice(open + 1, end);
    i = end + 1;
    const m = /^\s*([\w-]+)\s*(?:,\s*plural\s*,(.*))?$/s.exec(inner);
    if (!m) {
      out += `{${inner}}`;
    } else if (m[2] !== undefined) {
      const n = Number(params[m[1]] ?? 0);
      const arms = pluralArms(m[2]);
      const arm = arms[`=${n}`] ?? arms[plurals.select(n)] ?? arms.other ?? '';
      out += format(arm, params).replaceAll('#', n.toLocaleString(code));
    } else {
      const v = params[m[1]];
      out += v === undefined ? `{${m[1]}}` : String(v);
    }
  }
  return out + template.slice(i);
}

function blockEnd(s, open) {
  let depth = 0;
  for (let k = open; k < s.length; k++) {
    if (s[k] === '{') depth++;
    else if (s[k] === '}' && --depth === 0) return k;
  }
  return -1;
}

function pluralArms(text) {
  const arms = {};
  let k = 0;
  while (k < text.length) {
    const open = text.indexOf('{', k);
    if (open < 0) break;
    const label = text.slice(k, open).trim();
    const end = blockEnd(text, open);
    if (end < 0) break;
    arms[label] = text.slice(open + 1, end);
    k = end + 1;
  }
  return arms;
}

/**
 * Puts the current language's words into the page: `data-i18n` (text), `data-i18n-aria-label`,
 * `data-i18n-title`, `data-i18n-placeholder` and `data-i18n-data-empty` (attributes). Spaces around a text are kept.
 */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) {
    const [, lead, , trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(el.textContent);
    el.textContent = lead + t(el.dataset.i18n) + trail;
  }
  for (const attr of ['aria-label', 'title', 'data-empty', 'placeholder']) {
    for (const el of root.querySelectorAll(`[data-i18n-${attr}]`)) {
      el.setAttribute(attr, t(el.getAttribute(`data-i18n-${attr}`)));
    }
  }
}
