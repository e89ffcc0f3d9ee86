import { mkdirSync, writeFileSync } from 'node:fs';
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
  { name: 'missing flag value', args: ['save', '-m'], code: 129, message: /option '-m, --task <value>' argument missing/ },
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
  { name: 'input unknown field', args: ['save', '--input', 'unknown.json'], code: 129, message: /invalid document: \(root\)|surprise/ },
  { name: 'input missing nested field', args: ['save', '--input', 'badlist.json'], code: 129, message: /decisions\.0\.why/ },
  { name: 'input bad enum', args: ['save', '--input', 'badstatus.json'], code: 129, message: /task\.status/ },
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
];

describe('bad input never changes a ref', () => {
  it.each(cases)('$name → exit $code', async (c) => {
    const before = refs();
    const res = await sb.ckpt(c.cwd?.() ?? dir, c.args, { input: c.input });
    expect(res.stderr).toMatch(c.message);
    expect(res.code).toBe(c.code);
    expect(refs()).toBe(before);
  });

  it('has at least 20 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
  });
});
