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
  entryPoints: ['src/main.ts'],
  outfile: 'dist/git-checkpoint.js',
  // micromatch (CommonJS) requires node built-ins: give the ESM bundle a real `require` for them.
  banner: { js: "#!/usr/bin/env node\nimport { createRequire as __gcpCreateRequire } from 'node:module';\nconst require = __gcpCreateRequire(import.meta.url);" },
  // isomorphic-git is never used by the CLI (SPEC §1): keep it out of the start-up path.
  external: ['isomorphic-git'],
});
chmodSync('dist/git-checkpoint.js', 0o755);

await build({
  ...common,
  entryPoints: ['src/lib.ts'],
  outfile: 'dist/lib.js',
  external: ['isomorphic-git', 'micromatch', 'zod'],
});
