// Bundles the CLI into one file: start-up is most of a short command's cost (SPEC §11).
import { build } from 'esbuild';
import { chmodSync } from 'node:fs';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  legalComments: 'none',
  logLevel: 'warning',
};

await build({
  ...common,
  // CommonJS starts a few milliseconds sooner than an ES module of the same code.
  format: 'cjs',
  entryPoints: ['src/main.ts'],
  outfile: 'dist/git-checkpoint.cjs',
  // Sources written as ES modules may read import.meta.url: give the CommonJS bundle its own.
  banner: { js: "#!/usr/bin/env node\nconst __gcpMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': '__gcpMetaUrl' },
  // isomorphic-git is never used by the CLI (SPEC §1): keep it out of the start-up path.
  external: ['isomorphic-git'],
});
chmodSync('dist/git-checkpoint.cjs', 0o755);

await build({
  ...common,
  entryPoints: ['src/lib.ts'],
  outfile: 'dist/lib.js',
  external: ['isomorphic-git', 'micromatch', 'zod'],
});
