// The hooks run inside every `git switch` (SPEC §10): `git switch` between two
// branches with and without the post-checkout hook, in a repository holding
// 10,000 checkpoints (written straight into the storage format with
// `git fast-import`, not 10,000 tool runs). Budget (SPEC §10): the hook adds
// at most 50 ms at the median beyond one node start (every baseline runs
// `node -e 0` after the switch). Also `git checkpoint --version` against `node -e 0`.
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchEnv, BUNDLE, compare, removeDir, sh, tempDir, timeOnce, timeScript, timeTool } from './lib.mjs';

const CHECKPOINTS = 10_000;
/** SPEC §10: tens of milliseconds beyond node's own start-up. */
const BUDGET_MS = 50;
const WRITER = 'bench-b3nch0';

/** One checkpoint commit in fast-import's stream format. */
function checkpointCommit(template, i, branch) {
  const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000);
  const id = `${at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}-${String(i % 10000).padStart(4, '0')}`;
  const title = `bench task ${i} on ${branch}`;
  const record = { ...template, id, createdAt: at.toISOString(), writer: WRITER, task: { title, status: 'in_progress' },
    git: { ...template.git, branch }, parents: [] };
  const json = `${JSON.stringify(record, null, 2)}\n`;
  const md = `# ${title}\n`;
  const message = `checkpoint: ${title}\n\nCheckpoint-Id: ${id}\nCheckpoint-Writer: ${WRITER}\nCheckpoint-Branch: ${branch}\nCheckpoint-Seq: ${i + 1}\n`;
  const when = `${Math.floor(at.getTime() / 1000)} +0000`;
  const data = (s) => `data ${Buffer.byteLength(s)}\n${s}\n`;
  return `commit refs/checkpoints/${WRITER}\nauthor Bench Mark <bench@example.com> ${when}\ncommitter Bench Mark <bench@example.com> ${when}\n${data(message)}`
    + `M 100644 inline checkpoint.json\n${data(json)}M 100644 inline CHECKPOINT.md\n${data(md)}\n`;
}

/** `other` holds only the oldest checkpoint (a full walk), `main` one in the middle, the rest on 100 feature branches. */
function branchOf(i) {
  if (i === 0) return 'other';
  if (i === CHECKPOINTS / 2) return 'main';
  return `feature-${i % 100}`;
}

function setup(root) {
  const env = benchEnv(join(root, 'home'));
  const bin = join(root, 'bin');
  mkdirSync(bin);
  symlinkSync(BUNDLE, join(bin, 'git-checkpoint'));
  env.PATH = `${bin}:${env.PATH}`;
  const dir = join(root, 'repo');
  sh('git', ['init', '-q', '-b', 'main', dir], { env });
  const run = (...args) => sh('git', args, { cwd: dir, env });
  writeFileSync(join(dir, 'a.txt'), 'main\n');
  run('add', '.');
  run('commit', '-q', '-m', 'main');
  run('switch', '-q', '-c', 'other');
  writeFileSync(join(dir, 'a.txt'), 'other\n');
  writeFileSync(join(dir, 'b.txt'), 'only on other\n');
  run('add', '.');
  run('commit', '-q', '-m', 'other');
  run('switch', '-q', 'main');
  sh('git', ['checkpoint', 'save', '-q', '-m', 'template'], { cwd: dir, env });
  const writer = run('config', 'checkpoint.writer').trim();
  const template = JSON.parse(run('show', `refs/checkpoints/${writer}:checkpoint.json`));
  run('update-ref', '-d', `refs/checkpoints/${writer}`);
  let stream = '';
  for (let i = 0; i < CHECKPOINTS; i++) stream += checkpointCommit(template, i, branchOf(i));
  sh('git', ['fast-import', '--quiet'], { cwd: dir, env, input: stream });
  sh('git', ['checkpoint', 'install', '-q'], { cwd: dir, env });
  writeFileSync(join(dir, 'scratch.txt'), 'uncommitted work\n');
  mkdirSync(join(root, 'no-hooks'));
  return { env, dir };
}

/**
 * One fetched chain whose checkpoint title is 10 MB (SPEC §9: one hostile
 * chain must not tax everyone): the hook indexes a cut title once, then every
 * switch costs what it did. Same budget: at most 50 ms over a plain switch and a node start.
 */
