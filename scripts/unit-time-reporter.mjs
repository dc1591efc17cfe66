// A vitest reporter that says where the unit suite's time goes, per file (#33): environment (happy-dom or node),
// setup (test/setup.ts), collect (importing the test file and what it imports), tests. Used by `npm run
// test:unit:profile`; prints the sums and the slowest files of each kind.
const KINDS = ['environmentSetupDuration', 'prepareDuration', 'setupDuration', 'collectDuration', 'duration'];
const LABEL = {
  environmentSetupDuration: 'environment',
  prepareDuration: 'prepare',
  setupDuration: 'setup',
  collectDuration: 'import',
  duration: 'tests',
};
const TOP = Number(process.env.UNIT_PROFILE_TOP ?? 8);

export default class UnitTimeReporter {
  onInit(ctx) {
    this.root = ctx.config.root;
  }

  onTestRunEnd(modules) {
    const rows = modules.map((m) => ({ file: m.moduleId.replace(`${this.root}/`, ''), ...m.diagnostic() }));
    const sum = (k) => rows.reduce((a, r) => a + (r[k] ?? 0), 0);
    const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
    console.log(`\nunit time by kind over ${rows.length} files (summed over workers):`);
    console.log('  ' + KINDS.map((k) => `${LABEL[k]} ${s(sum(k))}`).join(', '));
    for (const k of KINDS) {
      const top = [...rows].sort((a, b) => b[k] - a[k]).slice(0, TOP);
      console.log(`slowest ${LABEL[k]}:`);
      for (const r of top) console.log(`  ${s(r[k]).padStart(8)}  ${r.file}`);
    }
  }
}
