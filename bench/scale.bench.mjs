// History scale: `list -n 20`, `show latest`, `resume` and `status` at 1k, 10k
// and 100k checkpoints and at 1,000 writers × 100, each side by side with
// `node -e 0` plus the git command that answers the same question. Three
// states: warm (the cache is current), right after a save moved the own tip
// (and, with many writers, after a fetch moved one teammate's), and with no
// cache at all (a fresh clone). Every row also gives the ratio of CPU time
// (user + sys, children included) and the tool's peak memory: on a shared
// machine wall time is noisy, CPU time much less so.
//
// GIT_CHECKPOINT_SCALE=1k,10k (any of 1k, 10k, 100k, 1000w) runs only those
// sizes; GIT_CHECKPOINT_SCALE_RUNS sets the runs per row (default 5).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { chainScript, fastImport } from './fixtures.mjs';
import { benchEnv, BUNDLE, compare, removeDir, sh, tempDir } from './lib.mjs';

const SIZES = {
  '1k': { writers: 1, per: 1000 },
  '10k': { writers: 1, per: 10000 },
  '100k': { writers: 1, per: 100000 },
  '1000w': { writers: 1000, per: 100 },
};
const OWN = 'bench-aaaaaa';
const BASE_MS = Date.UTC(2026, 0, 1);
const RUNS = Number(process.env.GIT_CHECKPOINT_SCALE_RUNS ?? 5);
const LOG_FORMAT = '%H%x09%cd%x09%(trailers:key=Checkpoint-Id,valueonly,separator=)%x09%(trailers:key=Checkpoint-Branch,valueonly,separator=)%x09%(trailers:key=Checkpoint-Writer,valueonly,separator=)%x09%s';

function writerName(k) {
  return k === 0 ? OWN : `mate${String(k).padStart(4, '0')}-${String(k).padStart(6, 'b')}`;
}

/** A repository with one code commit, the own chain and (with many writers) fetched chains, all made by one fast-import. */
function makeFixture(dir, env, { writers, per }) {
  sh('git', ['init', '-q', '-b', 'main', dir], { env });
  sh('git', ['commit', '-q', '--allow-empty', '-m', 'base'], { cwd: dir, env });
  sh('git', ['config', 'checkpoint.writer', OWN], { cwd: dir, env });
  const head = sh('git', ['rev-parse', 'HEAD'], { cwd: dir, env }).trim();
  const parts = [];
  for (let k = 0; k < writers; k++) {
    const writer = writerName(k);
    const ref = k === 0 ? `refs/checkpoints/${writer}` : `refs/checkpoints/remotes/origin/${writer}`;
    // Writers take turns, one second apart: their chains interleave in time.
    parts.push(chainScript({ writer, count: per, ref, head, timeOf: (i) => BASE_MS + (i * writers + k) * 1000 }).script);
  }
  fastImport(dir, env, parts.join(''));
  return { dir, env, head, writers, per, counts: Array(writers).fill(per), fetched: 0 };
}

/** One more checkpoint on a chain, as a save (own) or a fetch (a teammate's) leaves it. */
function moveTip(fx, k) {
  const writer = writerName(k);
  const ref = k === 0 ? `refs/checkpoints/${writer}` : `refs/checkpoints/remotes/origin/${writer}`;
  // Each chain goes on from its own count (its Checkpoint-Seq), as a save or a fetch leaves it.
  const start = fx.counts[k]++;
  const from = sh('git', ['rev-parse', ref], { cwd: fx.dir, env: fx.env }).trim();
  const timeOf = (i) => BASE_MS + (i * fx.writers + k) * 1000;
  fastImport(fx.dir, fx.env, chainScript({ writer, count: 1, ref, head: fx.head, start, from, timeOf }).script);
}

function dropCaches(fx) {
  const common = sh('git', ['rev-parse', '--git-common-dir'], { cwd: fx.dir, env: fx.env }).trim();
  for (const name of ['list-cache.jsonl', 'list-cache.json', 'list-view.json', 'list-all.json', 'list-own.json']) rmSync(join(fx.dir, common, 'checkpoint', name), { recursive: true, force: true });
}

