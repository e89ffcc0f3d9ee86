// `resume` and `save` (with its wip snapshot) on a 30,000-file repository with
// some uncommitted work, side by side with the git plumbing doing the same job.
// Every baseline starts with `node -e 0` (timeScript), the floor for a Node tool.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLE, benchEnv, compare, makeBigRepo, recordScript, removeDir, sh, STATUS_SCRIPT, tempDir, timeScript, timeTool } from './lib.mjs';

const STATUS = STATUS_SCRIPT;
// What `save` does to the tree, done by git alone: a temporary index, add -A, write-tree.
const WIP_BY_GIT = `${STATUS}
export GIT_INDEX_FILE="$(git rev-parse --absolute-git-dir)/bench-index"
git read-tree HEAD && git add -A && git write-tree >/dev/null
rm -f "$GIT_INDEX_FILE"`;
// The tighter bar: what save does, done by git alone — status, a temporary index
// updated only for the changed paths, write-tree, then the record, its tree, the
// commit, the ref and the note.
const SAVE_BY_GIT = (changed) => `${STATUS}
export GIT_INDEX_FILE="$(git rev-parse --absolute-git-dir)/bench-index"
git read-tree HEAD && git update-index --add --remove --stdin < ${changed} && w=$(git write-tree) || exit 1
rm -f "$GIT_INDEX_FILE"; unset GIT_INDEX_FILE
${recordScript(true)}`;

export async function run() {
  const root = tempDir();
  try {
    const env = benchEnv(join(root, 'home'));
    const dir = makeBigRepo(join(root, 'repo'), env);
    // Uncommitted work: 20 edited tracked files and 50 new ones.
    for (let i = 0; i < 20; i++) writeFileSync(join(dir, 'src', `d${String(i).padStart(4, '0')}`, 'f0.txt'), `edited ${i}\n`);
    for (let i = 0; i < 50; i++) writeFileSync(join(dir, `new-${i}.txt`), `new ${i}\n`);
    const changed = join(root, 'changed.txt');
    writeFileSync(changed, [...Array.from({ length: 20 }, (_, i) => `src/d${String(i).padStart(4, '0')}/f0.txt`), ...Array.from({ length: 50 }, (_, i) => `new-${i}.txt`)].join('\n') + '\n');
    sh(process.execPath, [BUNDLE, 'save', '-m', 'bench'], { cwd: dir, env });
    const opts = { cwd: dir, env };
    const resume = () => timeTool(['resume'], opts);
    const save = () => timeTool(['save', '-m', 'bench', '-q'], opts);
    return [
      compare({ name: 'resume ÷ save (30k files)', tool: resume, baseline: save, target: 1.5 }),
      compare({ name: 'resume ÷ node + git status (30k files)', tool: resume, baseline: () => timeScript(STATUS, opts) }),
      compare({ name: 'save with wip ÷ node + status + temp-index add -A (30k files)', tool: save, baseline: () => timeScript(WIP_BY_GIT, opts), target: 1.5 }),
      // Informational: add -A above re-reads all 30,000 files; this baseline touches only the 70 changed ones.
      compare({ name: 'save with wip ÷ node + status + temp index of the changed paths + save plumbing', tool: save, baseline: () => timeScript(SAVE_BY_GIT(changed), opts) }),
    ];
  } finally {
    removeDir(root);
  }
}
