// The import graph has no cycles (#26), type-only imports included: a type cycle still ties two modules so that
// neither can be read or moved without the other. ESLint's import plugins skip type imports in their cycle rule,
// so this runs beside ESLint in `npm run lint`.
export default {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Move what both sides need into a module that both can import (docs/architecture.md).',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.output|\\.wxt|eval/runs)/' },
  },
};
