/**
 * Walks from commit ids are remembered while a repository stays open, and
 * forgotten when what git walks changes under the same ids: a replace ref
 * (`git replace --graft`) or a shallow boundary.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCliRepo } from '../../src/git/cli/cli-repo.js';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

function threeCommits(name: string): { dir: string; ids: string[] } {
  const dir = sb.repo(name);
  sb.git(dir, 'commit', '-q', '--allow-empty', '-m', 'second');
  sb.git(dir, 'commit', '-q', '--allow-empty', '-m', 'third');
  return { dir, ids: sb.git(dir, 'rev-list', 'HEAD').trim().split('\n') };
}

describe('walks of an open repository', () => {
  it('follow a graft made after the same walk ran', async () => {
    const { dir, ids } = threeCommits('graft');
    const [third, second, first] = ids as [string, string, string];
    const repo = await openCliRepo(dir, sb.env);
    expect((await repo.walkCommits([third])).map((c) => c.message.trim())).toEqual(['third', 'second', 'initial commit']);
    expect(await repo.isAncestor(first, third)).toBe(true);
    expect(await repo.countCommits([third])).toBe(3);
    sb.git(dir, 'replace', '--graft', second);
    expect((await repo.walkCommits([third])).map((c) => c.message.trim())).toEqual(['third', 'second']);
    expect(await repo.isAncestor(first, third)).toBe(false);
    expect(await repo.countCommits([third])).toBe(2);
    await repo.close();
  });

  it('give a caller its own list, and the same answer again', async () => {
    const { dir, ids } = threeCommits('own-list');
    const repo = await openCliRepo(dir, sb.env);
    const walked = await repo.walkCommits([ids[0]!], { limit: 2 });
    walked.pop();
    expect((await repo.walkCommits([ids[0]!], { limit: 2 })).map((c) => c.oid)).toEqual(ids.slice(0, 2));
    expect((await repo.walkCommits([ids[0]!], { exclude: [ids[2]!] })).map((c) => c.oid)).toEqual(ids.slice(0, 2));
    await repo.close();
  });
});
