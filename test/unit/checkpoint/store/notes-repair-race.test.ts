import { describe, expect, it } from 'vitest';
import { repairNotes } from '../../../../src/checkpoint/store/notes-repair.js';
import { makeMemCli } from '../../../helpers/mem-cli.js';

describe('doctor --fix racing a save', () => {
  it('never drops the note of a save that lands between its reads', async () => {
    const m = await makeMemCli();
    expect((await m.cli(['save', '-m', 'first'])).code).toBe(0);
    const writer = (await m.repo.getConfig('checkpoint.writer'))!;
    const repo = m.repo;
    const readRef = repo.readRef.bind(repo);
    let landed = false;
    // The save lands right after the repair's first read of a checkpoint ref, whichever it reads first.
    repo.readRef = async (name: string) => {
      const value = await readRef(name);
      if (!landed && name.includes('checkpoints/')) {
        landed = true;
        expect((await m.cli(['save', '-m', 'concurrent'])).code).toBe(0);
      }
      return value;
    };
    const who = { name: 'Ada', email: 'ada@example.com', timestamp: 1_800_000_000, tzOffsetMinutes: 0 };
    await repairNotes(repo, writer, who, true);
    expect(landed).toBe(true);
    const ids = JSON.parse((await m.cli(['list', '--json'])).stdout).checkpoints.map((c: { id: string }) => c.id);
    expect(ids).toHaveLength(2);
    // A dropped line would show up here as "1 missing".
    expect((await m.cli(['doctor'])).stdout).toContain('notes: consistent with the chain');
  });
});
