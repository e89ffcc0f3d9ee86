#!/bin/sh
':' //; [ -n "${NODE_EXTRA_CA_CERTS+set}" ] && export GIT_CHECKPOINT_NODE_EXTRA_CA_CERTS="$NODE_EXTRA_CA_CERTS"; unset NODE_EXTRA_CA_CERTS; exec node "$0" "$@"
// The line above is read by sh, and by node as a string and a comment. Node
// parses the CA bundle that NODE_EXTRA_CA_CERTS names before any code runs
// (about 60 ms where it names the system bundle); the tool itself opens no
// connection, so its node starts without it, and the loader below puts the
// variable back for every process the tool starts (git, a credential helper).
// Start-up is most of a short command's cost (SPEC §11). This loader runs the
// single-file bundle through V8's code cache: the first run stores the
// compiled code next to the bundle, later runs skip most of the compiling.
// A cache made for another build is never used, one V8 rejects (another
// node version) is written anew; when it cannot be written (a read-only
// install), the tool simply runs without it.
'use strict';
const saved = process.env.GIT_CHECKPOINT_NODE_EXTRA_CA_CERTS;
if (saved !== undefined) {
  process.env.NODE_EXTRA_CA_CERTS = saved;
  delete process.env.GIT_CHECKPOINT_NODE_EXTRA_CA_CERTS;
}
const fs = require('node:fs');
const path = require('node:path');

const argv = process.argv.slice(2);
// `--version` is answered from package.json: it needs no bundle.
if (argv.length <= 2 && argv.includes('--version') && argv.every((a) => a === '--version' || a === '--json')) {
  let version = null;
  try {
    version = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')).version;
  } catch {
    version = null;
  }
  if (typeof version === 'string') {
    process.stdout.write(argv.includes('--json') ? `${JSON.stringify({ version })}\n` : `git-checkpoint version ${version}\n`);
    return;
  }
}
const vm = require('node:vm');
const Module = require('node:module');

const dist = path.join(__dirname, '..', 'dist');
// V8 caches only the functions compiled before the cache was made, and reads
// the whole cache back on every start: one cache for every command would make
// `--version` read what `save` compiled. The commands whose start-up counts
// most each keep their own cache; the rest share one.
const OWN_CACHE = new Set(['version', 'save', 'list', 'show', 'resume', 'status', 'mcp',
  'hook-post-checkout', 'hook-pre-push', 'hook-agent-pre-compact', 'hook-agent-session-start']);
const words = argv.filter((a) => !a.startsWith('-'));
const kind = (words[0] === 'hook' ? words.slice(0, 2) : words.slice(0, 1)).join('-') || 'version';

/** Runs one bundle of dist/ through its code cache; returns its exports. */
function load(name, cacheKind) {
  const file = path.join(dist, name);
  const cacheFile = `${file}.${cacheKind}.v8cache`;
  const source = fs.readFileSync(file, 'utf8');
  // V8 checks a cache against the source's length only: the cache file starts
  // with the build id that build.mjs put on the bundle's last line, and a cache
  // of another build is never handed to V8.
  const build = /git-checkpoint-build ([0-9a-f]{16})\n$/.exec(source.slice(-64))?.[1];
  let cachedData;
  try {
    const stored = build ? fs.readFileSync(cacheFile) : undefined;
    if (stored && stored.toString('latin1', 0, 17) === `${build}\n`) cachedData = stored.subarray(17);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(Module.wrap(source), {
    filename: file,
    cachedData,
    // Any import() of an outside module (none today) resolves as it would from this file.
    importModuleDynamically: (specifier) => import(specifier),
  });
  if (build && (!cachedData || script.cachedDataRejected)) {
    process.once('exit', () => {
      const tmp = `${cacheFile}.${process.pid}.tmp`;
      try {
        fs.writeFileSync(tmp, Buffer.concat([Buffer.from(`${build}\n`), script.createCachedData()]));
        fs.renameSync(tmp, cacheFile);
      } catch {
        try { fs.unlinkSync(tmp); } catch { /* nothing was written */ }
      }
    });
  }
  const mod = { exports: {}, filename: file, id: file, loaded: false, paths: Module._nodeModulePaths(dist) };
  script.runInThisContext()(mod.exports, require, mod, file, dist);
  return mod.exports;
}

const cli = () => load('cli.cjs', OWN_CACHE.has(kind) ? kind : 'other');
if (kind === 'hook-post-checkout') {
  // The reminder's own bundle; what it cannot answer, the full CLI runs from the start.
  let hook = null;
  try {
    hook = load('hook.cjs', kind);
  } catch {
    hook = null;
  }
  if (hook) hook.runPostCheckout(argv).then((done) => done || cli(), cli);
  else cli();
} else {
  cli();
}
