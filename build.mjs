// Bundles the CLI into one file: start-up is most of a short command's cost (SPEC §11).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { build } from 'esbuild';

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
  outfile: 'dist/cli.cjs',
  // Sources written as ES modules may read import.meta.url: give the CommonJS bundle its own.
  // bin/git-checkpoint.cjs loads it (through V8's code cache).
  banner: { js: "const __gcpMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': '__gcpMetaUrl' },
  // isomorphic-git is never used by the CLI (SPEC §1): keep it out of the start-up path.
  external: ['isomorphic-git'],
});

// V8 keeps a source holding one character past ASCII as two bytes a character and
// scans it slower. esbuild escapes strings and templates already; what it leaves
// (regular expressions, comments) is written as \uXXXX UTF-16 units, which read
// the same in both, with or without the u flag.
function asciiOnly(text) {
  return text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

// The loaders key V8's code cache on this line: V8 itself only compares the
// source's length, so a rebuilt bundle of the same length would run old code.
function stampBuildId(file) {
  const bundle = asciiOnly(readFileSync(file, 'utf8'));
  const id = createHash('sha256').update(bundle).digest('hex').slice(0, 16);
  writeFileSync(file, `${bundle}//# git-checkpoint-build ${id}\n`);
  // The loaders' caches of the build before (bin/git-checkpoint.cjs keeps one per kind of command).
  const [dir, base] = [dirname(file), basename(file)];
  for (const name of readdirSync(dir)) if (name.startsWith(`${base}.`) && name.endsWith('.v8cache')) rmSync(join(dir, name), { force: true });
}

stampBuildId('dist/cli.cjs');

// The post-checkout hook runs inside every `git switch`: a bundle of its own holding the
// reminder only (src/hook-entry.ts), which hands anything else to dist/cli.cjs.
await build({
  ...common,
  format: 'cjs',
  entryPoints: ['src/hook-entry.ts'],
  outfile: 'dist/hook.cjs',
});
stampBuildId('dist/hook.cjs');

// The MCP SDK is a second bundle that only `git checkpoint mcp` requires at run time
// (src/io/node-deps.ts), so the CLI bundle and every other command's start-up stay as they were.
await build({
  ...common,
  format: 'cjs',
  entryPoints: ['bundles/mcp-sdk.ts'],
  outfile: 'dist/mcp-sdk.cjs',
  // Ajv validates only elicitation answers, which the server never asks for (bundles/mcp-ajv-stub.ts).
  plugins: [{
    name: 'no-ajv',
    setup: (b) => b.onResolve({ filter: /\/validation\/ajv-provider\.js$/ }, () => ({ path: join(process.cwd(), 'bundles', 'mcp-ajv-stub.ts') })),
  }],
});
// Loaded through V8's code cache as well (src/io/code-cache.ts).
stampBuildId('dist/mcp-sdk.cjs');

// yargs' parser is a third bundle, required at run time by the commands that parse with it
// (src/cli/parse-command.ts): `--version`, the hook entry points and `mcp` never read it.
await build({
  ...common,
  format: 'cjs',
  entryPoints: ['bundles/yargs.ts'],
  outfile: 'dist/yargs.cjs',
  // yargs is written as an ES module and its platform layer (which yargs/helpers loads with the
  // parser) places itself by import.meta.url: as if it ran from node_modules/yargs.
  banner: { js: "const __gcpMetaUrl = require('node:url').pathToFileURL(require('node:path').join(__dirname, '..', 'node_modules', 'yargs', 'index.mjs')).href;" },
  define: { 'import.meta.url': '__gcpMetaUrl' },
  // Only yargs' help layout measures text, and it is never run: see the shim.
  alias: { 'string-width': './bundles/text-width-shim.ts' },
});
stampBuildId('dist/yargs.cjs');

await build({
  ...common,
  entryPoints: ['src/lib.ts'],
  outfile: 'dist/lib.js',
  external: ['isomorphic-git', 'micromatch', 'zod'],
});
