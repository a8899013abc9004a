#!/usr/bin/env node
// The highlighting must not drift from the grammar. This reads ../../grammar/sow.pest and
// checks, by tokenizing with syntaxes/sow.tmLanguage.json as VS Code does (vscode-textmate):
// - every literal of every `kw_*` rule, standing in a phrase, is a keyword (`keyword.*`) or a
//   direction or player (`constant.language.*`); a case-insensitive literal (`^"south"`) in
//   any case;
// - the words that begin a section are `keyword.control.sow` first on a line of a game's,
//   a ruleset's or an opening's braces, and no other word is: the first words of the rules
//   of `rule_section`, `ruleset`, and the other words `param_reserved` keeps as beginning a
//   section or a turn of an opening (`lasts`, `take`, `move`, `mark`); `game` and `extends`
//   where they stand;
// - every word the tmLanguage lists in an alternation (`(?:a|b)`) is a word of the grammar.
// A new keyword in the grammar makes this fail until the tmLanguage lists it.
'use strict';

const fs = require('fs');
const path = require('path');
const vsctm = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');

const root = path.join(__dirname, '..');
const pestPath = path.join(root, '..', '..', 'grammar', 'sow.pest');
const grammarPath = path.join(root, 'syntaxes', 'sow.tmLanguage.json');

/** The rules of a pest grammar: name -> body (the text between the rule's outer braces). */
function pestRules(text) {
  const rules = new Map();
  const head = /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*[_@$!]?\s*\{/gm;
  let m;
  while ((m = head.exec(text)) !== null) {
    let depth = 1;
    let i = head.lastIndex;
    const start = i;
    while (i < text.length && depth > 0) {
      const c = text[i];
      if (c === '"') {
        i++;
        while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      } else if (c === '/' && text[i + 1] === '/') {
        while (i < text.length && text[i] !== '\n') i++;
      } else if (c === '{') {
        depth++;
      } else if (c === '}') {
        depth--;
      }
      i++;
    }
    rules.set(m[1], text.slice(start, i - 1));
    head.lastIndex = i;
  }
  return rules;
}

/** The string literals of a rule's body, each with whether it is case-insensitive (`^"…"`). */
function literals(body) {
  return [...body.matchAll(/(\^?)"((?:[^"\\]|\\.)*)"/g)].map((m) => ({
    word: m[2],
    caseless: m[1] === '^',
  }));
}

/** The rule names a body refers to, in order. */
function references(body) {
  return [...body.replace(/"(?:[^"\\]|\\.)*"/g, '').matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)].map((m) => m[0]);
}

