// `npm run eval:languages [-- --set <file>]`: per language, how often a draft finds the past chat or memory it
// shares a noun with, and how often the memory manager's search finds a memory by one of its nouns (#28).
// Prints one row per language (hit in a 600-token block / among the first three), then the JSON.
import { parseArgs } from 'node:util';
import { readLanguageSet, scoreLanguages, type Found } from './languages-score';

const { values } = parseArgs({
  options: { set: { type: 'string', default: 'test/fixtures/languages/recall-set.json' } },
});
const scores = await scoreLanguages(readLanguageSet(values.set));
const cell = (f: Found) => `${f.hit.toFixed(2)} / ${f.first3.toFixed(2)}`.padEnd(14);
console.log('lang  past chats     memories       manager search   (hit / first 3)');
for (const [lang, s] of Object.entries(scores))
  console.log(`${lang.padEnd(6)}${cell(s.past)}${cell(s.memories)}${cell(s.manager)}`);
console.log(JSON.stringify(scores, null, 2));
