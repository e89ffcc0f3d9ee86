import { describe, expect, it } from 'vitest';
import { makeMemCli } from '../../helpers/mem-cli.js';
import { makeGen } from '../../helpers/secret-corpus.js';

describe('save safety', () => {
  it('refuses a label that looks like a secret (labels are stored unredacted in trailers)', async () => {
    const m = await makeMemCli();
    await m.fs.promises.writeFile('/repo/work.txt', 'uncommitted work\n');
    const objects = async () => {
      const fanout = (await m.fs.promises.readdir('/repo/.git/objects')) as string[];
      const lists = await Promise.all(fanout.filter((d) => /^[0-9a-f]{2}$/.test(d)).map((d) => m.fs.promises.readdir(`/repo/.git/objects/${d}`)));
      return lists.flat().length;
    };
    const before = await objects();
    const label = `AKIA${makeGen(9).key('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16)}`;
    const res = await m.cli(['save', '-m', 'x', label]);
    expect(res.code).toBe(129);
    expect(res.stderr).toContain('error: the label looks like a secret (aws-key)');
    expect(res.stderr).not.toContain(label);
    expect(await m.repo.listRefs('refs/checkpoints/')).toEqual([]);
    // Refused before anything is stored: not even the snapshot of the working tree.
    expect(await objects()).toBe(before);
    expect((await m.cli(['save', '-m', 'x'])).code).toBe(0);
    expect(await objects()).toBeGreaterThan(before);
  });

  it('removes a writer lock left by a save that died, instead of waiting on it forever', async () => {
    const m = await makeMemCli();
    await m.fs.promises.mkdir('/repo/.git/checkpoint', { recursive: true });
    await m.fs.promises.writeFile('/repo/.git/checkpoint/writer.lock', String(Date.parse('2026-11-29T09:00:00Z')));
    const res = await m.cli(['save', '-m', 'after a crash']);
    expect(res.code).toBe(0);
    expect(await m.repo.getConfig('checkpoint.writer')).toMatch(/^ada-[a-z0-9]{6}$/);
  });

  it('prints redaction counts, never the values', async () => {
    const m = await makeMemCli();
    const res = await m.cli(['save', '-m', 'mail eve@acme.com', '--note', 'DB_PASSWORD=hunter22 at 10.1.2.3']);
    expect(res.code).toBe(0);
    expect(res.stderr).toBe('redacted: email ×1, password ×1, private-ip ×1\n');
    const shown = await m.cli(['show']);
    expect(shown.stdout).not.toMatch(/eve@acme|hunter22|10\.1\.2\.3/);
    expect(shown.stdout).toContain('> DB_PASSWORD=[REDACTED:password] at [REDACTED:private-ip]');
  });

  it('says nothing but the id under --quiet, as git -q does; the record keeps the counts', async () => {
    const m = await makeMemCli();
    const res = await m.cli(['save', '-q', '-m', 'mail eve@acme.com']);
    expect(res.code).toBe(0);
    expect(res.stderr).toBe('');
    expect(JSON.parse((await m.cli(['show', '--json'])).stdout).redactions).toEqual({ email: 1 });
  });
});

describe('the identity a checkpoint is saved under', () => {
  it('strips what a commit header cannot hold, and falls back with the warning when nothing is left', async () => {
    const m = await makeMemCli({ config: { 'user.name': 'Ada <Lovelace>', 'user.email': '<ada@example.com>' } });
    expect((await m.cli(['save', '-m', 'kept'])).stderr).toBe('');
    expect(JSON.parse((await m.cli(['show', '--json'])).stdout).author).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com' });

    const blank = await makeMemCli({ config: { 'user.name': '<>', 'user.email': 'ada@example.com' } });
    const res = await blank.cli(['save', '-m', 'who?']);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('warning: no git identity (user.name / user.email): saved as git-checkpoint <checkpoint@localhost>');
    expect(JSON.parse((await blank.cli(['show', '--json'])).stdout).author).toEqual({ name: 'git-checkpoint', email: 'checkpoint@localhost' });
  });
});