function benchHostileTitle(dir, env, { withHook, without }) {
  const writer = 'mallory-t1t1e0';
  const title = 'word '.repeat(2 * 1024 * 1024);
  const message = `checkpoint: ${title}\n\nCheckpoint-Id: 20260102-000000-big0\nCheckpoint-Writer: ${writer}\nCheckpoint-Branch: other\n`;
  const tree = sh('git', ['mktree'], { cwd: dir, env, input: '' }).trim();
  const commit = sh('git', ['commit-tree', tree, '-F', '-'], { cwd: dir, env, input: message }).trim();
  sh('git', ['update-ref', `refs/checkpoints/remotes/origin/${writer}`, commit], { cwd: dir, env });
  const row = compare({ name: 'git switch with the post-checkout hook, plus a chain with a 10 MB title', tool: withHook, baseline: without, runs: 15 });
  const added = row.toolMs - row.baseMs;
  process.stderr.write(`bench: with the 10 MB title chain the hook adds ${added.toFixed(1)} ms at the median (budget ${BUDGET_MS} ms)\n`);
  return { ...row, target: Number(((row.baseMs + BUDGET_MS) / row.baseMs).toFixed(2)), pass: added <= BUDGET_MS };
}

export async function run() {
  const root = tempDir();
  try {
    const { env, dir } = setup(root);
    const count = sh('git', ['rev-list', '--count', `refs/checkpoints/${WRITER}`], { cwd: dir, env }).trim();
    process.stderr.write(`bench: ${count} checkpoints on refs/checkpoints/${WRITER}\n`);
    let onMain = true;
    const target = () => (onMain = !onMain) ? 'main' : 'other';
    const plain = join(root, 'no-hooks');
    const withHook = () => timeOnce('git', ['switch', '-q', target()], { cwd: dir, env });
    // Every baseline holds one node start (SPEC §11): the switch without the hook, then `node -e 0`.
    const without = () => timeOnce('git', ['-c', `core.hooksPath=${plain}`, 'switch', '-q', target()], { cwd: dir, env }) + timeScript('', { cwd: dir, env });
    const sample = sh('sh', ['-c', 'git switch -q other 2>&1; git switch -q main 2>&1'], { cwd: dir, env });
    process.stderr.write(`bench: the reminder it prints:\n${sample}`);
    const row = compare({ name: `git switch with the post-checkout hook, ${CHECKPOINTS} checkpoints`, tool: withHook, baseline: without, runs: 15 });
    const added = row.toolMs - row.baseMs;
    process.stderr.write(`bench: the hook adds ${added.toFixed(1)} ms at the median (budget ${BUDGET_MS} ms)\n`);
    const switchRow = { ...row, target: Number(((row.baseMs + BUDGET_MS) / row.baseMs).toFixed(2)), pass: added <= BUDGET_MS };
    // Informational: the first switch with no per-branch index walks all 10,000 (later ones read the index and walk what is new).
    const dropIndex = () => rmSync(join(dir, '.git', 'checkpoint', 'branch-index.json'), { force: true });
    const coldRow = compare({
      name: `git switch with the post-checkout hook, no branch index yet (walks all ${CHECKPOINTS})`,
      tool: withHook, baseline: without, runs: 9, before: dropIndex,
    });
    // The same hook alone, against node's own start: what the hook costs beyond the floor of any Node tool.
    const [oldHead, newHead] = ['main', 'other'].map((b) => sh('git', ['rev-parse', b], { cwd: dir, env }).trim());
    const hookRow = compare({
      name: 'post-checkout hook script alone vs node -e 0',
      tool: () => timeOnce(join(dir, '.git', 'hooks', 'post-checkout'), [oldHead, newHead, '1'], { cwd: dir, env }),
      baseline: () => timeScript('', { cwd: dir, env }),
      runs: 15,
    });
    process.stderr.write(`bench: the hook alone costs ${(hookRow.toolMs - hookRow.baseMs).toFixed(1)} ms beyond node -e 0 (${hookRow.baseMs.toFixed(1)} ms)\n`);
    const versionRow = compare({
      name: 'git checkpoint --version vs node -e 0',
      tool: () => timeTool(['--version'], { cwd: dir, env }),
      baseline: () => timeScript('', { cwd: dir, env }),
      runs: 15,
      target: 1.3,
    });
    const hostileRow = benchHostileTitle(dir, env, { withHook, without });
    return [switchRow, coldRow, hookRow, versionRow, hostileRow];
  } finally {
    if (process.env.BENCH_KEEP) process.stderr.write(`bench: kept ${root}\n`);
    else removeDir(root);
  }
}
