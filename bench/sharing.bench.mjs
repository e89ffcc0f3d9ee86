// Sharing (SPEC §5): `fetch` of 5,000 checkpoints from a file:// remote
// against a plain `git fetch` of the same refspecs, and `list` over 20
// writers × 500 checkpoints against one `git log --glob=refs/checkpoints`
// printing the same fields. Fixtures come from one `git fast-import` each.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { FETCH_REFSPECS } from './fixtures.mjs';
import { benchEnv, BUNDLE, compare, removeDir, sh, tempDir, timeScript, timeTool } from './lib.mjs';

const FETCH_COUNT = 5000;
const WRITERS = 20;
const PER_WRITER = 500;

/** A real record saved by the tool: the template every generated checkpoint copies. */
function templateRecord(root, env) {
  const dir = join(root, 'template');
  sh('git', ['init', '-q', '-b', 'main', dir], { env });
  sh('git', ['commit', '-q', '--allow-empty', '-m', 'base'], { cwd: dir, env });
  sh(process.execPath, [BUNDLE, 'save', '-m', 'template', '--no-wip'], { cwd: dir, env });
  const writer = sh('git', ['config', 'checkpoint.writer'], { cwd: dir, env }).trim();
  return JSON.parse(sh('git', ['show', `refs/checkpoints/${writer}:checkpoint.json`], { cwd: dir, env }));
}

function data(text) {
  return `data ${Buffer.byteLength(text)}\n${text}\n`;
}

/** A fast-import stream of `count` checkpoints on refs/checkpoints/<writer>, one second apart. */
function chainStream(template, writer, count, startSeconds) {
  const parts = [];
  for (let i = 0; i < count; i++) {
    const t = startSeconds + i;
    const iso = new Date(t * 1000).toISOString();
    const id = `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}-${(i % 1296).toString(36).padStart(4, '0')}`;
    const title = `task ${i} of ${writer}`;
    const record = { ...template, id, createdAt: iso, writer, task: { ...template.task, title } };
    const message = `checkpoint: ${title}\n\nCheckpoint-Id: ${id}\nCheckpoint-Writer: ${writer}\nCheckpoint-Branch: main\nCheckpoint-Seq: ${i + 1}\n`;
    parts.push(`commit refs/checkpoints/${writer}\n`, `committer Bench Mark <bench@example.com> ${t} +0000\n`, data(message));
    parts.push(`M 100644 inline checkpoint.json\n`, data(`${JSON.stringify(record, null, 2)}\n`));
    parts.push(`M 100644 inline CHECKPOINT.md\n`, data(`# ${title}\n`), '\n');
  }
  return parts.join('');
}

function fastImport(dir, env, stream) {
  const res = spawnSync('git', ['fast-import', '--quiet'], { cwd: dir, env, input: stream, maxBuffer: 1 << 30 });
  if (res.status !== 0) throw new Error(`fast-import failed: ${res.stderr}`);
}

function writersOf(count) {
  return Array.from({ length: count }, (_, w) => `bench${String(w).padStart(2, '0')}-${String(w).padStart(6, 'a')}`);
}

export async function run() {
  const root = tempDir();
  const env = benchEnv(join(root, 'home'));
  try {
    const template = templateRecord(root, env);
    const remote = join(root, 'remote.git');
    sh('git', ['init', '-q', '--bare', remote], { env });
    fastImport(remote, env, chainStream(template, writersOf(1)[0], FETCH_COUNT, 1_780_000_000));
    const clone = join(root, 'clone');
    const freshClone = () => {
      removeDir(clone);
      sh('git', ['init', '-q', '-b', 'main', clone], { env });
      sh('git', ['remote', 'add', 'origin', `file://${remote}`], { cwd: clone, env });
    };
    const fetchRow = compare({
      name: `fetch ${FETCH_COUNT} checkpoints (file://) vs git fetch`,
      before: freshClone,
      tool: () => timeTool(['fetch', 'origin'], { cwd: clone, env }),
      baseline: () => timeScript(`git fetch -q --no-tags --no-write-fetch-head origin ${FETCH_REFSPECS.map((r) => `'${r}'`).join(' ')}`, { cwd: clone, env }),
      target: 1.2,
    });

    const many = join(root, 'many');
    sh('git', ['init', '-q', '-b', 'main', many], { env });
    fastImport(many, env, writersOf(WRITERS).map((w, k) => chainStream(template, w, PER_WRITER, 1_780_000_000 + k * 7)).join(''));
    const format = '%(trailers:key=Checkpoint-Id,valueonly,separator=)%x09%ad%x09%(trailers:key=Checkpoint-Branch,valueonly,separator=)%x09%(trailers:key=Checkpoint-Writer,valueonly,separator=)%x09%s';
    const baseline = () => timeScript(`git log --glob=refs/checkpoints --date=format:'%Y-%m-%d %H:%M' --format='${format}' >/dev/null`, { cwd: many, env });
    // `list` reads and sorts all 10,000 and prints the newest 20 (its default); `-n 0` prints every row, like the baseline.
    const listRows = [['list'], ['list', '-n', '0']].map((args) => compare({
      name: `${args.join(' ')}: ${WRITERS} writers × ${PER_WRITER} vs git log --glob`,
      tool: () => timeTool(args, { cwd: many, env }),
      baseline,
      target: 1.5,
    }));
    return [fetchRow, ...listRows];
  } finally {
    removeDir(root);
  }
}
