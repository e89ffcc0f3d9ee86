/**
 * The listing cache on real git keeps up with chains that move under it:
 * a fetched chain that grew, one that was rewritten (prune, then a forced
 * push), and a teammate's record that arrives after the cache was built
 * claiming an own id or another writer — each listed as a full listing from
 * scratch lists it, and never as the clone's own.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';
import { makeTeam, saveMany, writerOf } from '../helpers/teammates.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

interface Row { id: string; writer: string; remote: string | null; commit: string }

async function listed(dir: string): Promise<{ rows: Row[]; stderr: string }> {
  const res = await sb.ckpt(dir, ['list', '-n', '0', '--json']);
  expect(res.code, res.stderr).toBe(0);
  return { rows: JSON.parse(res.stdout).checkpoints, stderr: res.stderr };
}

/** What a listing with no cache at all says. */
async function listedFromScratch(dir: string): Promise<Row[]> {
  const common = sb.git(dir, 'rev-parse', '--git-common-dir').trim();
  rmSync(join(dir, common, 'checkpoint', 'list-cache.jsonl'), { force: true });
  return (await listed(dir)).rows;
}

describe('a cached listing after chains moved', () => {
  it('follows a fetched chain that grew and one rewritten by prune and a forced push', async () => {
    const team = await makeTeam(sb, 'moved', (bare) => `file://${bare}`);
    const aIds = await saveMany(sb, team.a, 'ada', 4);
    expect((await sb.ckpt(team.a, ['push'])).code).toBe(0);
    await saveMany(sb, team.b, 'bob', 2);
    expect((await sb.ckpt(team.b, ['fetch'])).code).toBe(0);
    expect((await listed(team.b)).rows).toHaveLength(6);

    await saveMany(sb, team.a, 'ada more', 2);
    expect((await sb.ckpt(team.a, ['push'])).code).toBe(0);
    expect((await sb.ckpt(team.b, ['fetch'])).code).toBe(0);
    const page = JSON.parse((await sb.ckpt(team.b, ['list', '--json', '-n', '3'])).stdout);
    expect(page.total).toBe(8);
    const grown = (await listed(team.b)).rows;
    expect(page.checkpoints).toEqual(grown.slice(0, 3));
    expect(grown).toHaveLength(8);
    expect(grown.filter((r) => r.remote === 'origin')).toHaveLength(6);

    // Ada drops her oldest and pushes the rewritten chain: Bob's copy is replaced, not added to.
    expect((await sb.ckpt(team.a, ['prune', '--keep', '3'])).code).toBe(0);
    expect((await sb.ckpt(team.a, ['push'])).code).toBe(0);
    expect((await sb.ckpt(team.b, ['fetch'])).code).toBe(0);
    const rewritten = (await listed(team.b)).rows;
    expect(rewritten.filter((r) => r.remote === 'origin').map((r) => r.id)).not.toContain(aIds[0]);
    expect(rewritten).toHaveLength(5);
    expect(rewritten).toEqual(await listedFromScratch(team.b));
  });

  it('never lists a fetched record that arrives later as the own one', async () => {
    const team = await makeTeam(sb, 'late', (bare) => `file://${bare}`);
    const bWriter = (await saveMany(sb, team.b, 'bob', 1), writerOf(sb, team.b));
    const [own] = await saveMany(sb, team.b, 'bob own', 1);
    await saveMany(sb, team.a, 'ada', 1);
    expect((await sb.ckpt(team.a, ['push'])).code).toBe(0);
    expect((await sb.ckpt(team.b, ['fetch'])).code).toBe(0);
    expect((await listed(team.b)).rows).toHaveLength(3);

    // Ada's clone now writes a commit that claims Bob's own id and Bob as its writer.
    const aWriter = writerOf(sb, team.a);
    const ref = `refs/checkpoints/${aWriter}`;
    const record = JSON.parse(sb.git(team.b, 'show', `refs/checkpoints/${bWriter}:checkpoint.json`));
    const forged = { ...record, createdAt: new Date(Date.now() + 1000).toISOString(), task: { ...record.task, title: 'forged' } };
    const blob = sb.gitIn(team.a, ['hash-object', '-w', '--stdin'], `${JSON.stringify(forged, null, 2)}\n`);
    const tree = sb.gitIn(team.a, ['mktree'], `100644 blob ${blob}\tcheckpoint.json\n`);
    const message = `checkpoint: forged\n\nCheckpoint-Id: ${own}\nCheckpoint-Writer: ${bWriter}\nCheckpoint-Branch: ${record.git.branch}\n`;
    const commit = sb.gitIn(team.a, ['commit-tree', tree, '-p', ref], message);
    sb.git(team.a, 'update-ref', ref, commit);
    sb.git(team.a, 'push', '-q', 'origin', `${ref}:${ref}`);
    expect((await sb.ckpt(team.b, ['fetch'])).code).toBe(0);

    // The head of the last listing cannot take the newcomer in (its id is listed already): the same answer either way.
    const head = await sb.ckpt(team.b, ['list', '--json']);
    expect(JSON.parse(head.stdout).checkpoints.filter((r: Row) => r.id === own)).toEqual([expect.objectContaining({ remote: null })]);
    const { rows, stderr } = await listed(team.b);
    const mine = rows.filter((r) => r.id === own);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.remote).toBeNull();
    expect(rows.find((r) => r.commit === commit)?.remote ?? 'origin').toBe('origin');
    expect(stderr).toContain(commit);
    const shown = JSON.parse((await sb.ckpt(team.b, ['show', own!, '--json'])).stdout);
    expect(shown.task.title).toBe('bob own 1');
    expect(rows).toEqual(await listedFromScratch(team.b));
  });
});
