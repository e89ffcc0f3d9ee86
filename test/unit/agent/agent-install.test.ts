import { describe, expect, it } from 'vitest';
import { claude } from '../../../src/agent/adapters/claude.js';
import { CLINE_PLUGIN } from '../../../src/agent/adapters/cline.js';
import { hookCommand } from '../../../src/agent/install-plan.js';
import { makeMemCli } from '../../helpers/mem-cli.js';

const edit = claude.plan('personal', { workTree: '/repo', home: '/home/ada', env: {} }, hookCommand('claude', 'personal')).edits[0]!;
const installHooks = (text: string | null) => edit.install(text);
const uninstallHooks = (text: string) => edit.uninstall(text);
const ENTRY = { type: 'command', timeout: 30, command: 'git checkpoint hook agent-pre-compact claude' };

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
      { matcher: 'compact|resume|fork', hooks: [{ type: 'command', command: 'git checkpoint hook agent-session-start claude', timeout: 15 }] },
    ]);
    expect(data.hooks.PreCompact).toEqual([{ hooks: [{ ...ENTRY }] }]);
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
  async function withSkill() {
    const m = await makeMemCli();
    // The package's skill file, where this installation's packageFile() looks for it.
    const { packageFile } = await import('../../../src/io/package-files.js');
    const real = packageFile('hooks/agents/SKILL.md');
    await m.fs.promises.mkdir(real.replace(/\/[^/]+$/, ''), { recursive: true });
    await m.fs.promises.writeFile(real, '---\nname: git-checkpoint\n---\nbody\n');
    return m;
  }

  it('defaults to the personal, uncommitted file (kept out of git through info/exclude); idempotent; uninstall deletes what it created', async () => {
    const m = await withSkill();
    const env = { HOME: '/home/ada' };
    const file = '/repo/.claude/settings.local.json';
    const exclude = '/repo/.git/info/exclude';
    const excludeBefore = m.fs.existsSync(exclude) ? String(await m.fs.promises.readFile(exclude, 'utf8')) : null;
    const first = await m.cli(['agent', 'install', 'claude'], { env });
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(`installed: Claude Code hooks in ${file}\ninstalled: Claude Code ignore rule in ${exclude}\ninstalled: Claude Code skill in /home/ada/.claude/skills/git-checkpoint/SKILL.md\n`);
    expect(String(await m.fs.promises.readFile(exclude, 'utf8')).split('\n')).toContain('/.claude/settings.local.json');
    expect(m.fs.existsSync('/repo/.claude/settings.json')).toBe(false);
    const text = String(await m.fs.promises.readFile(file, 'utf8'));
    expect(JSON.parse(text).hooks.PreCompact[0].hooks[0]).toEqual(ENTRY);
    expect((await m.cli(['agent', 'install', 'claude'], { env })).stdout).toMatch(/^already installed/);
    expect(String(await m.fs.promises.readFile(file, 'utf8'))).toBe(text);
    expect((await m.cli(['agent', 'uninstall', 'claude'], { env })).stdout).toMatch(/^removed/);
    expect(m.fs.existsSync(file)).toBe(false);
    expect(m.fs.existsSync('/home/ada/.claude/skills/git-checkpoint/SKILL.md')).toBe(false);
    expect(String(await m.fs.promises.readFile(exclude, 'utf8'))).toBe(excludeBefore ?? '');
  });

  it('--project writes a guarded command: a machine without git-checkpoint runs nothing and fails nothing', async () => {
    const m = await withSkill();
    expect((await m.cli(['agent', 'install', 'claude', '--project'], { env: { HOME: '/home/ada' } })).code).toBe(0);
    const data = JSON.parse(String(await m.fs.promises.readFile('/repo/.claude/settings.json', 'utf8')));
    const command: string = data.hooks.PreCompact[0].hooks[0].command;
    expect(command).toBe('command -v git-checkpoint >/dev/null 2>&1 && git checkpoint hook agent-pre-compact claude || true');
    expect(m.fs.existsSync('/repo/.claude/skills/git-checkpoint/SKILL.md')).toBe(true);
  });

  it('keeps a skill of the same name that is not ours, and a changed one on uninstall', async () => {
    const m = await withSkill();
    const env = { HOME: '/home/ada' };
    const mine = '/home/ada/.claude/skills/git-checkpoint/SKILL.md';
    await m.fs.promises.mkdir('/home/ada/.claude/skills/git-checkpoint', { recursive: true });
    await m.fs.promises.writeFile(mine, 'my own notes\n');
    const res = await m.cli(['agent', 'install', 'claude'], { env });
    expect(res.stderr).toContain('left alone: /home/ada/.claude/skills/git-checkpoint/SKILL.md');
    expect(String(await m.fs.promises.readFile(mine, 'utf8'))).toBe('my own notes\n');
    await m.cli(['agent', 'uninstall', 'claude'], { env });
    expect(String(await m.fs.promises.readFile(mine, 'utf8'))).toBe('my own notes\n');
  });

  it('uses HOME for --user and CODEX_HOME for codex', async () => {
    const m = await withSkill();
    await m.fs.promises.mkdir('/home/ada/.claude', { recursive: true });
    await m.fs.promises.writeFile('/home/ada/.claude/settings.json', SETTINGS);
    const env = { HOME: '/home/ada', CODEX_HOME: '/cx' };
    expect((await m.cli(['agent', 'install', 'claude', '--user'], { env })).code).toBe(0);
    expect((await m.cli(['agent', 'install', 'codex', '--user'], { env })).code).toBe(0);
    expect(JSON.parse(String(await m.fs.promises.readFile('/cx/hooks.json', 'utf8'))).hooks.SessionStart[0].matcher).toBe('compact|resume');
    await m.cli(['agent', 'uninstall', 'claude', '--user'], { env });
    expect(String(await m.fs.promises.readFile('/home/ada/.claude/settings.json', 'utf8'))).toBe(SETTINGS);
  });

  it('says what the person must still know: Codex and Copilot CLI run hooks only once trusted, Cline CLI runs the plugin, not the scripts', async () => {
    const m = await withSkill();
    const env = { HOME: '/home/ada', CODEX_HOME: '/cx' };
    expect((await m.cli(['agent', 'install', 'codex', '--user'], { env })).stderr).toContain('review and trust them (/hooks)');
    const cline = await m.cli(['agent', 'install', 'cline', '--user'], { env });
    expect(cline.code).toBe(0);
    expect(cline.stderr).toContain('Cline CLI 3.0 runs none of them usefully and loads the plugin instead');
    expect((await m.cli(['agent', 'install', 'cline', '--user'], { env })).stderr).not.toContain('Cline CLI');
    expect((await m.cli(['agent', 'install', 'copilot', '--user'], { env })).stderr).toContain('only once you trust the folder');
    expect((await m.cli(['agent', 'install', 'claude', '--user'], { env })).stderr).not.toContain('hint');
  });

  it('cline: the hook scripts and the Cline CLI plugin, in the project (.cline/plugins) and for the user ($CLINE_DIR/plugins); uninstall removes only ours', async () => {
    const m = await withSkill();
    const project = await m.cli(['agent', 'install', 'cline', '--project'], { env: { HOME: '/home/ada' } });
    expect(project.code).toBe(0);
    expect(project.stdout).toContain('/repo/.clinerules/hooks/PreCompact');
    expect(project.stdout).toContain('installed: Cline plugin in /repo/.cline/plugins/git-checkpoint.js');
    const plugin = String(await m.fs.promises.readFile('/repo/.cline/plugins/git-checkpoint.js', 'utf8'));
    expect(plugin).toBe(CLINE_PLUGIN);
    expect(plugin).toContain('managed-by: git-checkpoint');
    expect(plugin).toMatch(/^export default \{\n  name: "git-checkpoint",\n  manifest: \{ capabilities: \["hooks"\] \},/m);
    for (const hook of ['beforeRun', 'onEvent', 'beforeModel']) expect(plugin).toMatch(new RegExp(`\\n    (async )?${hook}\\(`));

    const user = await m.cli(['agent', 'install', 'cline', '--user'], { env: { HOME: '/home/ada' } });
    expect(user.stdout).toContain('/home/ada/.cline/plugins/git-checkpoint.js');
    expect(user.stdout).toContain('/home/ada/Documents/Cline/Hooks/TaskResume');
    expect((await m.cli(['agent', 'install', 'cline', '--user'], { env: { HOME: '/home/ada', CLINE_DIR: '/cl' } })).stdout).toContain('/cl/plugins/git-checkpoint.js');

    // A plugin of the same name that is not ours stays, on install and uninstall.
    await m.fs.promises.writeFile('/cl/plugins/git-checkpoint.js', 'export default {};\n');
    expect((await m.cli(['agent', 'uninstall', 'cline', '--user'], { env: { HOME: '/home/ada', CLINE_DIR: '/cl' } })).stderr).toContain('left alone: /cl/plugins/git-checkpoint.js');
    expect(String(await m.fs.promises.readFile('/cl/plugins/git-checkpoint.js', 'utf8'))).toBe('export default {};\n');
    expect((await m.cli(['agent', 'uninstall', 'cline', '--user'], { env: { HOME: '/home/ada' } })).code).toBe(0);
    expect(m.fs.existsSync('/home/ada/.cline/plugins/git-checkpoint.js')).toBe(false);
    expect((await m.cli(['agent', 'uninstall', 'cline', '--project'], { env: { HOME: '/home/ada' } })).code).toBe(0);
    expect(m.fs.existsSync('/repo/.cline/plugins/git-checkpoint.js')).toBe(false);
    expect(m.fs.existsSync('/repo/.clinerules/hooks/PreCompact')).toBe(false);
  });

  it('a settings file that is not JSON stops the install before anything is written', async () => {
    const m = await withSkill();
    await m.fs.promises.mkdir('/repo/.claude', { recursive: true });
    await m.fs.promises.writeFile('/repo/.claude/settings.local.json', '{ "hooks": ');
    const res = await m.cli(['agent', 'install', 'claude'], { env: { HOME: '/home/ada' } });
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('nothing changed');
    expect(m.fs.existsSync('/home/ada/.claude/skills/git-checkpoint/SKILL.md')).toBe(false);
  });

  it.each([
    [['agent', 'install']],
    [['agent', 'install', 'vim']],
    [['agent', 'frob', 'claude']],
    [['agent', 'install', 'claude', '--user', '--project']],
  ])('refuses %j with exit 129', async (argv) => {
    const m = await makeMemCli();
    expect((await m.cli(argv)).code).toBe(129);
  });
});

describe('the adapter table', () => {
  it('every agent is in the agents table (docs/agents.md) with the documentation and version it follows', async () => {
    const { readFileSync } = await import('node:fs');
    const { ADAPTERS } = await import('../../../src/agent/adapters/index.js');
    const readme = readFileSync(new URL('../../../docs/agents.md', import.meta.url), 'utf8');
    expect(ADAPTERS.map((a) => a.name)).toEqual(['claude', 'codex', 'gemini', 'cursor', 'copilot', 'cline', 'opencode']);
    for (const a of ADAPTERS) expect(readme, a.name).toContain(`| \`${a.name}\` | ${a.followed} |`);
  });
});
