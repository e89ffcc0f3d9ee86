// Fuzzes the parsers that read untrusted text (SPEC §9): the stored-record
// parser, the `save --input` document parser (JSON and markdown), and the
// SESSION_RECAP/1 parser when src/checkpoint/record/parse-recap.ts exists. Random and
// mutated inputs; a parser may reject an input, never throw anything else or
// hang. Not part of `npm test` (it takes a while):
//
//   node bench/fuzz-parsers.mjs [--cases 100000] [--seed 1]
//
// Prints the number of cases per parser; exits 1 on any crash or hang.
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ROOT, seededRandom } from './lib.mjs';

const { values } = parseArgs({ options: { cases: { type: 'string', default: '100000' }, seed: { type: 'string', default: '1' } } });
const CASES = Number(values.cases);
const SLOW_MS = 1000;

/** Bundles the parsers from src/ into a temporary module. */
async function loadParsers() {
  const contents = [
    "export { parseRecord, serializeRecord, emptyContent } from './src/checkpoint/record/schema.ts';",
    "export { parseInputDocument } from './src/checkpoint/record/input.ts';",
    "export { renderMarkdown } from './src/checkpoint/record/md.ts';",
    "export { parseRecap } from './src/checkpoint/record/parse-recap.ts';",
  ].join('\n');
  const dir = mkdtempSync(join(tmpdir(), 'gcp-fuzz-'));
  const outfile = join(dir, 'parsers.mjs');
  await build({ stdin: { contents, resolveDir: ROOT, loader: 'ts' }, bundle: true, platform: 'node', format: 'esm', outfile, logLevel: 'warning' });
  const mod = await import(pathToFileURL(outfile).href);
  rmSync(dir, { recursive: true, force: true });
  return mod;
}

const random = seededRandom(Number(values.seed));
const int = (n) => Math.floor(random() * n);
const pick = (xs) => xs[int(xs.length)];
const NASTY = ['\x00', '\x1b[2J', '\x1b]0;x\x07', '\u202e', '\ud800', '\\', '"', '{', '}', '[', ']', ':', ',', '|', '\\|', '\n', '#', '## ', '- ', '—', '`', 'null', '-1', '1e309', '"\\u0000"', '::', ' :: '];

function randomText(max) {
  let out = '';
  const n = int(max);
  for (let i = 0; i < n; i++) out += random() < 0.3 ? pick(NASTY) : String.fromCharCode(int(random() < 0.9 ? 128 : 0xffff));
  return out;
}

function randomJson(depth = 0) {
  const r = int(depth > 4 ? 5 : 8);
  if (r === 0) return null;
  if (r === 1) return random() < 0.5;
  if (r === 2) return pick([0, -1, 1.5, 1e308, 2 ** 53 + 1, 10001]);
  if (r <= 4) return randomText(20);
  if (r === 5 || r === 6) return Array.from({ length: int(4) }, () => randomJson(depth + 1));
  return Object.fromEntries(Array.from({ length: int(4) }, () => [pick(['task', 'title', 'git', 'id', randomText(6)]), randomJson(depth + 1)]));
}

/** Byte-level mutations of a valid document. */
function mutate(text) {
  let s = text;
  for (let k = 1 + int(4); k > 0; k--) {
    const at = int(s.length + 1);
    const op = int(7);
    if (op === 0) s = s.slice(0, at) + pick(NASTY) + s.slice(at);
    else if (op === 1) s = s.slice(0, at) + s.slice(at + 1 + int(20));
    else if (op === 2) s = s.slice(0, at);
    else if (op === 3) s = s.slice(0, at) + s.slice(at, at + int(200)).repeat(2 + int(5)) + s.slice(at);
    else if (op === 4) s = s.slice(0, at) + randomText(10) + s.slice(at);
    else if (op === 5) s = s.slice(0, at) + '['.repeat(int(5000)) + s.slice(at);
    else s = s.slice(0, at) + String.fromCharCode(int(0x10000)) + s.slice(at + 1);
  }
  return s;
}

/** Replaces one field of a record with a random JSON value (type confusion). */
function confuse(record) {
  const copy = structuredClone(record);
  const paths = [['task'], ['task', 'title'], ['git'], ['git', 'worktree', 'files'], ['decisions'], ['id'], ['redactions'], ['notes'], ['git', 'head']];
  const path = pick(paths);
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key];
  target[path.at(-1)] = randomJson();
  return JSON.stringify(copy);
}

