/** `git checkpoint config`: the settings as git reads them, with their origin. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

describe('git checkpoint config', () => {
  it('lists every setting with its value and origin, or its default; marks invalid values; warns about unknown keys', async () => {
    const dir = sb.repo('config');
    sb.git(dir, 'config', '--global', 'checkpoint.wip', 'no');
    sb.git(dir, 'config', 'checkpoint.wip', 'yes');
    sb.git(dir, 'config', 'checkpoint.maxFileSize', '2x');
    sb.git(dir, 'config', '--add', 'checkpoint.exclude', '*.log');
    sb.git(dir, 'config', '--add', 'checkpoint.exclude', 'tmp/**');
    sb.git(dir, 'config', 'checkpoint.autopsuh', 'false');
    const res = await sb.ckpt(dir, ['config']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toBe("warning: unknown setting 'checkpoint.autopsuh'; did you mean 'checkpoint.autoPush'?\n");
    const lines = res.stdout.split('\n');
    // The local value wins over the global one, as git reads it.
    expect(lines).toContainEqual(expect.stringMatching(/^checkpoint\.wip=yes +local\tfile:\.git\/config$/));
    expect(lines).toContainEqual(expect.stringMatching(/^checkpoint\.autoPush=true +\(default\)$/));
    expect(lines).toContainEqual(expect.stringMatching(/^checkpoint\.maxFileSize=2x +local\tfile:\.git\/config\t\(invalid: bad numeric config value '2x' for 'checkpoint.maxFileSize': invalid unit\)$/));
    expect(lines.filter((l) => l.startsWith('checkpoint.exclude='))).toHaveLength(2);
    const json = JSON.parse((await sb.ckpt(dir, ['config', '--json'])).stdout);
    const wip = json.settings.find((s: { key: string }) => s.key === 'checkpoint.wip');
    expect(wip).toMatchObject({ type: 'bool', default: 'true', values: [{ value: 'yes', scope: 'local', error: null }] });
    expect(json.unknown).toEqual(['checkpoint.autopsuh']);
    sb.git(dir, 'config', '--unset', 'checkpoint.wip');
    const global = JSON.parse((await sb.ckpt(dir, ['config', '--json'])).stdout).settings.find((s: { key: string }) => s.key === 'checkpoint.wip');
    expect(global.values).toEqual([{ value: 'no', scope: 'global', origin: expect.stringMatching(/^file:.*\.gitconfig$/), error: null }]);
    sb.git(dir, 'config', '--global', '--unset', 'checkpoint.wip');
  });
});
