/**
 * Builds agent transcripts in Claude Code's JSONL format (one JSON object per
 * line: `type` user/assistant, `message.content` as a string or blocks,
 * `tool_use` / `tool_result` blocks, `sessionId`, `cwd`, `uuid`...), with
 * trailers, a TodoWrite call, injected meta turns and planted secrets.
 */
import { seededRandom } from './mem-cli.js';

export const SESSION = '5f0c2a8e-3b1d-4c52-9e07-6a1f2b3c4d5e';
/** A random-looking GitHub token, made at run time (a repeated `A1b2C3d4…` is a placeholder to the redactor, not a token). */
const plantedGithub = (() => {
  const random = seededRandom(41);
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return `ghp_${Array.from({ length: 36 }, () => chars[Math.floor(random() * chars.length)]).join('')}`;
})();
export const PLANTED = { github: plantedGithub, aws: 'AKIAQ7WZ3K5N2M4P6R8T' };

export interface Turn { type: 'user' | 'assistant'; content: unknown; extra?: Record<string, unknown> }

let counter = 0;
/** One entry; `parent` is the entry before it (Claude Code links every entry to its parent by uuid). */
function line(t: Turn, session: string, cwd: string, parent: { uuid: string | null }): string {
  counter++;
  const uuid = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  const parentUuid = parent.uuid;
  parent.uuid = uuid;
  const message = t.type === 'user' ? { role: 'user', content: t.content } : { id: `msg_${counter}`, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: t.content, stop_reason: 'tool_use', usage: { input_tokens: 10, output_tokens: 5 } };
  return JSON.stringify({
    parentUuid, isSidechain: false, userType: 'external', cwd, sessionId: session, version: '2.0.14', gitBranch: 'main',
    type: t.type, message, uuid, timestamp: `2026-11-29T09:${String(counter % 60).padStart(2, '0')}:00.000Z`, ...t.extra,
  });
}

/** The human turns a harvest must quote, in order (the secret one comes back redacted). */
export const USER_TURNS = [
  'Add retries to the uploader.\nNever retry POST requests — they are not idempotent. | Keep it small.',
  `No, don't use a fixed sleep; we tried that last week. The CI token is ${PLANTED.github} if you need it.`,
  'Also: keep the v1 API — clients pin it. ✓ 日本語 ok',
];

export function sampleTurns(cwd: string): Turn[] {
  return [
    { type: 'user', content: USER_TURNS[0] },
    { type: 'assistant', content: [{ type: 'text', text: 'Let me read the uploader first.' }, { type: 'tool_use', id: 'toolu_01', name: 'Read', input: { file_path: `${cwd}/src/up.ts` } }] },
    { type: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content: 'export function upload() {}\n'.repeat(50) }], extra: { toolUseResult: { type: 'text' } } },
    { type: 'assistant', content: [
      { type: 'text', text: 'I will use exponential backoff.\n<!-- ckpt decision: exponential backoff | reasoning: the API rate-limits bursts -->' },
      { type: 'tool_use', id: 'toolu_02', name: 'TodoWrite', input: { todos: [
        { content: 'Write the retry loop', status: 'in_progress', activeForm: 'Writing the retry loop' },
        { content: 'Add a test for 429 responses', status: 'pending', activeForm: 'Adding a test' },
        { content: 'Read the uploader', status: 'completed', activeForm: 'Reading' },
      ] } },
    ] },
    { type: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_02', content: 'Todos have been modified successfully.' }] },
    { type: 'user', content: USER_TURNS[1] },
    { type: 'assistant', content: [{ type: 'text', text: [
      'Understood, no fixed sleep.',
      '<!-- ckpt',
      'rejected: fixed 1 s sleep',
      'reasoning: still tripped the limit under load',
      'constraint: POST requests are never retried',
      'open: which region hosts staging?',
      `learning: the staging key ${PLANTED.aws} has write access`,
      'refs: src/up.ts:40, https://example.com/docs/limits',
      '-->',
    ].join('\n') }, { type: 'tool_use', id: 'toolu_03', name: 'Edit', input: { file_path: `${cwd}/src/up.ts`, old_string: 'a', new_string: 'b' } }] },
    { type: 'user', content: '<command-name>/cost</command-name>', extra: { isMeta: true } },
    { type: 'user', content: '<local-command-stdout>Total cost: $0.10</local-command-stdout>' },
    { type: 'user', content: [{ type: 'text', text: USER_TURNS[2] }] },
    { type: 'assistant', content: [{ type: 'text', text: 'Noted.\n<!-- ckpt decision: keep the v1 API | reasoning: clients pin it -->' }] },
  ];
}

/** A transcript file's text: one JSON object per line, ending with a newline. */
export function claudeTranscript(opts: { cwd: string; session?: string; turns?: Turn[] }): string {
  const session = opts.session ?? SESSION;
  const parent = { uuid: null as string | null };
  return `${(opts.turns ?? sampleTurns(opts.cwd)).map((t) => line(t, session, opts.cwd, parent)).join('\n')}\n`;
}