function seedRecord(p) {
  const oid = 'a'.repeat(40);
  return {
    schema: 'git-checkpoint/v1', id: '20260101-120000-ab12', createdAt: '2026-01-01T12:00:00Z', writer: 'fuzz-abc123',
    author: { name: 'F', email: 'f@example.com' }, parents: [], redactions: { email: 1 }, ...p.emptyContent(),
    task: { title: 'Fuzz the parsers', status: 'in_progress' }, nextSteps: ['run it', 'read it'],
    decisions: [{ what: 'mutate bytes', why: 'cheap', by: 'f' }], rejected: [{ what: 'grammar', why: 'slow' }],
    todos: [{ text: 'a', status: 'pending' }], files: [{ path: 'src/x.ts', why: 'hot' }], quotes: [{ text: 'q', by: 'b', verbatim: true }],
    notes: 'line one\nline two',
    git: {
      branch: 'main', head: oid, upstream: null, ahead: 0, behind: 0, commits: [{ oid, subject: 'init' }],
      worktree: { collected: true, total: 1, truncated: false, files: [{ path: 'a.txt', status: '.M', staged: false, oid }] },
      wip: null, notCollected: [],
    },
  };
}

/** Runs `fn` on every input; counts rejections, records crashes and hangs. */
function fuzz(name, inputs, fn, isRejection) {
  const result = { name, cases: 0, accepted: 0, rejected: 0, crashes: [], slow: [] };
  for (const input of inputs) {
    result.cases++;
    const start = performance.now();
    try {
      fn(input) ? result.accepted++ : result.rejected++;
    } catch (err) {
      if (isRejection(err)) result.rejected++;
      else result.crashes.push({ input: JSON.stringify(input).slice(0, 200), error: String(err?.stack ?? err).slice(0, 300) });
    }
    const ms = performance.now() - start;
    if (ms > SLOW_MS) result.slow.push({ input: JSON.stringify(input).slice(0, 200), ms });
  }
  return result;
}

function* inputsFrom(seeds, record, n) {
  for (let i = 0; i < n; i++) {
    const r = i % 4;
    if (r === 0) yield randomText(400);
    else if (r === 1 && record) yield confuse(record);
    else yield mutate(pick(seeds));
  }
}

const p = await loadParsers();
const record = seedRecord(p);
const recordJson = p.serializeRecord(record);
const md = p.renderMarkdown(record);
const enc = new TextEncoder();
const isUsage = (err) => err?.code === 'usage';
const results = [
  fuzz('record (parseRecord)', inputsFrom([recordJson], record, CASES), (s) => p.parseRecord(s).ok, () => false),
  fuzz('input JSON (parseInputDocument)', inputsFrom([recordJson, '{"task":"x","nextSteps":["a"]}'], record, CASES), (s) => p.parseInputDocument(enc.encode(s), 'json'), isUsage),
  fuzz('input markdown (parseInputDocument)', inputsFrom([md], null, CASES), (s) => p.parseInputDocument(enc.encode(s), 'md'), isUsage),
];
const recapSeed = 'SESSION_RECAP/1\nBRANCH|main|tracking|origin/main\nTASK|Fuzz|in_progress|run it\nDECISION|a|b|none\nRESUME_NEXT|npm test\nRESUME_HUMAN|go on\n';
results.push(fuzz('recap (parseRecap)', inputsFrom([recapSeed], null, CASES), (s) => p.parseRecap(s), (err) => isUsage(err) || err?.name === 'UsageError'));

let failed = false;
for (const r of results) {
  console.log(`${r.name}: ${r.cases} cases, ${r.accepted} accepted, ${r.rejected} rejected, ${r.crashes.length} crashes, ${r.slow.length} over ${SLOW_MS} ms`);
  for (const c of r.crashes.slice(0, 3)) console.log(`  crash on ${c.input}\n    ${c.error}`);
  for (const s of r.slow.slice(0, 3)) console.log(`  slow (${Math.round(s.ms)} ms) on ${s.input}`);
  failed ||= r.crashes.length > 0 || r.slow.length > 0;
}
console.log(`total: ${results.reduce((n, r) => n + r.cases, 0)} cases`);
process.exitCode = failed ? 1 : 0;
