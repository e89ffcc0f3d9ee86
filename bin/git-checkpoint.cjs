#!/usr/bin/env node
// Start-up is most of a short command's cost (SPEC §11). This loader runs the
// single-file bundle through V8's code cache: the first run stores the
// compiled code next to the bundle, later runs skip most of the compiling.
// A cache made for another build is never used, one V8 rejects (another
// node version) is written anew; when it cannot be written (a read-only
// install), the tool simply runs without it.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');

const file = path.join(__dirname, '..', 'dist', 'cli.cjs');
const cacheFile = `${file}.v8cache`;
const source = fs.readFileSync(file, 'utf8');
// V8 checks a cache against the source's length only: the cache file starts
// with the build id that build.mjs put on the bundle's last line, and a cache
// of another build is never handed to V8.
const build = /git-checkpoint-build ([0-9a-f]{16})\n$/.exec(source.slice(-64))?.[1];
// V8 caches only the functions compiled before the cache was made: a cache
// made by `--version` holds almost nothing `save` runs. The header also names
// the kinds of command that have run since (`save`, `hook post-checkout`…);
// the first run of a new kind makes the cache anew, with its code added.
const kindOf = (argv) => {
  const words = argv.filter((a) => !a.startsWith('-'));
  return (words[0] === 'hook' || words[0] === 'agent' ? words.slice(0, 2) : words.slice(0, 1)).join(' ').slice(0, 40) || 'none';
};
const KINDS_MAX = 12;
const kind = kindOf(process.argv.slice(2));
let cachedData;
let kinds = [];
try {
  const stored = build ? fs.readFileSync(cacheFile) : undefined;
  const end = stored ? stored.indexOf(10) : -1;
  const header = end > 0 && end < 1024 ? stored.toString('latin1', 0, end).split(' ') : [];
  if (header[0] === build) {
    cachedData = stored.subarray(end + 1);
    kinds = header[1] ? header[1].split(',') : [];
  }
} catch {
  cachedData = undefined;
}
const script = new vm.Script(Module.wrap(source), {
  filename: file,
  cachedData,
  // Any import() of an outside module (none today) resolves as it would from this file.
  importModuleDynamically: (specifier) => import(specifier),
});
const known = kinds.includes(kind) || kinds.length >= KINDS_MAX || !/^[a-z -]*$/.test(kind);
if (build && (!cachedData || script.cachedDataRejected || !known)) {
  const next = script.cachedDataRejected || !cachedData ? [kind] : [...kinds, kind];
  process.once('exit', () => {
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    try {
      fs.writeFileSync(tmp, Buffer.concat([Buffer.from(`${build} ${next.join(',')}\n`), script.createCachedData()]));
      fs.renameSync(tmp, cacheFile);
    } catch {
      try { fs.unlinkSync(tmp); } catch { /* nothing was written */ }
    }
  });
}
const mod = { exports: {}, filename: file, id: file, loaded: false, paths: Module._nodeModulePaths(path.dirname(file)) };
script.runInThisContext()(mod.exports, require, mod, file, path.dirname(file));
