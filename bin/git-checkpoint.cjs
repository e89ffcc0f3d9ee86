#!/usr/bin/env node
// Start-up is most of a short command's cost (SPEC §11). This loader runs the
// single-file bundle through V8's code cache: the first run stores the
// compiled code next to the bundle, later runs skip most of the compiling.
// V8 itself rejects a cache that does not match the bundle or the node
// version, and the cache is then written anew; when it cannot be written
// (a read-only install), the tool simply runs without it.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');

const file = path.join(__dirname, '..', 'dist', 'cli.cjs');
const cacheFile = `${file}.v8cache`;
let cachedData;
try {
  cachedData = fs.readFileSync(cacheFile);
} catch {
  cachedData = undefined;
}
const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'utf8')), {
  filename: file,
  cachedData,
  // Any import() of an outside module (none today) resolves as it would from this file.
  importModuleDynamically: (specifier) => import(specifier),
});
if (!cachedData || script.cachedDataRejected) {
  process.once('exit', () => {
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    try {
      fs.writeFileSync(tmp, script.createCachedData());
      fs.renameSync(tmp, cacheFile);
    } catch {
      try { fs.unlinkSync(tmp); } catch { /* nothing was written */ }
    }
  });
}
const mod = { exports: {}, filename: file, id: file, loaded: false, paths: Module._nodeModulePaths(path.dirname(file)) };
script.runInThisContext()(mod.exports, require, mod, file, path.dirname(file));
