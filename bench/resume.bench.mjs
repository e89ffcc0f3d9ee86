// `resume` and `save` (with its wip snapshot) on a 30,000-file repository with
// some uncommitted work, side by side with the git plumbing doing the same job.
// Every baseline starts with `node -e 0` (timeScript), the floor for a Node tool.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLE, benchEnv, compare, makeBigRepo, removeDir, sh, tempDir, timeScript, timeTool } from './lib.mjs';

const STATUS = 'git status --porcelain=v2 -z --branch --untracked-files=all >/dev/null';
// What `save` does to the tree, done by git alone: a temporary index, add -A, write-tree.
const WIP_BY_GIT = `${STATUS}
export GIT_INDEX_FILE="$(git rev-parse --absolute-git-dir)/bench-index"
git read-tree HEAD && git add -A && git write-tree >/dev/null
rm -f "$GIT_INDEX_FILE"`;

export async function run() {
  const root = tempDir();
  try {
    const env = benchEnv(join(root, 'home'));
    const dir = makeBigRepo(join(root, 'repo'), env);
    // Uncommitted work: 20 edited tracked files and 50 new ones.
    for (let i = 0; i < 20; i++) writeFileSync(join(dir, 'src', `d${String(i).padStart(4, '0')}`, 'f0.txt'), `edited ${i}\n`);
    for (let i = 0; i < 50; i++) writeFileSync(join(dir, `new-${i}.txt`), `new ${i}\n`);
    sh(process.execPath, [BUNDLE, 'save', '-m', 'bench'], { cwd: dir, env });
    const opts = { cwd: dir, env };
    const resume = () => timeTool(['resume'], opts);
    const save = () => timeTool(['save', '-m', 'bench', '-q'], opts);
    return [
      compare({ name: 'resume ÷ save (30k files)', tool: resume, baseline: save, target: 1.5 }),
      compare({ name: 'resume ÷ node + git status (30k files)', tool: resume, baseline: () => timeScript(STATUS, opts) }),
      compare({ name: 'save with wip ÷ node + status + temp-index add -A (30k files)', tool: save, baseline: () => timeScript(WIP_BY_GIT, opts), target: 1.5 }),
    ];
  } finally {
    removeDir(root);
  }
}
