/**
 * The shape of src/, checked by `npm test` (docs/architecture.md): no
 * circular imports, no module that nothing uses, and no import up the
 * layers. A module imports modules of its own layer or of the layers below.
 */
const LAYERS = [
  ['base', '^src/(errors|version|exit-codes)\\.ts$|^src/text/'],
  ['process', '^src/io/(run-scope|process-exit|concurrency|package-files)\\.ts$'],
  ['git', '^src/git/'],
  ['record', '^src/checkpoint/(config|record)/'],
  ['secrets', '^src/checkpoint/secrets/'],
  ['store', '^src/checkpoint/store/'],
  ['sharing', '^src/checkpoint/sharing/'],
  ['listing', '^src/checkpoint/listing/'],
  ['planners', '^src/checkpoint/planners/'],
  ['render', '^src/(render|schemas)/'],
  ['io', '^src/io/'],
  ['harvest', '^src/(harvest|hook|install)/'],
  ['services', '^src/services/'],
  ['front ends', '^src/(agent|mcp)/'],
  ['cli', '^src/(cli|commands)/'],
  ['entry points', '^src/(main|hook-entry|lib)\\.ts$'],
];

// A path belongs to the first layer whose pattern it matches (io/run-scope.ts is `process`, not `io`).
const upImports = LAYERS.map(([name, pattern], i) => ({
  name: `no-up-from-${name.replace(/ /g, '-')}`,
  comment: `${name} imports only its own layer or the layers below it`,
  severity: 'error',
  from: { path: pattern, pathNot: LAYERS.slice(0, i).map(([, p]) => p).join('|') || '^$' },
  to: { path: LAYERS.slice(i + 1).map(([, p]) => p).join('|') || '^$', pathNot: LAYERS.slice(0, i + 1).map(([, p]) => p).join('|') },
}));

module.exports = {
  forbidden: [
    { name: 'no-circular', comment: 'break a circle by moving what both sides need into the lower one', severity: 'error', from: {}, to: { circular: true } },
    { name: 'no-orphans', comment: 'a module nothing imports is dead or an entry point not listed here', severity: 'error', from: { orphan: true, pathNot: ['^bundles/'] }, to: {} },
    { name: 'no-unresolvable', severity: 'error', from: {}, to: { couldNotResolve: true } },
    ...upImports,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    // Packages' `exports` maps, as node resolves them (the MCP SDK is reached through its subpaths).
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    exclude: { path: '^(test|bench|dist)/' },
  },
};