/** The words of the `(?:a|b|c)` and `(?i:a|b)` alternations of a regex. */
function alternationWords(regex) {
  const words = [];
  for (const m of regex.matchAll(/\(\?(?:i)?:([a-z'|]+)\)/g)) words.push(...m[1].split('|'));
  return words;
}

async function loadGrammar() {
  const wasm = fs.readFileSync(path.join(path.dirname(require.resolve('vscode-oniguruma')), 'onig.wasm')).buffer;
  await oniguruma.loadWASM(wasm);
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scope) =>
      scope === 'source.sow' ? vsctm.parseRawGrammar(fs.readFileSync(grammarPath, 'utf8'), grammarPath) : null,
  });
  return registry.loadGrammar('source.sow');
}

/** The scopes of the token that starts at `column` of line `line` of `text`. */
function scopesAt(grammar, text, line, column) {
  let state = vsctm.INITIAL;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const result = grammar.tokenizeLine(lines[i], state);
    state = result.ruleStack;
    if (i === line) {
      const token = result.tokens.find((t) => t.startIndex <= column && column < t.endIndex);
      return token ? token.scopes : [];
    }
  }
  return [];
}

async function main() {
  const rules = pestRules(fs.readFileSync(pestPath, 'utf8'));
  const tm = JSON.parse(fs.readFileSync(grammarPath, 'utf8'));
  const grammar = await loadGrammar();
  const failures = [];

  // The words of the phrases.
  const keywords = new Map();
  for (const [name, body] of rules) {
    if (!name.startsWith('kw_')) continue;
    const lits = literals(body);
    if (lits.length === 0) failures.push(`${name} has no literal`);
    for (const lit of lits) keywords.set(lit.word, lit.caseless || keywords.get(lit.word) === true);
  }
  if (keywords.size === 0) failures.push(`no kw_* rule found in ${pestPath}`);

  // Each in a phrase, in a section's braces: `2 in WORD`.
  let spellings = 0;
  for (const [word, caseless] of keywords) {
    const forms = caseless ? [word, word[0].toUpperCase() + word.slice(1), word.toUpperCase()] : [word];
    for (const form of forms) {
      spellings++;
      const text = `game "t" {\n    setup {\n        2 in ${form}\n    }\n}`;
      const scopes = scopesAt(grammar, text, 2, 13);
      const last = scopes[scopes.length - 1] || '';
      if (!/^(keyword\.other|constant\.language)\./.test(last) || !scopes.includes('source.sow')) {
        failures.push(`\`${form}\` (a word of the grammar) is not highlighted as a keyword in a phrase: ${scopes.join(' ')}`);
      }
    }
  }

  // The words that begin a section.
  const firstWord = (rule) => {
    const body = rules.get(rule);
    if (body === undefined) throw new Error(`no rule ${rule} in the grammar`);
    const first = references(body)[0];
    return first.startsWith('kw_') ? literals(rules.get(first))[0].word : firstWord(first);
  };
  const expected = new Set();
  for (const rule of references(rules.get('rule_section'))) expected.add(firstWord(rule));
  for (const rule of ['ruleset', 'game', 'extends']) expected.add(firstWord(rule));
  const numberFollowers = new Set(references(rules.get('number_follower')));
  for (const ref of references(rules.get('param_reserved'))) {
    if (!ref.startsWith('kw_') || numberFollowers.has(ref) || ref === 'kw_leftmost' || ref === 'kw_rightmost') continue;
    expected.add(literals(rules.get(ref))[0].word);
  }
  const control = (scopes) => scopes[scopes.length - 1] === 'keyword.control.sow';
  for (const word of keywords.keys()) {
    const scopes =
      word === 'game'
        ? scopesAt(grammar, 'game "t" {\n}', 0, 0)
        : word === 'extends'
          ? scopesAt(grammar, 'game "t" {\n    ruleset "a" extends "b" {\n    }\n}', 1, 16)
          : scopesAt(grammar, `game "t" {\n    ${word} x\n}`, 1, 4);
    if (expected.has(word) && !control(scopes)) {
      failures.push(`\`${word}\` begins a section but is not keyword.control.sow there: ${scopes.join(' ')}`);
    } else if (!expected.has(word) && control(scopes)) {
      failures.push(`\`${word}\` does not begin a section but is keyword.control.sow first on a line`);
    }
  }
  for (const word of expected) {
    if (!keywords.has(word)) failures.push(`section word \`${word}\` is no kw_* literal`);
  }

  // No word is a keyword of the tmLanguage that the grammar does not have.
  const listed = [];
  const walk = (node) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if ((key === 'match' || key === 'begin') && typeof value === 'string') listed.push(...alternationWords(value));
        else walk(value);
      }
    }
  };
  // (The ordinals' suffixes, `(?:st|nd|rd|th)`, are no words.)
  for (const [key, rule] of Object.entries(tm.repository)) if (key !== 'number') walk(rule);
  for (const word of new Set(listed)) {
    if (!keywords.has(word)) failures.push(`the tmLanguage lists \`${word}\`, which is no kw_* literal of the grammar`);
  }

  if (failures.length > 0) {
    console.error(`check-keywords: ${failures.length} problem(s) between grammar/sow.pest and syntaxes/sow.tmLanguage.json:`);
    for (const f of failures) console.error(`  - ${f}`);
    process.exit(1);
  }
  console.log(
    `check-keywords: all ${keywords.size} words of the grammar's kw_* rules (${spellings} spellings) are keywords in a phrase; ` +
      `the ${expected.size} words that begin a section are keyword.control.sow, no other word is.`
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
