// Cost that grows with what is asked, not with history: save and resume with
// 1,000 dirty files, fetch after 1,000 writers moved, the first push of a
// 100,000-checkpoint chain, a save next to 100,000 notes, and the
// post-checkout hook on its first run over 100,000 checkpoints and in a
// 100,000-file tree. Each row runs side by side with the git plumbing that
// answers the same question (plus one `node -e 0`); fixtures come from
// `git fast-import` in the stored format. BENCH_HISTORY_SCALE (default 1)
// shrinks every size for a quick run.
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchEnv, BUNDLE, compare, makeBigRepo, recordScript, removeDir, sh, STATUS_SCRIPT, tempDir, timeOnce, timeScript, timeTool } from './lib.mjs';
import { chainScript, fastImport, FETCH_REFSPECS, writeChain } from './fixtures.mjs';

const SCALE = Number(process.env.BENCH_HISTORY_SCALE ?? 1);
const sized = (n) => Math.max(1, Math.round(n * SCALE));
const DIRTY = sized(1000);
const WRITERS = sized(1000);
const CHAIN = sized(100_000);
const TREE = sized(100_000);
const DIRTY_TREE = sized(30_000);
const WRITER = 'bench-h1st0r';

export async function run() {
  const root = tempDir();
  try {
    const env = benchEnv(join(root, 'home'));
    const bin = join(root, 'bin');
    mkdirSync(bin);
    symlinkSync(BUNDLE, join(bin, 'git-checkpoint'));
    env.PATH = `${bin}:${env.PATH}`;
    return [...dirtyRows(root, env), fetchRow(root, env), ...chainRows(root, env), hookTreeRow(root, env)];
  } finally {
    removeDir(root);
  }
}

/** save (with and without wip) and resume in a DIRTY_TREE-file tree with DIRTY uncommitted files, half edited, half new. */
function dirtyRows(root, env) {
  const dir = makeBigRepo(join(root, 'dirty'), env, DIRTY_TREE);
  const changed = [];
  for (let i = 0; i < DIRTY; i++) {
    const path = i % 2 ? `src/d${String(i % sized(300)).padStart(4, '0')}/f${Math.floor(i / sized(300)) % 100}.txt` : `new/n${i}.txt`;
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), `uncommitted ${i}\n`);
    changed.push(path);
  }
  const list = join(root, 'dirty.txt');
  writeFileSync(list, `${changed.join('\n')}\n`);
  const opts = { cwd: dir, env };
  sh(process.execPath, [BUNDLE, 'save', '-q', '-m', 'first'], opts);
  const hashed = `${STATUS_SCRIPT}\ngit hash-object --stdin-paths < ${list} >/dev/null`;
  const wipByGit = `${STATUS_SCRIPT}
export GIT_INDEX_FILE="$(git rev-parse --absolute-git-dir)/bench-index"
git read-tree HEAD && git update-index --add --remove --stdin < ${list} && w=$(git write-tree) || exit 1
rm -f "$GIT_INDEX_FILE"; unset GIT_INDEX_FILE
${recordScript(true)}`;
  return [
    compare({
      name: `save --no-wip, ${DIRTY} dirty files (${DIRTY_TREE} files) ÷ status + hash-object + record plumbing`,
      tool: () => timeTool(['save', '-q', '-m', 'bench', '--no-wip'], opts),
      baseline: () => timeScript(`${hashed}\n${recordScript(false)}`, opts),
      target: 1.5,
    }),
    compare({
      name: `save with wip, ${DIRTY} dirty files (${DIRTY_TREE} files) ÷ status + temp index of the changed paths + record plumbing`,
      tool: () => timeTool(['save', '-q', '-m', 'bench'], opts),
      baseline: () => timeScript(wipByGit, opts),
      target: 1.5,
    }),
    compare({
      name: `resume, ${DIRTY} dirty files (${DIRTY_TREE} files) ÷ status + hash-object of the changed paths`,
      tool: () => timeTool(['resume'], opts),
      baseline: () => timeScript(hashed, opts),
      target: 1.5,
    }),
  ];
}

