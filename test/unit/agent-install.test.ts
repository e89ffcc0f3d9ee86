import { describe, expect, it } from 'vitest';
import { installHooks, uninstallHooks } from '../../src/agent/settings.js';
import { makeMemCli } from '../helpers/mem-cli.js';

const SETTINGS = `{
    "model": "opus",
    "permissions": { "allow": ["Bash(npm test:*)"], "deny": [] },
    "hooks": {
        "PreToolUse": [
            { "matcher": "Bash", "hooks": [ { "type": "command", "command": "./lint.sh" } ] }
        ],
        "SessionStart": [
            {
                "matcher": "startup",
                "hooks": [{"type": "command", "command": "echo hi"}]
            }
        ]
    },
    "env": {"A": "1"}
}
`;

describe('agent settings merge', () => {
  it('adds our hooks, keeps everything else, once, and uninstall restores the bytes', () => {
    const once = installHooks(SETTINGS);
    expect(once.changed).toBe(true);
    const data = JSON.parse(once.text);
    expect(data.model).toBe('opus');
    expect(data.env).toEqual({ A: '1' });
    expect(data.permissions).toEqual({ allow: ['Bash(npm test:*)'], deny: [] });
    expect(data.hooks.PreToolUse).toEqual([{ matcher: 'Bash', hooks: [{ type: 'command', command: './lint.sh' }] }]);
    expect(data.hooks.SessionStart).toEqual([
      { matcher: 'startup', hooks: [{ type: 'command', command: 'echo hi' }] },
      { matcher: 'compact|resume', hooks: [{ type: 'command', command: 'git checkpoint hook agent-session-start' }] },
    ]);
    expect(data.hooks.PreCompact).toEqual([{ hooks: [{ type: 'command', command: 'git checkpoint hook agent-pre-compact' }] }]);
    // Lines outside what we added are untouched, with their own formatting.
    expect(once.text).toContain('            { "matcher": "Bash", "hooks": [ { "type": "command", "command": "./lint.sh" } ] }\n');
    expect(once.text).toContain('        "PreCompact": [\n            {\n                "hooks": [');
    const twice = installHooks(once.text);
    expect(twice).toEqual({ text: once.text, changed: false });
    expect(uninstallHooks(twice.text)).toEqual({ text: SETTINGS, changed: true });
  });

  it.each([
    ['no hooks key', '{\n  "model": "opus"\n}\n'],
    ['compact one-liner', '{"hooks": {"Stop": []}, "x": [1, 2]}'],
    ['empty object', '{}'],
    ['tab indented', '{\n\t"hooks": {\n\t\t"Stop": []\n\t}\n}\n'],
  ])('round-trips %s', (_name, original) => {
    const installed = installHooks(original);
    expect(installed.changed).toBe(true);
    expect(JSON.parse(installed.text).hooks.PreCompact).toHaveLength(1);
    const removed = uninstallHooks(installed.text);
    expect(removed.text ?? '(deleted)').toBe(original === '{}' ? '(deleted)' : original);
  });

  it('removes only our command from a group the user shares with it', () => {
    const mixed = '{"hooks": {"PreCompact": [{"hooks": [{"type": "command", "command": "backup.sh"}, {"type": "command", "command": "git checkpoint hook agent-pre-compact"}]}]}}';
    const out = uninstallHooks(mixed).text!;
    expect(JSON.parse(out)).toEqual({ hooks: { PreCompact: [{ hooks: [{ type: 'command', command: 'backup.sh' }] }] } });
  });

  it('refuses a file that is not JSON', () => {
    expect(() => installHooks('{ "hooks": ')).toThrow(/offset/);
  });
});

describe('git checkpoint agent install / uninstall', () => {
  it('writes the project settings, is idempotent, and uninstall deletes a file it created', async () => {
    const m = await makeMemCli();
    const file = '/repo/.claude/settings.json';
    const first = await m.cli(['agent', 'install', 'claude']);
    expect(first).toMatchObject({ code: 0, stdout: `installed: PreCompact and SessionStart hooks for claude in ${file}\n` });
    const text = String(await m.fs.promises.readFile(file, 'utf8'));
    expect((await m.cli(['agent', 'install', 'claude'])).stdout).toMatch(/^already installed/);
    expect(String(await m.fs.promises.readFile(file, 'utf8'))).toBe(text);
    expect((await m.cli(['agent', 'uninstall', 'claude'])).stdout).toMatch(/^removed/);
    expect(m.fs.existsSync(file)).toBe(false);
  });

  it('uses HOME for --user and CODEX_HOME for codex', async () => {
    const m = await makeMemCli();
    await m.fs.promises.mkdir('/home/ada/.claude', { recursive: true });
    await m.fs.promises.writeFile('/home/ada/.claude/settings.json', SETTINGS);
    const env = { HOME: '/home/ada', CODEX_HOME: '/cx' };
    expect((await m.cli(['agent', 'install', 'claude', '--user'], { env })).code).toBe(0);
    expect((await m.cli(['agent', 'install', 'codex', '--user'], { env })).code).toBe(0);
    expect(JSON.parse(String(await m.fs.promises.readFile('/cx/hooks.json', 'utf8'))).hooks.SessionStart[0].matcher).toBe('compact|resume');
    await m.cli(['agent', 'uninstall', 'claude', '--user'], { env });
    expect(String(await m.fs.promises.readFile('/home/ada/.claude/settings.json', 'utf8'))).toBe(SETTINGS);
  });

  it.each([
    [['agent', 'install']],
    [['agent', 'install', 'cursor']],
    [['agent', 'frob', 'claude']],
    [['agent', 'install', 'claude', '--user', '--project']],
  ])('refuses %j with exit 129', async (argv) => {
    const m = await makeMemCli();
    expect((await m.cli(argv)).code).toBe(129);
  });
});
