/**
 * One agent's facts in one place (git-bug's bridge interface): where its
 * settings live per scope, what we add to them, how it hands a hook its input,
 * where its transcript is and how to read it, what shape it reads back from a
 * session-start hook and how much of it, and where it reads skills. Each agent
 * is one module in this folder, registered in ./index.ts.
 */
import type { Harvester, HarvestFacts } from '../../harvest/harvest.js';

export const SCOPES = ['personal', 'project', 'user'] as const;
/** personal: this repository, uncommitted (the default); project: the committed file; user: the home directory. */
export type Scope = (typeof SCOPES)[number];

export interface Roots {
  workTree: string;
  home: string;
  env: Record<string, string | undefined>;
  /** The repository's common git dir (absent for the user scope). */
  gitCommonDir?: string;
}

/** A hook input in the agents' common terms; null where the agent sent nothing. */
export interface AgentInput {
  sessionId: string | null;
  transcriptPath: string | null;
  cwd: string | null;
  /** `manual` | `auto` for a compaction. */
  trigger: string | null;
  /** Why a session (re)starts: `startup`, `resume`, `compact`, `clear`, … */
  source: string | null;
  event: string | null;
}

/** A whole file we own (a hook script, a plugin): written when absent, removed only while it is still ours. */
export interface OwnedFile {
  path: string;
  content: string;
  executable?: boolean;
  /** What the file is, for the report (`hook script` unless said). */
  what?: string;
}

/** A planned text edit; `kept` says why a part that is not ours was left alone. */
export interface EditResult<T = string> {
  text: T;
  changed: boolean;
  kept?: string;
}

/** Our entries in one of an agent's configuration files (hooks, or the MCP server). */
export interface HookFileEdit {
  path: string;
  /** What the entries are, for the report (`hooks` unless said). */
  what?: string;
  install(text: string | null): EditResult;
  /** `text` null: remove the file (nothing else was left in it). */
  uninstall(text: string): EditResult<string | null>;
}

export interface InstallPlan {
  edits: HookFileEdit[];
  files: OwnedFile[];
  /** Where the agent reads our skill (hooks/agents/SKILL.md); null when it reads none. */
  skill: string | null;
}

/** How the hook was invoked: which of our two jobs it is asked to do. */
export type HookKind = 'pre-compact' | 'session-start';

export interface AgentAdapter {
  /** The CLI name (`git checkpoint agent install <name>`). */
  name: string;
  title: string;
  /** The documentation and version the adapter follows (the agents table in docs/agents.md). */
  followed: string;
  /** Environment variables that name the project directory, in order. */
  projectDirVars: readonly string[];
  /** What `agent install` writes for this scope; `command(kind)` is the hook command line to run. */
  plan(scope: Scope, roots: Roots, command: (kind: HookKind) => string): InstallPlan;
  /**
   * Where and how the agent registers an MCP server for this scope, with
   * `git checkpoint mcp` as ours; null when the agent has no such file for
   * the scope (`why` says so).
   */
  mcp(scope: Scope, roots: Roots): HookFileEdit | { why: string };
  /** Maps the agent's stdin JSON onto AgentInput. */
  parseInput(data: Record<string, unknown>): AgentInput;
  /** Feeds the transcript into the harvester; absent when the agent keeps none we can read. */
  readTranscript?(lines: AsyncIterable<string | null>, harvester: Harvester): Promise<void>;
  /**
   * Why this pre-compaction event compacts nothing, or null when it compacts:
   * Gemini CLI fires PreCompress before every model turn and only then
   * decides. `readJson` reads a settings file (null when absent or not JSON).
   */
  compactionSkip?(input: AgentInput, facts: HarvestFacts | null, where: { workTree: string; home: string | undefined }, readJson: (path: string) => Promise<unknown>): Promise<string | null>;
  /** True when this session-start event injects only right after a compaction (Gemini CLI's BeforeAgent fires every turn). */
  injectsOnlyAfterCompaction?(input: AgentInput): boolean;
  /** The JSON text (or null: print nothing) that injects `context` at a session start. */
  sessionStartOutput(context: string, input: AgentInput): string | null;
  /** What a hook prints when it has nothing to say (agents that need a JSON answer every time); '' by default. */
  quietOutput?(kind: HookKind): string;
  /** A message the person sees that never blocks the agent (stdout text). */
  noticeOutput(message: string, kind: HookKind): string;
  /** The most characters of injected context the agent keeps whole. */
  contextBudget: number;
  /** What the person must know after an install that changed something (a step of theirs, a limit of the agent). */
  installHint?: string;
}
