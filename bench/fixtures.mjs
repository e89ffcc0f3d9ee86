// Fast fixtures: thousands of checkpoints written with one `git fast-import`,
// in exactly the storage format the tool writes (SPEC §3), so benchmarks do
// not spend minutes making their inputs.
import { spawnSync } from 'node:child_process';

/** What `git checkpoint fetch` asks of a remote: every chain and its notes, never our own copies of others. */
export const FETCH_REFSPECS = [
  '+refs/checkpoints/*:refs/checkpoints/remotes/origin/*', '^refs/checkpoints/remotes/*',
  '+refs/notes/checkpoints/*:refs/notes/checkpoints/remotes/origin/*', '^refs/notes/checkpoints/remotes/*',
];

/** A valid v1 record for checkpoint `i` of `writer`. */
export function benchRecord(writer, i, { branch = 'main', head = null, createdAt } = {}) {
  const at = createdAt ?? new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
  const stamp = at.slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  const id = `${stamp}-${(i % 1679616).toString(36).padStart(4, '0').slice(-4)}`;
  return {
    schema: 'git-checkpoint/v1', id, createdAt: at, writer,
    author: { name: 'Bench Mark', email: 'bench@example.com' }, label: null, mode: 'routine',
    compactImminent: false, parents: [], task: { title: `task number ${i} of ${writer}`, status: 'in_progress' },
    decisions: [{ what: 'use a queue', why: 'bursts' }], rejected: [], nextSteps: ['run the tests'], blockers: [],
    questions: [], learnings: [], constraints: [], assumptions: [], todos: [], files: [], quotes: [], links: [],
    notes: null,
    git: {
      branch, head, upstream: null, ahead: 0, behind: 0, commits: [],
      worktree: { collected: true, total: 0, truncated: false, files: [] }, wip: null, notCollected: [],
    },
    redactions: {},
  };
}

/**
 * Appends `count` checkpoints to `refs/checkpoints/<writer>` (or `ref`) with
 * one fast-import. Returns the records written, oldest first.
 */
export function writeChain(dir, env, { writer, count, ref, branch = 'main', head = null, start = 0 }) {
  const target = ref ?? `refs/checkpoints/${writer}`;
  const { script, records } = chainScript({ writer, count, ref: target, branch, head, start, from: existingFrom(dir, env, target) });
  fastImport(dir, env, script);
  return records;
}

/**
 * The fast-import commands for `count` checkpoints of `writer` on `ref`,
 * continuing `from` (a commit id, or '' for a new chain). `timeOf(i)` gives
 * checkpoint `i`'s creation time (ms); by default one minute apart from 2026.
 */
export function chainScript({ writer, count, ref, branch = 'main', head = null, start = 0, from = '', timeOf }) {
  const records = [];
  const parts = [];
  const data = (text) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  for (let i = start; i < start + count; i++) {
    const createdAt = timeOf ? new Date(timeOf(i)).toISOString() : undefined;
    const r = benchRecord(writer, i, { branch, head, createdAt });
    records.push(r);
    const json = `${JSON.stringify(r, null, 2)}\n`;
    const when = Math.floor(Date.parse(r.createdAt) / 1000);
    const msg = `checkpoint: ${r.task.title}\n\nCheckpoint-Id: ${r.id}\nCheckpoint-Writer: ${writer}\nCheckpoint-Branch: ${branch}\nCheckpoint-Seq: ${i + 1}\n`;
    parts.push(`commit ${ref}\ncommitter Bench Mark <bench@example.com> ${when} +0000\n${data(msg)}`);
    if (i === start && from) parts.push(`from ${from}\n`);
    parts.push(`M 100644 inline checkpoint.json\n${data(json)}M 100644 inline CHECKPOINT.md\n${data(`# ${r.task.title}\n`)}\n`);
  }
  return { script: parts.join(''), records };
}

/** Runs one fast-import over `script` in `dir`. */
export function fastImport(dir, env, script) {
  const res = spawnSync('git', ['fast-import', '--quiet', '--force'], { cwd: dir, env, input: script, maxBuffer: 1 << 30 });
  if (res.status !== 0) throw new Error(`fast-import failed: ${res.stderr}`);
}

function existingFrom(dir, env, ref) {
  const res = spawnSync('git', ['rev-parse', '-q', '--verify', ref], { cwd: dir, env, encoding: 'utf8' });
  return res.status === 0 ? res.stdout.trim() : '';
}
