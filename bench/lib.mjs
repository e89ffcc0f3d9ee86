// Shared benchmark helpers. Timings are wall-clock medians of runs that
// alternate tool and baseline side by side in one process, so machine noise
// hits both; what we report is the ratio of medians.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BUNDLE = join(ROOT, 'bin', 'git-checkpoint.cjs');

/** An isolated environment: no user or system git config leaks into a measurement. */
export function benchEnv(home) {
  mkdirSync(home, { recursive: true });
  const cfg = join(home, '.gitconfig');
  writeFileSync(cfg, '[user]\n\tname = Bench Mark\n\temail = bench@example.com\n[init]\n\tdefaultBranch = main\n[gc]\n\tauto = 0\n');
  return { ...process.env, HOME: home, GIT_CONFIG_GLOBAL: cfg, GIT_CONFIG_NOSYSTEM: '1', LANG: 'C.UTF-8' };
}

/** mulberry32: the same sequence for the same seed (fuzzing, kill campaigns). */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function tempDir(prefix = 'gcp-bench-') {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function removeDir(dir) {
  rmSync(dir, { recursive: true, force: true });
}

/** Runs a command, throws when it fails, returns stdout. */
export function sh(cmd, args, opts) {
  const res = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 30, ...opts });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${res.status}): ${res.stderr}`);
  return res.stdout;
}

/** Wall time of one run in milliseconds. */
export function timeOnce(cmd, args, opts) {
  const t = process.hrtime.bigint();
  const res = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 30, ...opts });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (res.status !== 0 && !opts?.allowFail) throw new Error(`${cmd} ${args.join(' ')} failed (${res.status}): ${res.stderr}`);
  return ms;
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Alternates `tool()` and `baseline()` (each returns ms) `runs` times after one
 * warm-up each, and returns the medians and their ratio.
 */
export function compare({ name, tool, baseline, runs = 9, target, before }) {
  before?.();
  tool();
  before?.();
  baseline();
  const t = [];
  const b = [];
  for (let i = 0; i < runs; i++) {
    before?.();
    t.push(tool());
    before?.();
    b.push(baseline());
  }
  const toolMs = median(t);
  const baseMs = median(b);
  const ratio = toolMs / baseMs;
  return { name, toolMs, baseMs, ratio, target, pass: target === undefined ? null : ratio <= target };
}

/** Times a POSIX shell script: every baseline is `node -e 0` plus the git plumbing doing the same work. */
export function timeScript(script, opts) {
  return timeOnce('sh', ['-c', `node -e 0\n${script}`], opts);
}

/** The status every save and resume reads, as the baselines run it. */
export const STATUS_SCRIPT = 'git status --porcelain=v2 -z --branch --untracked-files=all >/dev/null';

/**
 * What any save writes, done by git alone: the record and its markdown, their
 * tree (with the wip tree `$w` when `wip`), the commit, the chain ref and the note.
 */
export function recordScript(wip) {
  return `j=$(printf '{"task":"bench"}\\n' | git hash-object -w --stdin)
m=$(printf '# bench\\n' | git hash-object -w --stdin)
t=$(printf '100644 blob %s\\tCHECKPOINT.md\\n100644 blob %s\\tcheckpoint.json\\n${wip ? '040000 tree %s\\twip\\n' : ''}' $m $j ${wip ? '$w' : ''} | git mktree)
old=$(git rev-parse -q --verify refs/checkpoints/plumbing-000000)
c=$(git commit-tree $t \${old:+-p $old} -m 'checkpoint: bench')
git update-ref refs/checkpoints/plumbing-000000 $c $old
git notes --ref refs/notes/checkpoints/plumbing-000000 append -m "checkpoint x on main: bench" HEAD`;
}

/** Times the bundled tool with `args` in `cwd`. */
export function timeTool(args, opts) {
  // As git runs it: the file itself, through its #! line (bin/git-checkpoint.cjs).
  return timeOnce(BUNDLE, args, opts);
}

/** A repository with `files` tracked files (in directories of 100) and one commit. */
export function makeBigRepo(dir, env, files = 30000) {
  mkdirSync(dir, { recursive: true });
  sh('git', ['init', '-q', '-b', 'main', dir], { env });
  for (let d = 0; d < Math.ceil(files / 100); d++) {
    const sub = join(dir, 'src', `d${String(d).padStart(4, '0')}`);
    mkdirSync(sub, { recursive: true });
    for (let f = 0; f < 100 && d * 100 + f < files; f++) writeFileSync(join(sub, `f${f}.txt`), `file ${d}/${f}\n`);
  }
  sh('git', ['add', '-A'], { cwd: dir, env });
  sh('git', ['commit', '-q', '-m', 'many files'], { cwd: dir, env });
  sh('git', ['status', '--porcelain'], { cwd: dir, env }); // refresh the index once
  return dir;
}

/** Prints the summary table and returns false when a target was missed. */
export function printTable(rows) {
  const head = '| benchmark | tool (ms) | baseline (ms) | ratio | target | ok |';
  const sep = '| --- | ---: | ---: | ---: | ---: | --- |';
  const lines = rows.map((r) =>
    `| ${r.name} | ${r.toolMs.toFixed(1)} | ${r.baseMs.toFixed(1)} | ${r.ratio.toFixed(2)}× | ${r.budgetMs !== undefined ? `≤ ${r.budgetMs} ms` : r.target === undefined ? '—' : `≤ ${r.target}×`} | ${r.pass === null ? '—' : r.pass ? 'yes' : 'NO'} |`,
  );
  console.log([head, sep, ...lines].join('\n'));
  return rows.every((r) => r.pass !== false);
}
