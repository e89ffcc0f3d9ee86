// Issue "foundation": `save` on a 30,000-file repository with 10 dirty files
// (with and without the wip snapshot), and `list` over 2,000 checkpoints, each against the git plumbing doing the
// same work (plus one `node -e 0`, the floor of any Node tool).
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchEnv, compare, makeBigRepo, recordScript, removeDir, sh, STATUS_SCRIPT, tempDir, timeScript, timeTool } from './lib.mjs';
import { writeChain } from './fixtures.mjs';

export async function run() {
  const root = tempDir();
  try {
    const env = benchEnv(join(root, 'home'));
    return [...benchSave(root, env), ...benchList(root, env)];
  } finally {
    removeDir(root);
  }
}

function benchSave(root, env) {
  const dir = makeBigRepo(join(root, 'big'), env, 30000);
  const dirty = [];
  for (let i = 0; i < 10; i++) {
    const path = `src/d${String(i * 7).padStart(4, '0')}/f${i}.txt`;
    writeFileSync(join(dir, path), `changed ${i}\n`);
    dirty.push(path);
  }
  writeFileSync(join(root, 'dirty.txt'), `${dirty.join('\n')}\n`);
  const script = `
${STATUS_SCRIPT}
git log -n8 --first-parent -z --format='%H%x01%s' HEAD >/dev/null
git hash-object --stdin-paths < ${root}/dirty.txt >/dev/null
${recordScript(false)}
`;
  // With the wip snapshot, git builds the same tree from HEAD's in a temporary index of the changed paths.
  const wipScript = `
${STATUS_SCRIPT}
git log -n8 --first-parent -z --format='%H%x01%s' HEAD >/dev/null
export GIT_INDEX_FILE="$(git rev-parse --absolute-git-dir)/bench-index"
git read-tree HEAD && git update-index --add --remove --stdin < ${root}/dirty.txt && w=$(git write-tree) || exit 1
rm -f "$GIT_INDEX_FILE"; unset GIT_INDEX_FILE
${recordScript(true)}
`;
  const args = ['save', '-m', 'bench', '--decision', 'a :: b', '--next', 'step'];
  // Budgets of "cost that grows with what is asked" (the foundation's were 1.5×).
  return [
    compare({
      name: 'save (30,000 files, 10 dirty)',
      tool: () => timeTool([...args, '--no-wip'], { cwd: dir, env }),
      baseline: () => timeScript(script, { cwd: dir, env }),
      runs: 11,
      target: 1.2,
    }),
    compare({
      name: 'save with wip (30,000 files, 10 dirty) ÷ status + temp index of the changed paths + record plumbing',
      tool: () => timeTool(args, { cwd: dir, env }),
      baseline: () => timeScript(wipScript, { cwd: dir, env }),
      runs: 11,
      target: 1.2,
    }),
  ];
}

function benchList(root, env) {
  const dir = join(root, 'many');
  sh('git', ['init', '-q', '-b', 'main', dir], { env });
  sh('git', ['commit', '-q', '--allow-empty', '-m', 'init'], { cwd: dir, env });
  writeChain(dir, env, { writer: 'bench-aaaaaa', count: 2000 });
  const format = '%H%x00%cI%x00%(trailers:key=Checkpoint-Id,valueonly)%x00%(trailers:key=Checkpoint-Branch,valueonly)%x00%(trailers:key=Checkpoint-Writer,valueonly)%x00%s';
  const baseline = () => timeScript(`git log --glob=refs/checkpoints --format='${format}' >/dev/null`, { cwd: dir, env });
  const tool = () => timeTool(['list', '-n', '0'], { cwd: dir, env });
  return [
    compare({ name: 'list (2,000 checkpoints)', tool, baseline, runs: 11, target: 1.5 }),
    // Informational: the first list after the cache is dropped validates all 2,000 records.
    compare({
      name: 'list (2,000, cold listing cache)', tool, baseline, runs: 5,
      before: () => { for (const name of ['list-cache.jsonl', 'list-view.json', 'list-all.json', 'list-own.json']) rmSync(join(dir, '.git', 'checkpoint', name), { force: true }); },
    }),
  ];
}
