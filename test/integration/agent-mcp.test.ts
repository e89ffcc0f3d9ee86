/**
 * `agent install <agent> --mcp` for each of the seven agents: the server is
 * registered in the file and format the agent reads for the scope, next to
 * what the person already had there; the command written there, started
 * exactly as written, answers MCP initialize and tools/list over stdio; a
 * second install adds nothing; uninstall gives the file back byte for byte
 * (or removes the file it created).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJsonTree, plainValue } from '../../src/agent/json-edit.js';
import { makeSandbox, type Sandbox } from '../helpers/sandbox.js';

let sb: Sandbox;
beforeAll(() => {
  sb = makeSandbox();
});
afterAll(() => sb.cleanup());

const home = () => sb.env.HOME!;
type Server = { command: string; args: string[] };
const json = (text: string) => JSON.parse(text) as Record<string, any>;
/** How each agent turns its entry into a process: `command` + `args`. */
const plain = (entry: any): Server => ({ command: entry.command, args: entry.args ?? [] });

interface Case {
  agent: string;
  flags: string[];
  file: (dir: string) => string;
  /** What the person already had in the file (absent: no file). */
  before?: string;
  /** The entry as the agent reads it from the file's text. */
  server: (text: string, dir: string) => Server;
}

const CASES: Case[] = [
  { agent: 'claude', flags: [], file: () => join(home(), '.claude.json'),
    before: '{\n  "numStartups": 3,\n  "projects": {\n    "/elsewhere": {\n      "allowedTools": []\n    }\n  }\n}\n',
    server: (t, dir) => plain(json(t).projects[dir].mcpServers['git-checkpoint']) },
  { agent: 'claude', flags: ['--project'], file: (dir) => join(dir, '.mcp.json'),
    server: (t) => plain(json(t).mcpServers['git-checkpoint']) },
  { agent: 'claude', flags: ['--user'], file: () => join(home(), '.claude.json'),
    server: (t) => plain(json(t).mcpServers['git-checkpoint']) },
  { agent: 'codex', flags: [], file: () => join(home(), '.codex', 'config.toml'),
    before: 'model = "gpt-5.5"\n\n# docs lookups\n[mcp_servers.docs]\ncommand = "npx"\nargs = ["-y", "docs-mcp"]\n',
    server: (t) => plain((parseToml(t) as any).mcp_servers['git-checkpoint']) },
  { agent: 'codex', flags: ['--project'], file: (dir) => join(dir, '.codex', 'config.toml'), before: 'approval_policy = "on-request"',
    server: (t) => plain((parseToml(t) as any).mcp_servers['git-checkpoint']) },
  { agent: 'gemini', flags: [], file: () => join(home(), '.gemini', 'settings.json'),
    before: '{\n  "mcpServers": {\n    "docs": { "command": "npx", "args": ["docs-mcp"], "trust": false }\n  }\n}\n',
    server: (t) => plain(json(t).mcpServers['git-checkpoint']) },
  { agent: 'cursor', flags: ['--project'], file: (dir) => join(dir, '.cursor', 'mcp.json'),
    server: (t) => plain(json(t).mcpServers['git-checkpoint']) },
  { agent: 'cursor', flags: [], file: () => join(home(), '.cursor', 'mcp.json'),
    server: (t) => plain(json(t).mcpServers['git-checkpoint']) },
  { agent: 'copilot', flags: [], file: () => join(home(), '.copilot', 'mcp-config.json'),
    server: (t) => {
      const e = json(t).mcpServers['git-checkpoint'];
      expect(e.type).toBe('local');
      expect(e.tools).toEqual(['*']);
      return plain(e);
    } },
  { agent: 'copilot', flags: ['--project'], file: (dir) => join(dir, '.github', 'mcp.json'),
    server: (t) => plain(json(t).mcpServers['git-checkpoint']) },
  { agent: 'cline', flags: [], file: () => join(home(), '.cline', 'data', 'settings', 'cline_mcp_settings.json'),
    before: '{\n\t"mcpServers": {}\n}',
    server: (t) => plain(json(t).mcpServers['git-checkpoint']) },
  { agent: 'opencode', flags: ['--project'], file: (dir) => join(dir, 'opencode.json'),
    before: '{\n  // the team\'s model\n  "model": "anthropic/claude-sonnet-4-5",\n}\n',
    server: (t) => {
      const e = plainValue(t, parseJsonTree(t, true)) as any;
      expect(e.mcp['git-checkpoint']).toMatchObject({ type: 'local', enabled: true });
      const [command, ...args] = e.mcp['git-checkpoint'].command as string[];
      return { command: command!, args };
    } },
  { agent: 'opencode', flags: [], file: () => join(home(), '.config', 'opencode', 'opencode.json'),
    server: (t) => {
      const [command, ...args] = json(t).mcp['git-checkpoint'].command as string[];
      return { command: command!, args };
    } },
];

