// `hook agent-pre-compact` on two generated Claude Code transcripts — 137 MB
// of ordinary turns, and one holding a single 84 MB line (a pasted image or a
// huge tool result) — wall time and peak memory (targets: ≤ 2 s, ≤ 150 MB
// each), and the ratio to a baseline that only starts node and reads the same
// file once with `wc -l` and `git hash-object` (the floor for anything that
// looks at every byte).
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { benchEnv, BUNDLE, compare, median, removeDir, sh, tempDir, timeScript } from './lib.mjs';

const TARGET_BYTES = 137 * 1000 * 1000;
const LONG_LINE_BYTES = 84 * 1000 * 1000;
const SESSION = '5f0c2a8e-3b1d-4c52-9e07-6a1f2b3c4d5e';
const TIME = '/usr/bin/time';

/** Writes turns in Claude Code's JSONL shape until the file reaches `bytes`. */
function writeTranscript(file, cwd, bytes, longLine = 0) {
  const fd = openSync(file, 'w');
  let size = 0;
  let n = 0;
  let parentUuid = null;
  const filler = 'export function handler(req, res) { return res.json({ ok: true, at: Date.now() }); }\n';
  const put = (type, content, extra = {}) => {
    n++;
    const message = type === 'user' ? { role: 'user', content } : { role: 'assistant', model: 'claude-sonnet-4-5', content };
    const text = `${JSON.stringify({ parentUuid, isSidechain: false, userType: 'external', cwd, sessionId: SESSION, version: '2.1.214', gitBranch: 'main', type, message, uuid: `u-${n}`, timestamp: '2026-11-29T09:00:00.000Z', ...extra })}\n`;
    parentUuid = `u-${n}`;
    writeSync(fd, text);
    size += Buffer.byteLength(text);
  };
  if (longLine) put('user', [{ type: 'tool_result', tool_use_id: 'toolu_img', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0K'.repeat(longLine / 8) } }] }]);
  for (let turn = 0; size < bytes; turn++) {
    put('user', `Step ${turn}: please continue with the uploader; keep POST requests un-retried.`);
    put('assistant', [
      { type: 'text', text: `Working on step ${turn}.\n<!-- ckpt decision: choice ${turn % 50} | reasoning: measured in step ${turn} -->` },
      { type: 'tool_use', id: `toolu_r${turn}`, name: 'Read', input: { file_path: join(cwd, `src/f${turn % 300}.ts`) } },
    ]);
    put('user', [{ type: 'tool_result', tool_use_id: `toolu_r${turn}`, content: filler.repeat(150) }]);
    put('assistant', [
      { type: 'tool_use', id: `toolu_e${turn}`, name: 'Edit', input: { file_path: join(cwd, `src/f${turn % 300}.ts`), old_string: filler.repeat(20), new_string: filler.repeat(21) } },
      { type: 'tool_use', id: `toolu_t${turn}`, name: 'TodoWrite', input: { todos: [{ content: `step ${turn}`, status: 'in_progress', activeForm: 'working' }, { content: 'ship', status: 'pending', activeForm: 'shipping' }] } },
    ]);
  }
  closeSync(fd);
  return size;
}

/** Peak resident memory of one run in MB, from GNU time's %M (kilobytes). */
function peakRssMb(args, opts) {
  const res = spawnSync(TIME, ['-f', '%M', process.execPath, ...args], { ...opts, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`agent-pre-compact failed (${res.status}): ${res.stderr}`);
  const kb = Number(res.stderr.trim().split('\n').at(-1));
  return kb / 1024;
}

/** One bench row: the hook on `transcript`, timed and measured. */
function measure(name, repo, env, transcript) {
  const input = JSON.stringify({ session_id: SESSION, transcript_path: transcript, cwd: repo, hook_event_name: 'PreCompact', trigger: 'auto' });
  const opts = { cwd: repo, env, input };
  // Each run saves: forget the session's last save, which would make the next run a duplicate.
  const fresh = () => rmSync(join(repo, '.git', 'checkpoint', 'agent-sessions'), { force: true });
  const tool = () => {
    fresh();
    const t = process.hrtime.bigint();
    const res = spawnSync(process.execPath, [BUNDLE, 'hook', 'agent-pre-compact', 'claude'], { ...opts, encoding: 'utf8' });
    if (res.status !== 0 || res.stdout) throw new Error(`agent-pre-compact failed (${res.status}): ${res.stdout}${res.stderr}`);
    return Number(process.hrtime.bigint() - t) / 1e6;
  };
  const row = compare({
    name, runs: 5, tool,
    baseline: () => timeScript(`wc -l < '${transcript}' >/dev/null\ngit hash-object '${transcript}' >/dev/null`, { cwd: repo, env }),
  });
  const rss = existsSync(TIME) ? median([0, 1, 2].map(() => (fresh(), peakRssMb([BUNDLE, 'hook', 'agent-pre-compact', 'claude'], opts)))) : null;
  const ok = row.toolMs <= 2000 && (rss === null || rss <= 150);
  process.stderr.write(`bench: ${name}: wall ${row.toolMs.toFixed(0)} ms (target ≤ 2000), peak RSS ${rss === null ? 'n/a' : `${rss.toFixed(0)} MB`} (target ≤ 150)\n`);
  return { ...row, name: `${row.name}; peak RSS ${rss === null ? 'n/a' : `${rss.toFixed(0)} MB`} (≤ 2 s, ≤ 150 MB)`, pass: ok };
}

export async function run() {
  const root = tempDir();
  try {
    const env = benchEnv(join(root, 'home'));
    const repo = join(root, 'repo');
    sh('git', ['init', '-q', '-b', 'main', repo], { env });
    sh('git', ['commit', '-q', '--allow-empty', '-m', 'start'], { cwd: repo, env });
    const rows = [];
    for (const [label, bytes, longLine] of [['137 MB transcript', TARGET_BYTES, 0], ['transcript with one 84 MB line', LONG_LINE_BYTES + 4e6, LONG_LINE_BYTES]]) {
      const transcript = join(root, `${SESSION}.jsonl`);
      const size = writeTranscript(transcript, repo, bytes, longLine);
      process.stderr.write(`bench: ${label}: ${(size / 1e6).toFixed(1)} MB\n`);
      rows.push(measure(`hook agent-pre-compact, ${label} vs node + wc -l + git hash-object`, repo, env, transcript));
    }
    return rows;
  } finally {
    removeDir(root);
  }
}
