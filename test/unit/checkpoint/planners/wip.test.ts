import { describe, expect, it } from 'vitest';
import { BASE_RULES } from '../../../../src/checkpoint/secrets/redact.js';
import { looksLikeSecret } from '../../../../src/checkpoint/secrets/secret-content.js';
import { parseBool, parseSize } from '../../../../src/checkpoint/config/config-values.js';
import type { Repo } from '../../../../src/git/repo.js';
import { makeMemCli } from '../../../helpers/mem-cli.js';
import { makeGen } from '../../../helpers/secret-corpus.js';

/** Random-looking values in real formats, made at run time (a repeated `A1b2C3…` or AWS's documented example key is a placeholder). */
const g = makeGen(13);
const TOKEN = `ghp_${g.key('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 36)}`;
const AWS_KEY = `AKIA${g.key('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16)}`;
const PEM = '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n';
const text = (b: Uint8Array | null) => (b ? Buffer.from(b).toString('utf8') : null);

/** Every file under `tree` with its content. */
async function readAll(repo: Repo, tree: string, prefix = ''): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of (await repo.readTree(tree)) ?? []) {
    if (e.type === 'tree') Object.assign(out, await readAll(repo, e.oid, `${prefix}${e.name}/`));
    else out[prefix + e.name] = text(await repo.readBlob(e.oid))!;
  }
  return out;
}

describe('the wip snapshot on memfs', () => {
  it('keeps the working tree, leaving out secrets, big files and excluded names, each with its reason', async () => {
    const m = await makeMemCli({
      commits: [{ message: 'init', files: { 'README.md': '# demo\n', 'config/app.key': 'committed key\n' } }],
      config: { 'checkpoint.maxFileSize': '120', 'checkpoint.exclude': 'tmp/**' },
      files: {
        'README.md': '# demo, edited\n', 'src/new.ts': 'export const x = 1;\n', '.env': 'API=1\n',
        'deploy/.env.prod': 'DB=x\n', 'config/app.key': 'rotated key\n', 'notes/token.txt': `use ${TOKEN} here\n`,
        'keys/deploy': PEM, 'big.bin': 'x'.repeat(121), 'tmp/scratch.txt': 'scratch\n',
        'src/ok.ts': 'const mask_password_field = true; // token=${TOKEN_FROM_ENV}\n',
      },
    });
    const saved = await m.cli(['save', '-m', 'wip test']);
    expect(saved.code).toBe(0);
    expect(saved.stderr).toContain('not saved in wip: .env (pattern)');
    const rec = JSON.parse((await m.cli(['show', '--json'])).stdout);
    expect(rec.git.wip.excluded).toEqual([
      { path: '.env', reason: 'pattern' }, { path: 'big.bin', reason: 'size' },
      { path: 'config/app.key', reason: 'pattern' }, { path: 'deploy/.env.prod', reason: 'pattern' },
      { path: 'keys/deploy', reason: 'secret' }, { path: 'notes/token.txt', reason: 'secret' },
      { path: 'tmp/scratch.txt', reason: 'pattern' },
    ]);
    expect(await readAll(m.repo, rec.git.wip.tree)).toEqual({
      'README.md': '# demo, edited\n', 'config/app.key': 'committed key\n',
      'src/new.ts': 'export const x = 1;\n', 'src/ok.ts': 'const mask_password_field = true; // token=${TOKEN_FROM_ENV}\n',
    });
    // The user's index is untouched: everything is still unstaged or untracked.
    expect(rec.git.worktree.files.every((f: { staged: boolean }) => !f.staged)).toBe(true);
    const status = await m.repo.status();
    expect(status.entries.filter((e) => e.xy !== '??').map((e) => e.xy)).toEqual(['.M', '.M']);
  });

  it('is skipped with --no-wip or checkpoint.wip=false, and --wip wins over the config', async () => {
    const m = await makeMemCli({ files: { 'a.txt': 'a\n' } });
    await m.cli(['save', '-m', 'one', '--no-wip']);
    expect(JSON.parse((await m.cli(['show', '--json'])).stdout).git.wip).toBeNull();
    await m.repo.setConfig('checkpoint.wip', 'false');
    await m.cli(['save', '-m', 'two']);
    expect(JSON.parse((await m.cli(['show', '--json'])).stdout).git.wip).toBeNull();
    await m.cli(['save', '-m', 'three', '--wip']);
    const wip = JSON.parse((await m.cli(['show', '--json'])).stdout).git.wip;
    expect(await readAll(m.repo, wip.tree)).toEqual({ 'README.md': '# demo\n', 'a.txt': 'a\n' });
    expect((await m.cli(['save', '--wip', '--no-wip'])).code).toBe(129);
  });

  it.each([
    ['checkpoint.maxFileSize', 'huge', "fatal: bad numeric config value 'huge' for 'checkpoint.maxFileSize': invalid unit"],
    ['checkpoint.wip', 'maybe', "fatal: bad boolean config value 'maybe' for 'checkpoint.wip'"],
    ['checkpoint.exclude', '[', "fatal: bad config value '[' for 'checkpoint.exclude': Missing closing: \"]\""],
    ['checkpoint.exclude', 'src/*.{ts', "fatal: bad config value 'src/*.{ts' for 'checkpoint.exclude': Missing closing: \"}\""],
  ])('a save stops on %s = %j, naming key and value, and writes nothing', async (key, value, message) => {
    const m = await makeMemCli({ config: { [key]: value } });
    const res = await m.cli(['save', '-m', 'x']);
    expect(res.code).toBe(128);
    expect(res.stderr.split('\n')[0]).toBe(message);
    expect(await m.repo.listRefs('refs/checkpoints/')).toEqual([]);
  });

  it('keeps out what a configured glob names, and a stray ] is a literal one', async () => {
    const m = await makeMemCli({ config: { 'checkpoint.exclude': ['notes]*', 'tmp/**'] }, files: { 'notes]1.txt': 'x\n', 'tmp/a.txt': 'y\n', 'keep.txt': 'z\n' } });
    expect((await m.cli(['save', '-m', 'x'])).code).toBe(0);
    const excluded = JSON.parse((await m.cli(['show', '--json'])).stdout).git.wip.excluded.map((e: { path: string }) => e.path);
    expect(excluded.sort()).toEqual(['notes]1.txt', 'tmp/a.txt']);
  });
});

describe('secret-looking content', () => {
  it('uses every secret rule of the redaction engine, not personal data or network names', () => {
    const pii = BASE_RULES.filter((r) => r.pii).map((r) => r.reason);
    expect(pii.sort()).toEqual(['email', 'internal-host', 'phone', 'private-ip']);
  });

  it.each([
    [PEM, true], [`token: ${TOKEN}`, true], [`aws ${AWS_KEY}`, true], ['aws AKIAIOSFODNN7EXAMPLE (the documented example key)', false],
    ['const mask_password_field = 1', false], ['the AKIA prefix', false], ['password=hunter2', true], ['mail ada@example.com from 10.0.0.1', false], ['', false],
  ])('%j → %s, the same on every call', (content, expected) => {
    const bytes = Buffer.from(content);
    expect(looksLikeSecret(bytes)).toBe(expected);
    expect(looksLikeSecret(bytes)).toBe(expected);
  });

  it('parses git sizes and booleans', () => {
    expect([parseSize('512'), parseSize('100k'), parseSize('1M'), parseSize('2g'), parseSize('1.5m')]).toEqual([512, 102400, 1048576, 2 * 1024 ** 3, null]);
    expect([parseBool('yes'), parseBool('Off'), parseBool('maybe')]).toEqual([true, false, null]);
  });
});