/** fetch after one new checkpoint on each of WRITERS chains, against git fetch of the same refspecs. */
function fetchRow(root, env) {
  const remote = join(root, 'writers.git');
  sh('git', ['init', '-q', '--bare', remote], { env });
  const writers = Array.from({ length: WRITERS }, (_, k) => `w${String(k).padStart(4, '0')}-${String(k).padStart(6, 'a')}`);
  const chains = (start) => {
    const tips = new Map(sh('git', ['for-each-ref', '--format=%(refname) %(objectname)', 'refs/checkpoints/'], { cwd: remote, env }).split('\n').filter(Boolean).map((l) => l.split(' ')));
    return writers.map((writer) => {
      const ref = `refs/checkpoints/${writer}`;
      return chainScript({ writer, ref, count: 1, start, from: tips.get(ref) ?? '' }).script;
    }).join('');
  };
  fastImport(remote, env, chains(0));
  const clone = join(root, 'writers-clone');
  sh('git', ['init', '-q', '-b', 'main', clone], { env });
  sh('git', ['remote', 'add', 'origin', `file://${remote}`], { cwd: clone, env });
  sh(process.execPath, [BUNDLE, 'fetch', '-q', 'origin'], { cwd: clone, env });
  const before = sh('git', ['for-each-ref', '--format=update %(refname) %(objectname)', 'refs/checkpoints/remotes/'], { cwd: clone, env });
  fastImport(remote, env, chains(1));
  return compare({
    name: `fetch after ${WRITERS} writers moved (file://) ÷ git fetch`,
    before: () => sh('git', ['update-ref', '--stdin'], { cwd: clone, env, input: before }),
    tool: () => timeTool(['fetch', '-q', 'origin'], { cwd: clone, env }),
    baseline: () => timeScript(`git fetch -q --no-tags --no-write-fetch-head origin ${FETCH_REFSPECS.map((r) => `'${r}'`).join(' ')}`, { cwd: clone, env }),
    runs: 5,
    target: 1.1,
  });
}