/** Runs argv under /usr/bin/time: wall ms, CPU ms (user + sys of everything it started), peak RSS (KiB). */
function measure(argv, opts) {
  const t = process.hrtime.bigint();
  const res = spawnSync('/usr/bin/time', ['-f', '@@ %U %S %M', ...argv], { ...opts, encoding: 'utf8', maxBuffer: 1 << 30 });
  const wall = Number(process.hrtime.bigint() - t) / 1e6;
  const m = /@@ ([\d.]+) ([\d.]+) (\d+)\s*$/.exec(res.stderr);
  if (!m || (res.status !== 0 && res.status !== 3)) throw new Error(`${argv.join(' ')} failed (${res.status}): ${res.stderr}`);
  return { wall, cpu: (Number(m[1]) + Number(m[2])) * 1000, rss: Number(m[3]) };
}

/** `compare` on wall time, also collecting CPU time and peak memory of each side. */
function row(name, fx, { tool, baseline, target, before }) {
  const seen = { tool: [], base: [] };
  const run = (side, argv) => { const m = measure(argv, { cwd: fx.dir, env: fx.env }); seen[side].push(m); return m.wall; };
  const r = compare({
    name, target, before, runs: RUNS,
    tool: () => run('tool', [BUNDLE, ...tool]),
    baseline: () => run('base', ['sh', '-c', `node -e 0\n${baseline} >/dev/null`]),
  });
  const med = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
  const cpu = med(seen.tool.map((m) => m.cpu)) / Math.max(1, med(seen.base.map((m) => m.cpu)));
  // Peak of the measured runs (the warm-up before them may have built the caches). The peak is
  // the largest single process: git's too, whose mapped pack counts as resident once it has read
  // objects all over it (1,000 chain tips), so the baseline's peak is shown next to it.
  const peak = (side) => Math.max(...seen[side].slice(1).map((m) => m.rss)) / 1024;
  const rss = peak('tool');
  return { ...r, name: `${name} [cpu ${cpu.toFixed(2)}×, peak ${rss.toFixed(0)} MB, baseline ${peak('base').toFixed(0)} MB]`, cpuRatio: cpu, peakMb: rss };
}

function rowsFor(label, fx) {
  const chains = `--glob=refs/checkpoints`;
  const tip = `refs/checkpoints/${OWN}`;
  const questions = [
    { what: 'list -n 20', tool: ['list', '-n', '20'], baseline: `git log -n 20 --format='${LOG_FORMAT}' ${chains}` },
    { what: 'show latest', tool: ['show', 'latest'], baseline: `git show ${tip}:checkpoint.json` },
    { what: 'resume', tool: ['resume'], baseline: `git show ${tip}:checkpoint.json && git status --porcelain=v2 -z --branch` },
    { what: 'status', tool: ['status'], baseline: `git show ${tip}:checkpoint.json && git status --porcelain=v2 -z --branch` },
  ];
  const states = [
    { state: 'warm', target: 1.5 },
    { state: 'after a save', target: 2, before: () => moveTip(fx, 0) },
    ...(fx.writers > 1 ? [{ state: 'after a fetch', target: 2, before: () => moveTip(fx, 1 + (fx.fetched++ % (fx.writers - 1))) }] : []),
    { state: 'no cache', target: 3, before: () => dropCaches(fx) },
  ];
  const rows = [];
  for (const s of states) {
    for (const q of questions) {
      process.stderr.write(`bench: scale ${label} ${q.what} ${s.state}\n`);
      rows.push(row(`${q.what}, ${s.state} (${label})`, fx, { ...q, target: s.target, before: s.before }));
    }
  }
  return rows;
}

export async function run() {
  const wanted = (process.env.GIT_CHECKPOINT_SCALE ?? Object.keys(SIZES).join(',')).split(',').map((s) => s.trim()).filter(Boolean);
  const rows = [];
  for (const label of wanted) {
    const size = SIZES[label];
    if (!size) throw new Error(`unknown scale '${label}' (one of ${Object.keys(SIZES).join(', ')})`);
    const root = tempDir();
    try {
      const env = benchEnv(join(root, 'home'));
      process.stderr.write(`bench: scale ${label}: writing ${size.writers * size.per} checkpoints\n`);
      const fx = makeFixture(join(root, 'repo'), env, size);
      rows.push(...rowsFor(label, fx));
    } finally {
      removeDir(root);
    }
  }
  return rows;
}
