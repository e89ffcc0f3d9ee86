import { mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
let dir: string;
let outside: string;
let bare: string;

beforeAll(async () => {
  sb = makeSandbox();
  dir = sb.repo('bad');
  const first = await sb.ckpt(dir, ['save', '-m', 'existing checkpoint', 'keep']);
  expect(first.code).toBe(0);
  await sb.ckpt(dir, ['save', '-m', 'second existing']);
  outside = join(sb.root, 'not-a-repo');
  mkdirSync(outside);
  bare = join(sb.root, 'bare.git');
  sb.git(sb.root, 'init', '-q', '--bare', bare);
  writeFileSync(join(dir, 'bad.json'), '{"task": 42}');
  writeFileSync(join(dir, 'broken.json'), '{"task": "x",');
  writeFileSync(join(dir, 'unknown.json'), '{"task": "x", "surprise": true}');
  writeFileSync(join(dir, 'badlist.json'), '{"decisions": [{"what": "x"}]}');
  writeFileSync(join(dir, 'binary.bin'), Buffer.from([0x7b, 0, 1, 2, 3]));
  writeFileSync(join(dir, 'badstatus.json'), '{"task": {"title": "x", "status": "sleeping"}}');
  // 50 MiB without writing 50 MiB: a sparse file. It must be refused by its size, unread.
  writeFileSync(join(dir, 'huge.json'), '');
  truncateSync(join(dir, 'huge.json'), 50 * 1024 * 1024);
  writeFileSync(join(dir, 'longwhy.json'), JSON.stringify({ decisions: [{ what: 'x', why: 'y'.repeat(70_000) }] }));
  writeFileSync(join(dir, 'deep.json'), `{"notes": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
  writeFileSync(join(dir, 'a-file'), 'not a directory\n');
  mkdirSync(join(dir, 'a-dir'));
});
afterAll(() => sb.cleanup());

const refs = () => sb.git(dir, 'for-each-ref');

interface Case {
  name: string;
  args: string[];
  code: number;
  message: RegExp;
  cwd?: () => string;
  input?: string;
}

const cases: Case[] = [
  { name: 'unknown flag', args: ['save', '--bogus'], code: 129, message: /unknown option '--bogus'/ },
  { name: 'unknown short flag', args: ['list', '-z'], code: 129, message: /unknown option '-z'/ },
  { name: 'unknown global flag', args: ['--frobnicate', 'list'], code: 129, message: /unknown option '--frobnicate'/ },
  { name: 'unknown command', args: ['frobnicate'], code: 129, message: /'frobnicate' is not a git checkpoint command/ },
  { name: 'missing flag value', args: ['save', '-m'], code: 129, message: /option '-m' requires a value/ },
  { name: 'empty task', args: ['save', '-m', ''], code: 129, message: /'--task' needs a non-empty value/ },
  { name: 'empty decision', args: ['save', '-m', 'x', '--decision', ' '], code: 129, message: /'--decision' needs a non-empty value/ },
  { name: 'invalid status', args: ['save', '-m', 'x', '--status', 'sleeping'], code: 129, message: /invalid value for '--status'/ },
  { name: 'invalid label', args: ['save', '-m', 'x', 'bad label!'], code: 129, message: /invalid label 'bad label!'/ },
  { name: 'label too long', args: ['save', '-m', 'x', '--label', 'a'.repeat(65)], code: 129, message: /invalid label/ },
  { name: 'two labels', args: ['save', '-m', 'x', 'one', '--label', 'two'], code: 129, message: /two different labels/ },
  { name: 'too many positionals', args: ['save', 'a', 'b'], code: 129, message: /too many arguments for 'save'/ },
  { name: 'parent and no-parent', args: ['save', '-m', 'x', '--parent', 'keep', '--no-parent'], code: 129, message: /cannot be used together/ },
  { name: 'unknown parent', args: ['save', '-m', 'x', '--parent', 'nothing-like-it'], code: 1, message: /no checkpoint matches 'nothing-like-it'/ },
  { name: 'input file missing', args: ['save', '--input', 'nope.json'], code: 129, message: /cannot read input 'nope.json': ENOENT/ },
  { name: 'input wrong type', args: ['save', '--input', 'bad.json'], code: 129, message: /bad.json: invalid document: task/ },
  { name: 'input malformed JSON', args: ['save', '--input', 'broken.json'], code: 129, message: /broken.json: invalid JSON/ },
  { name: 'input unknown field', args: ['save', '--input', 'unknown.json'], code: 129, message: /invalid document: unknown field 'surprise' \(allowed: task, decisions, / },
  { name: 'input missing nested field', args: ['save', '--input', 'badlist.json'], code: 129, message: /decisions\.0\.why/ },
  { name: 'input bad enum', args: ['save', '--input', 'badstatus.json'], code: 129, message: /task\.status: invalid value \(expected in_progress, blocked, done, deferred\)/ },
  { name: 'input binary', args: ['save', '--input', 'binary.bin'], code: 129, message: /binary data/ },
  { name: 'stdin malformed', args: ['save', '--input', '-'], input: '{"nextSteps": "not a list"}', code: 129, message: /stdin: invalid document: nextSteps/ },
  { name: 'bad input format', args: ['save', '--input', 'bad.json', '--input-format', 'yaml'], code: 129, message: /'--input-format'/ },
  { name: 'input format without input', args: ['save', '-m', 'x', '--input-format', 'json'], code: 129, message: /needs '--input'/ },
  { name: 'bad limit', args: ['list', '-n', 'ten'], code: 129, message: /invalid value for '--limit'/ },
  { name: 'bad since', args: ['list', '--since', 'yesterdayish'], code: 129, message: /invalid duration for '--since'/ },
  { name: 'here and branch', args: ['list', '--here', '--branch', 'main'], code: 129, message: /cannot be used together/ },
  { name: 'bad show format', args: ['show', 'latest', '--format', 'xml'], code: 129, message: /invalid value for '--format'/ },
  { name: 'show unknown checkpoint', args: ['show', '20000101-000000-zzzz'], code: 1, message: /no checkpoint matches/ },
  { name: '-C without a directory', args: ['-C'], code: 129, message: /'-C' requires a directory/ },
  { name: 'outside a repository', args: ['save', '-m', 'x'], cwd: () => outside, code: 128, message: /fatal: not a git repository/ },
  { name: 'list outside a repository', args: ['list'], cwd: () => outside, code: 128, message: /fatal: not a git repository/ },
  { name: 'save in a bare repository', args: ['save', '-m', 'x'], cwd: () => bare, code: 128, message: /fatal: this operation must be run in a work tree/ },
  { name: 'save inside .git', args: ['save', '-m', 'x'], cwd: () => join(dir, '.git'), code: 128, message: /must be run in a work tree/ },
  { name: '-C to a missing directory', args: ['-C', 'no/such/dir', 'list'], code: 128, message: /fatal:/ },
  { name: '-C to a file', args: ['-C', 'a-file', 'list'], code: 128, message: /fatal: cannot change to/ },
  { name: 'a 50 MiB input document', args: ['save', '--input', 'huge.json'], code: 129, message: /huge.json: document is 52428800 bytes, over the 8 MiB limit/ },
  { name: 'an endless input file', args: ['save', '--input', '/dev/zero'], code: 129, message: /\/dev\/zero: document over the 8 MiB limit/ },
  { name: 'stdin over the limit', args: ['save', '--input', '-'], input: 'x'.repeat(9 * 1024 * 1024), code: 129, message: /stdin: document over the 8 MiB limit/ },
  { name: 'stdin binary data', args: ['save', '--input', '-'], input: '\u007fELF\u0002\u0001\u0001\u0000\u0000', code: 129, message: /stdin: binary data/ },
  { name: 'input is a directory', args: ['save', '--input', 'a-dir'], code: 129, message: /cannot read input 'a-dir': EISDIR/ },
  { name: 'input deeply nested', args: ['save', '--input', 'deep.json'], code: 129, message: /deep.json: invalid document: notes/ },
  { name: 'input value over the field limit', args: ['save', '--input', 'longwhy.json'], code: 129, message: /longwhy.json: invalid document: decisions\.0\.why/ },
  { name: 'oversized task title', args: ['save', '-m', 't'.repeat(70_000)], code: 129, message: /invalid checkpoint content: task\.title/ },
  { name: 'oversized next step', args: ['save', '-m', 'x', '--next', 'n'.repeat(70_000)], code: 129, message: /invalid checkpoint content: nextSteps\.0/ },
  { name: 'oversized unknown checkpoint', args: ['show', 'z'.repeat(100_000)], code: 1, message: /no checkpoint matches/ },
  { name: 'invalid duration unit', args: ['list', '--since', '5 fortnights'], code: 129, message: /invalid duration for '--since': '5 fortnights'/ },
  { name: 'invalid duration number', args: ['list', '--since=-3d'], code: 129, message: /invalid duration for '--since': '-3d'/ },
  { name: 'invalid calendar date', args: ['list', '--since', '2026-13-45'], code: 129, message: /invalid date for '--since'/ },
  { name: 'empty since', args: ['list', '--since', ''], code: 129, message: /'--since' needs a non-empty value|invalid duration/ },
  { name: 'ambiguous prefix', args: ['show', '2'], code: 1, message: /checkpoint '2' is ambiguous; candidates:/ },
  { name: 'ambiguous parent', args: ['save', '-m', 'x', '--parent', '2'], code: 1, message: /checkpoint '2' is ambiguous/ },
  { name: 'empty checkpoint name', args: ['show', ''], code: 129, message: /empty checkpoint name/ },
  { name: 'show with two checkpoints', args: ['show', 'keep', 'latest'], code: 129, message: /too many arguments for 'show'/ },
  { name: 'doctor with an argument', args: ['doctor', 'now'], code: 129, message: /too many arguments for 'doctor'/ },
  { name: 'doctor outside a repository', args: ['doctor'], cwd: () => outside, code: 128, message: /fatal: not a git repository/ },
  { name: 'show inside a bare repository with no checkpoints', args: ['show', 'latest'], cwd: () => bare, code: 1, message: /no checkpoints yet/ },
];

describe('bad input never changes a ref', () => {
  it.each(cases)('$name → exit $code', async (c) => {
    const before = refs();
    const res = await sb.ckpt(c.cwd?.() ?? dir, c.args, { input: c.input });
    expect(res.stderr).toMatch(c.message);
    expect(res.code).toBe(c.code);
    expect(refs()).toBe(before);
  });

  it('has at least 40 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });
});
