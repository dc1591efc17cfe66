// `npm run eval:recall -- --dataset <file> --budget <n> [--source observations|turns|both]`: how often the
// block recall builds for a LoCoMo question holds that question's evidence (#5). Prints JSON.
import { parseArgs } from 'node:util';
import { loadLocomo, type Source } from './locomo-recall';
import { scoreRecall } from './recall-score';

const { values } = parseArgs({
  options: {
    dataset: { type: 'string', default: '../shared/locomo/locomo-dev.json' },
    budget: { type: 'string', default: '1000' },
    source: { type: 'string', default: 'observations' },
  },
});
const budgetTokens = Number(values.budget);
const source = values.source as Source;
if (!['observations', 'turns', 'both'].includes(source)) throw new Error(`--source ${source}?`);
if (!Number.isInteger(budgetTokens) || budgetTokens < 100) throw new Error(`--budget ${values.budget}?`);

const report = scoreRecall(loadLocomo(values.dataset, source), budgetTokens);
console.log(JSON.stringify({ dataset: values.dataset, budgetTokens, source, ...report }, null, 2));
