import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allObjectText, makeSandbox, type Sandbox } from '../helpers/sandbox.js';
import { makeTeam } from '../helpers/teammates.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

const TOKEN = `ghp_${'Zx9Yw8Vu7T'.repeat(4)}`;
const ENV_SECRET = 'DATABASE_PASSWORD=correct-horse-battery-staple';
const KEY_BODY = 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW';
const BINARY = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37) % 256));

describe('a teammate resumes through a bare remote', () => {
  it('sees the work as absent, applies it byte for byte, and secrets never left the first clone', async () => {
    const { a, b } = await makeTeam(sb, 'alice-bob', (bare) => bare);
    writeFileSync(join(a, 'README.md'), '# demo\n\nhalf-written section\n');
    mkdirSync(join(a, 'src'));
    writeFileSync(join(a, 'src', 'retry.ts'), 'export const tries = 3;\n');
    writeFileSync(join(a, 'src', 'table.bin'), BINARY);
    writeFileSync(join(a, '.env'), `${ENV_SECRET}\n`);
    writeFileSync(join(a, 'deploy-notes.txt'), `push with ${TOKEN}\n`);
    writeFileSync(join(a, 'server-key'), `-----BEGIN OPENSSH PRIVATE KEY-----\n${KEY_BODY}\n-----END OPENSSH PRIVATE KEY-----\n`);
    const saved = await sb.ckpt(a, ['save', '-m', 'Retry for the uploader', '--next', 'run the tests']);
    expect(saved.code).toBe(0);
    const id = saved.stdout.trim();
    expect(saved.stderr).toContain('not saved in wip: .env (pattern), deploy-notes.txt (secret), server-key (secret)');
    sb.git(a, 'push', '-q', 'origin', 'refs/checkpoints/*:refs/checkpoints/*');

    sb.git(b, 'fetch', '-q', 'origin', '+refs/checkpoints/*:refs/checkpoints/remotes/origin/*');

    const resumed = await sb.ckpt(b, ['resume', '--json']);
    expect(resumed.code).toBe(0);
    const { checkpoint, reconcile } = JSON.parse(resumed.stdout);
    expect(checkpoint.id).toBe(id);
    expect(reconcile).toMatchObject({ branch: { verdict: 'match' }, head: { verdict: 'same' }, drift: false });
    expect(reconcile.worktree.absent).toEqual(['.env', 'README.md', 'deploy-notes.txt', 'server-key', 'src/retry.ts', 'src/table.bin']);
    expect(reconcile.worktree.fixes).toEqual([`git checkpoint apply ${id}`]);

    const applied = await sb.ckpt(b, ['apply', id]);
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain('not in the snapshot: .env (pattern)');
    for (const path of ['README.md', 'src/retry.ts', 'src/table.bin']) {
      expect(readFileSync(join(b, path)).equals(readFileSync(join(a, path)))).toBe(true);
    }
    expect(sb.git(b, 'status', '--porcelain')).toBe(' M README.md\n?? src/\n');
    for (const dir of [a, b]) {
      const objects = allObjectText(sb, dir);
      expect(objects).toContain('half-written section');
      expect(objects).not.toContain(ENV_SECRET);
      expect(objects).not.toContain(TOKEN);
      expect(objects).not.toContain(KEY_BODY);
    }

    // Bob's next save continues Alice's line: her checkpoint is its logical parent, named by id. It is Bob's
    // first checkpoint, so its commit has no parents: Alice's commit is never the first parent of Bob's chain.
    const next = await sb.ckpt(b, ['save', '-m', 'Bob takes over']);
    expect(next.code).toBe(0);
    const bobWriter = sb.git(b, 'config', 'checkpoint.writer').trim();
    const shown = JSON.parse((await sb.ckpt(b, ['show', next.stdout.trim(), '--json'])).stdout);
    expect(shown.parents).toEqual([id]);
    const aliceCommit = sb.git(b, 'rev-parse', `refs/checkpoints/remotes/origin/${checkpoint.writer}`).trim();
    expect(sb.git(b, 'rev-list', '--parents', '-n1', `refs/checkpoints/${bobWriter}`).trim().split(' ').slice(1)).toEqual([]);
    expect(sb.git(b, 'rev-list', `refs/checkpoints/${bobWriter}`)).not.toContain(aliceCommit);
    const log = await sb.ckpt(b, ['log']);
    expect(log.code).toBe(0);
    expect(log.stdout).toMatch(new RegExp(`Bob takes over\\n\\* ${id} .* ${checkpoint.writer} \\(origin\\)  Retry for the uploader`));
    sb.git(b, 'fsck', '--strict', '--no-dangling');
  });

  it('reports the head as missing when the checkpoint\'s commit was never pushed', async () => {
    const { a, b } = await makeTeam(sb, 'unpushed', (bare) => bare);
    writeFileSync(join(a, 'local.txt'), 'only in alice\n');
    sb.git(a, 'add', 'local.txt');
    sb.git(a, 'commit', '-q', '-m', 'not pushed');
    const id = (await sb.ckpt(a, ['save', '-m', 'unpushed head'])).stdout.trim();
    sb.git(a, 'push', '-q', 'origin', 'refs/checkpoints/*:refs/checkpoints/*');
    sb.git(b, 'fetch', '-q', 'origin', '+refs/checkpoints/*:refs/checkpoints/remotes/origin/*');
    const res = await sb.ckpt(b, ['status']);
    expect(res.code).toBe(3);
    expect(res.stdout).toMatch(/head: missing: the checkpoint's commit [0-9a-f]{7} is not in this clone\n\s+fix: git fetch/);
    const applied = await sb.ckpt(b, ['apply', id]);
    expect(applied.code).toBe(1);
    expect(applied.stderr).toContain('is not in this clone');
  });
});
