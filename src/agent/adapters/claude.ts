/**
 * Claude Code (hooks reference, code.claude.com/docs/en/hooks, 2.1.2xx):
 * settings `.claude/settings.local.json` (personal: kept out of git through
 * `info/exclude`, which install adds and uninstall takes out), `.claude/settings.json` (project), `~/.claude/settings.json` (user;
 * `CLAUDE_CONFIG_DIR` moves it). PreCompact (exit 2 would block compaction:
 * never used), SessionStart with sources `compact`, `resume` and `fork`
 * (2.1.214 reports forks as `fork`); `additionalContext` kept up to 10,000
 * characters; `systemMessage` shown to the person. Skills:
 * `<config>/skills/<name>/SKILL.md`, or `.claude/skills/` in the project.
 */
import { join } from 'node:path';
import { readClaudeLines } from '../../harvest/transcripts.js';
import { commandGroup, configHome, excludeEdit, hookFileEdit, json, mcpJsonEdit, snakeCaseInput, stdioEntry } from './common.js';
import type { AgentAdapter } from './types.js';

export const claude: AgentAdapter = {
  name: 'claude',
  title: 'Claude Code',
  followed: 'Claude Code 2.1.214+ hooks reference (code.claude.com/docs/en/hooks)',
  projectDirVars: ['CLAUDE_PROJECT_DIR'],
  plan(scope, roots, command) {
    const config = configHome(roots, 'CLAUDE_CONFIG_DIR', '.claude');
    const file = scope === 'user' ? join(config, 'settings.json')
      : join(roots.workTree, '.claude', scope === 'project' ? 'settings.json' : 'settings.local.json');
    const spec = {
      initial: '{}\n',
      nested: true,
      entries: [
        { event: 'PreCompact', item: commandGroup(command('pre-compact'), 30) },
        { event: 'SessionStart', item: commandGroup(command('session-start'), 15, 'compact|resume|fork') },
      ],
    };
    const skillRoot = scope === 'project' ? join(roots.workTree, '.claude') : config;
    const edits = [hookFileEdit(file, spec)];
    // The personal file stays out of every checkpoint's uncommitted list, and out of `git add -A`.
    if (scope === 'personal' && roots.gitCommonDir) edits.push(excludeEdit(roots.gitCommonDir, '/.claude/settings.local.json', "Claude Code's personal settings"));
    return { edits, files: [], skill: join(skillRoot, 'skills', 'git-checkpoint', 'SKILL.md') };
  },
  mcp(scope, roots) {
    // `claude mcp add` keeps local and user servers in `.claude.json` ($CLAUDE_CONFIG_DIR, else the home directory).
    const state = roots.env.CLAUDE_CONFIG_DIR ? join(roots.env.CLAUDE_CONFIG_DIR, '.claude.json') : join(roots.home, '.claude.json');
    const entry = { ...stdioEntry({ type: 'stdio' }), env: {} };
    if (scope === 'project') return mcpJsonEdit(join(roots.workTree, '.mcp.json'), ['mcpServers'], entry);
    return mcpJsonEdit(state, scope === 'user' ? ['mcpServers'] : ['projects', roots.workTree, 'mcpServers'], entry);
  },
  parseInput: snakeCaseInput,
  readTranscript: readClaudeLines,
  sessionStartOutput: (context) => json({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: context } }),
  noticeOutput: (message) => json({ systemMessage: message }),
  contextBudget: 10_000,
};
