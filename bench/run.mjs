// `npm run bench [-- <name>...]`: runs every bench/*.bench.mjs (or the named
// ones) and prints one table of ratios. Each module exports `run()` that
// returns rows made with `compare()` from lib.mjs.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { printTable, ROOT } from './lib.mjs';

const wanted = process.argv.slice(2);
const files = readdirSync(join(ROOT, 'bench'))
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => !wanted.length || wanted.some((w) => f.startsWith(w)))
  .sort();
const rows = [];
for (const file of files) {
  process.stderr.write(`bench: ${file}\n`);
  const mod = await import(pathToFileURL(join(ROOT, 'bench', file)).href);
  rows.push(...(await mod.run()));
}
const ok = printTable(rows);
process.exitCode = ok ? 0 : 1;