/** Starts `server` as the agent would (its command and args, in the project) and lists the tools. */
async function toolsOf(server: Server, dir: string): Promise<string[]> {
  const transport = new StdioClientTransport({ command: server.command, args: server.args, cwd: dir, env: sb.env, stderr: 'pipe' });
  const client = new Client({ name: 'agent', version: '1.0.0' });
  await client.connect(transport);
  try {
    return (await client.listTools()).tools.map((t) => t.name);
  } finally {
    await client.close();
  }
}

describe('agent install --mcp registers `git checkpoint mcp` where the agent reads MCP servers', () => {
  for (const c of CASES) {
    it(`${c.agent} ${c.flags.join(' ') || '(personal)'}`, async () => {
      const dir = sb.repo(`${c.agent}${c.flags.join('')}`);
      const file = c.file(dir);
      rmSync(file, { force: true });
      if (c.before !== undefined) {
        mkdirSync(join(file, '..'), { recursive: true });
        writeFileSync(file, c.before);
      }
      const res = await sb.ckpt(dir, ['agent', 'install', c.agent, '--mcp', ...c.flags, '--json']);
      expect(res.code, res.stderr).toBe(0);
      expect(JSON.parse(res.stdout).mcp).toEqual({ path: file, changed: true });
      const text = readFileSync(file, 'utf8');
      const server = c.server(text, dir);
      expect(server).toEqual({ command: 'git', args: ['checkpoint', 'mcp'] });
      expect(await toolsOf(server, dir)).toEqual(expect.arrayContaining(['checkpoint_recap', 'checkpoint_save', 'checkpoint_decide']));

      const again = await sb.ckpt(dir, ['agent', 'install', c.agent, '--mcp', ...c.flags, '--json']);
      expect(JSON.parse(again.stdout).mcp).toEqual({ path: file, changed: false });
      expect(readFileSync(file, 'utf8')).toBe(text);

      const un = await sb.ckpt(dir, ['agent', 'uninstall', c.agent, ...c.flags, '--json']);
      expect(un.code, un.stderr).toBe(0);
      if (c.before === undefined) expect(existsSync(file)).toBe(false);
      else expect(readFileSync(file, 'utf8')).toBe(c.before);
    }, 30_000);
  }

  it('keeps another server of the same name, and says so', async () => {
    const dir = sb.repo('theirs');
    const file = join(dir, '.cursor', 'mcp.json');
    const before = '{"mcpServers": {"git-checkpoint": {"command": "/opt/fork/git-checkpoint", "args": ["mcp"]}}}\n';
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, before);
    const res = await sb.ckpt(dir, ['agent', 'install', 'cursor', '--project', '--mcp']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain('left alone');
    expect(readFileSync(file, 'utf8')).toBe(before);
    await sb.ckpt(dir, ['agent', 'uninstall', 'cursor', '--project']);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('Cline has no project MCP file: --project --mcp says so and writes only the hooks', async () => {
    const dir = sb.repo('cline-project');
    const res = await sb.ckpt(dir, ['agent', 'install', 'cline', '--project', '--mcp', '--json']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/warning: no MCP server registered: Cline reads MCP servers only from its own settings/);
    expect(JSON.parse(res.stdout).mcp).toBeNull();
    expect(existsSync(join(dir, '.clinerules', 'hooks', 'PreCompact'))).toBe(true);
  });
});