/** A CHAIN-checkpoint own chain with a note for each: save next to the notes, the first push, the hook's first walk. */
function chainRows(root, env) {
  const dir = join(root, 'chain');
  sh('git', ['init', '-q', '-b', 'main', dir], { env });
  const opts = { cwd: dir, env };
  writeFileSync(join(dir, 'a.txt'), 'main\n');
  sh('git', ['add', '.'], opts);
  sh('git', ['commit', '-q', '-m', 'main'], opts);
  sh('git', ['branch', 'other'], opts);
  writeChain(dir, env, { writer: WRITER, count: CHAIN, branch: 'other' });
  sh('git', ['config', 'checkpoint.writer', WRITER], opts);
  // One note per checkpoint commit, written by fast-import (which lays notes out in git's fanout).
  const commits = sh('git', ['rev-list', `refs/checkpoints/${WRITER}`], opts).trim().split('\n');
  const note = 'checkpoint x on main: benchmark\n';
  const notes = commits.map((c) => `N inline ${c}\ndata ${note.length}\n${note}`).join('');
  const stream = `commit refs/notes/checkpoints/${WRITER}\ncommitter Bench Mark <bench@example.com> 1780000000 +0000\ndata 6\nnotes\n${notes}\n`;
  sh('git', ['fast-import', '--quiet'], { ...opts, input: stream });
  sh('git', ['update-ref', 'refs/notes/checkpoints/plumbing-000000', `refs/notes/checkpoints/${WRITER}`], opts);
  const saveRow = compare({
    name: `save next to ${CHAIN} notes ÷ status + record plumbing + git notes append`,
    tool: () => timeTool(['save', '-q', '-m', 'bench', '--no-wip'], opts),
    baseline: () => timeScript(`${STATUS_SCRIPT}\n${recordScript(false)}`, opts),
    target: 1.5,
  });
  const growth = objectGrowth(dir, env);
  saveRow.name += `; objects written per save ${growth.tool} KiB, per git notes append ${growth.git} KiB`;

  const remote = join(root, 'chain.git');
  sh('git', ['remote', 'add', 'origin', `file://${remote}`], opts);
  const pushRefs = [`refs/checkpoints/${WRITER}`, `refs/notes/checkpoints/${WRITER}`];
  const pushRow = compare({
    name: `first push of a ${CHAIN}-checkpoint chain and its notes (file://) ÷ git push`,
    before: () => { removeDir(remote); sh('git', ['init', '-q', '--bare', remote], { env }); },
    tool: () => timeTool(['push', '-q', 'origin'], opts),
    baseline: () => timeScript(`git push -q origin ${pushRefs.map((r) => `${r}:${r}`).join(' ')}`, opts),
    runs: 3,
    target: 1.1,
  });
  // A first run: neither the branch index nor its copy for the hook script (hooks/post-checkout) is there yet,
  // nor a build of it in the background: the one the run before started (`hook branch-index`, which walks all
  // CHAIN commits) is waited for, so that no run is timed against another one's leftover work.
  const firstRun = () => {
    const building = join(dir, '.git', 'checkpoint', 'branch-index.building');
    for (const end = Date.now() + 120_000; existsSync(building) && Date.now() < end;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    for (const f of ['branch-index.json', 'branch-index.building']) rmSync(join(dir, '.git', 'checkpoint', f), { force: true });
  };
  const hookRow = hookRows(dir, env, `the post-checkout hook's first run over ${CHAIN} checkpoints`, 300, firstRun);
  return [saveRow, pushRow, hookRow];
}

/** KiB of loose objects one tool save and one `git notes append` add. */
function objectGrowth(dir, env) {
  const size = () => Number(/^size: (\d+)$/m.exec(sh('git', ['count-objects', '-v'], { cwd: dir, env }))[1]);
  const s0 = size();
  sh(process.execPath, [BUNDLE, 'save', '-q', '-m', 'growth', '--no-wip'], { cwd: dir, env });
  const s1 = size();
  sh('git', ['notes', '--ref', 'refs/notes/checkpoints/plumbing-000000', 'append', '-m', 'checkpoint y on main: growth', 'HEAD'], { cwd: dir, env });
  return { tool: s1 - s0, git: size() - s1 };
}

/** The hook, warm, in a TREE-file work tree (it takes no status count there). */
function hookTreeRow(root, env) {
  const dir = makeBigRepo(join(root, 'tree'), env, TREE);
  sh('git', ['branch', 'other'], { cwd: dir, env });
  sh(process.execPath, [BUNDLE, 'save', '-q', '-m', 'bench', '--no-wip'], { cwd: dir, env });
  return hookRows(dir, env, `the post-checkout hook, warm, in a ${TREE}-file tree`, 60);
}

/** `git switch` between main and other with the hook installed and without; the row passes when the hook adds at most `budgetMs`. */
function hookRows(dir, env, what, budgetMs, before) {
  sh(process.execPath, [BUNDLE, 'install', '-q'], { cwd: dir, env });
  const plain = join(dir, '..', `${what.length}-no-hooks`);
  mkdirSync(plain, { recursive: true });
  let onMain = true;
  const target = () => ((onMain = !onMain) ? 'main' : 'other');
  const row = compare({
    name: `${what}: git switch with it ÷ without`,
    before,
    tool: () => timeOnce('git', ['switch', '-q', target()], { cwd: dir, env }),
    baseline: () => timeOnce('git', ['-c', `core.hooksPath=${plain}`, 'switch', '-q', target()], { cwd: dir, env }),
    runs: before ? 5 : 11,
  });
  const added = row.toolMs - row.baseMs;
  return { ...row, name: `${row.name} (adds ${added.toFixed(1)} ms; budget ${budgetMs} ms)`, target: Number(((row.baseMs + budgetMs) / row.baseMs).toFixed(2)), pass: added <= budgetMs };
}
