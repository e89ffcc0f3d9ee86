import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { mcpJsonEdit } from '../../../src/agent/adapters/common.js';
import { parseJsonTree, plainValue } from '../../../src/agent/json-edit.js';
import { installTomlTable, tomlBlock, uninstallTomlTable } from '../../../src/agent/mcp-toml.js';

const block = tomlBlock('git', ['checkpoint', 'mcp']);

describe('the MCP server in Codex config.toml', () => {
  it.each([
    ['ending with a newline', 'model = "o3"\n\n[profiles.fast]\nmodel = "gpt-5.5"\n'],
    ['without a final newline', 'model = "o3"'],
    ['with a blank line and a comment at the end', '[mcp_servers.docs]\ncommand = "npx"\n\n# end\n'],
  ])('appends one table and takes exactly it out again (%s)', (_, before) => {
    const installed = installTomlTable(before, block);
    expect(installed.changed).toBe(true);
    const parsed = parseToml(installed.text) as any;
    expect(parsed.mcp_servers['git-checkpoint']).toEqual({ command: 'git', args: ['checkpoint', 'mcp'] });
    expect(installTomlTable(installed.text, block)).toEqual({ text: installed.text, changed: false });
    expect(uninstallTomlTable(installed.text, block)).toEqual({ text: before, changed: true });
  });

  it('a file it created is removed', () => {
    expect(uninstallTomlTable(installTomlTable(null, block).text, block).text).toBeNull();
  });

  it.each([
    '[mcp_servers.git-checkpoint]\ncommand = "/opt/git-checkpoint"\nargs = ["mcp"]\n',
    '[mcp_servers."git-checkpoint"]\ncommand = "git"\n',
    'mcp_servers.git-checkpoint.command = "x"\n',
    '[mcp_servers]\ngit-checkpoint = { command = "x" }\n',
  ])('leaves a table of that name that is not ours: %j', (before) => {
    const r = installTomlTable(before, block);
    expect(r).toMatchObject({ text: before, changed: false });
    expect(r.kept).toMatch(/not ours/);
  });

  it('keeps our table once the person added keys to it', () => {
    const text = `${installTomlTable('a = 1\n', block).text}startup_timeout_sec = 20\n`;
    expect(uninstallTomlTable(text, block)).toMatchObject({ text, changed: false, kept: expect.stringMatching(/changed/) });
  });
});

describe('the MCP server in a JSON configuration', () => {
  const entry = { command: 'git', args: ['checkpoint', 'mcp'] };

  it('creates the objects on its way and prunes only those on uninstall', () => {
    const edit = mcpJsonEdit('/f', ['projects', '/w', 'mcpServers'], entry);
    const before = '{\n  "projects": {\n    "/other": {}\n  },\n  "n": 1\n}\n';
    const r = edit.install(before);
    expect(JSON.parse(r.text).projects['/w'].mcpServers['git-checkpoint']).toEqual(entry);
    expect(edit.uninstall(r.text)).toEqual({ text: before, changed: true });
  });

  it('keeps an empty mcpServers the agent wrote itself, and removes a file it created', () => {
    const edit = mcpJsonEdit('/f', ['mcpServers'], entry);
    const own = '{\n\t"mcpServers": {}\n}';
    expect(edit.uninstall(edit.install(own).text).text).toBe(own);
    expect(edit.uninstall(edit.install(null).text).text).toBeNull();
  });

  it('edits JSONC (comments, trailing commas) and gives its bytes back', () => {
    const edit = mcpJsonEdit('/f', ['mcp'], { type: 'local', command: ['git', 'checkpoint', 'mcp'] }, { jsonc: true });
    const before = '{\n  /* team */ "model": "x", // pinned\n  "mcp": {\n    "docs": {"type": "remote", "url": "https://d.example"},\n  },\n}\n';
    const r = edit.install(before);
    const value = plainValue(r.text, parseJsonTree(r.text, true)) as any;
    expect(Object.keys(value.mcp)).toEqual(['docs', 'git-checkpoint']);
    expect(edit.uninstall(r.text)).toEqual({ text: before, changed: true });
  });

  it('an entry an agent normalised (added env, type) is still ours; another command is not', () => {
    const edit = mcpJsonEdit('/f', ['mcpServers'], entry);
    const normalised = '{"mcpServers": {"git-checkpoint": {"type": "stdio", "command": "git", "args": ["checkpoint", "mcp"], "env": {}}}}';
    expect(edit.install(normalised).changed).toBe(false);
    expect(edit.uninstall(normalised).text).toBeNull();
    const theirs = '{"mcpServers": {"git-checkpoint": {"command": "npx", "args": ["git-checkpoint-mcp"]}}}';
    expect(edit.install(theirs)).toMatchObject({ text: theirs, changed: false, kept: expect.stringMatching(/not ours/) });
    expect(edit.uninstall(theirs)).toMatchObject({ text: theirs, changed: false });
  });
});
