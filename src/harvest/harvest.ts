/**
 * Harvests checkpoint content from an agent transcript, one JSONL line at a
 * time (a transcript can weigh a hundred megabytes: it is never held whole).
 * Reads Claude Code's format (`type: user|assistant`, `message.content`
 * blocks, `tool_use` calls) and Codex's rollout format (`session_meta`,
 * `response_item` messages and calls).
 *
 * Claude Code appends rewound branches and replays history into the same
 * file; the conversation that counts is the `parentUuid` chain from the last
 * entry back (across a compaction through `logicalParentUuid`, or, when the
 * boundary's logical parent was never written, from the entry written just
 * before the boundary), each `uuid` once. Each entry's contribution is kept as small steps and applied in chain
 * order at the end. Lines over the reader's cap arrive as null and are counted.
 */
import { cutAtWord, oneLineTitle } from '../checkpoint/record/message.js';
import type { CheckpointContent } from '../checkpoint/record/schema.js';
import { newLists } from './harvest-lists.js';
import { applyStep, type Step, type StepState } from './harvest-steps.js';
import { codexSteps } from './harvest-codex.js';
import { contentOf } from './harvest-content.js';
import { humanText } from './human-text.js';

export { QUOTED_TURNS } from './harvest-steps.js';
/** Longer user turns are cut and marked reconstructed (verbatim: false). */
export const MAX_QUOTE_CHARS = 4000;

export interface HarvestFacts {
  /** Lines that carried the expected session id, and the first other session id seen. */
  sessionSeen: boolean;
  otherSession: string | null;
  lines: number;
  badLines: number;
  /** Lines over the reader's cap, skipped unread. */
  longLines: number;
  /**
   * Messages of the person or the agent in the conversation since its last
   * compaction; null when the conversation was never compacted. Zero: a
   * compaction now has nothing to compact (Claude Code refuses it).
   */
  saidSinceCompaction: number | null;
  /** Set by readers of formats that say so: the agent compressed its context (Gemini CLI). */
  compressed?: boolean;
  /** The prompt size the agent last reported, in tokens (Gemini CLI records it per model turn). */
  promptTokens?: number;
  /** Why the transcript could not be read, when it could not: the save says so. */
  unreadable?: string;
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const EDIT_TOOLS = new Set(['Edit', 'MultiEdit', 'Write', 'NotebookEdit']);
/** Tools whose result carries the person's answer or approval. */
const ANSWERED = new Set(['AskUserQuestion', 'ExitPlanMode', 'TaskCreate']);

interface Entry {
  parent: string | null;
  steps: Step[];
  /** A message of the person or the agent (not injected text, not a local command's output). */
  said: boolean;
  /** A compaction boundary, and the entry written just before it (its way back when its logical parent is missing). */
  boundary?: { before: string | null };
}
/** Tool-result lines from this long are read by feedToolOutput (Claude Code writes `parentUuid` first). */
const LIGHT_MIN = 8192;
/** Where feedToolOutput looks for an entry's own fields and its first content block. */
const HEAD_CHARS = 2048;

export class Harvester {
  private readonly entries = new Map<string, Entry>();
  private lastLeaf: string | null = null;
  private linked = false;
  /** Calls whose result matters, by tool_use id: the tool name and what it asked. */
  private readonly pending = new Map<string, { name: string; input: Json }>();
  private readonly state: StepState;
  readonly facts: HarvestFacts = { sessionSeen: false, otherSession: null, lines: 0, badLines: 0, longLines: 0, saidSinceCompaction: null };

  /** `sessionId`: the session the transcript must belong to (null: do not check). `toRepoPath`: repo-relative path or null. */
  constructor(private readonly sessionId: string | null, toRepoPath: (path: string) => string | null) {
    this.state = { lists: newLists(), turns: [], firstRequest: null, tasks: new Map(), toRepoPath };
  }

  /** Takes one transcript line (null: a line over the cap); malformed lines are counted and skipped. */
  feed(line: string | null): void {
    if (line === null) { this.facts.longLines++; return; }
    if (!line.trim()) return;
    this.facts.lines++;
    if (this.feedToolOutput(line)) return;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      this.facts.badLines++;
      return;
    }
    if (isObj(entry)) this.feedEntry(entry);
  }

  /**
   * A long tool-result entry that answers no call we wait on contributes only
   * its place in the conversation: its links are read without parsing the
   * tool's output, which is most of a transcript's bytes. False: parse it.
   */
  private feedToolOutput(line: string): boolean {
    if (line.length < LIGHT_MIN || !line.startsWith('{"parentUuid":')) return false;
    // Claude Code writes the entry's own fields, then the message, whose first block is the result.
    const head = line.slice(0, HEAD_CHARS);
    if (!head.includes('"type":"user"') || !head.includes('"type":"tool_result"') || head.includes('"role":"assistant"')) return false;
    for (const id of this.pending.keys()) if (line.includes(id)) return false;
    const at = line.indexOf('"uuid":"', HEAD_CHARS / 2);
    const uuid = at < 0 ? undefined : /^"uuid":"([^"\\]+)"/.exec(line.slice(at, at + 200))?.[1];
    if (!uuid) return false;
    const session = /"sessionId":"([^"\\]+)"/.exec(head)?.[1];
    if (session) this.noteContext({ sessionId: session });
    if (head.includes('"isSidechain":true') || this.entries.has(uuid)) return true;
    const parent = /^\{"parentUuid":"([^"\\]+)"/.exec(head)?.[1] ?? /"logicalParentUuid":"([^"\\]+)"/.exec(head)?.[1] ?? null;
    if (parent !== null) this.linked = true;
    this.entries.set(uuid, { parent, steps: [], said: true });
    this.lastLeaf = uuid;
    return true;
  }

  /** Takes one parsed entry (for formats that are not JSONL). */
  feedEntry(entry: Json): void {
    this.noteContext(entry);
    if (entry.type === 'response_item' && isObj(entry.payload)) return this.apply(codexSteps(entry.payload, (t) => this.turn(t), () => this.facts.badLines++));
    if (entry.isSidechain === true) return;
    const uuid = str(entry.uuid);
    if (uuid !== null && this.entries.has(uuid)) return;
    // Cursor writes `role` where Claude Code writes `type`.
    if (entry.type === undefined && (entry.role === 'user' || entry.role === 'assistant')) entry.type = entry.role;
    const steps = entry.isMeta === true || entry.isCompactSummary === true ? [] : this.claudeSteps(entry);
    if (uuid === null) return this.apply(steps);
    const parent = str(entry.parentUuid) ?? str(entry.logicalParentUuid);
    if (parent !== null) this.linked = true;
    const said = (entry.type === 'assistant' && entry.isMeta !== true) || steps.some((s) => s.k === 'turn');
    const boundary = entry.type === 'system' && entry.subtype === 'compact_boundary' ? { before: this.lastLeaf } : undefined;
    this.entries.set(uuid, { parent, steps, said, ...(boundary ? { boundary } : {}) });
    if (entry.type === 'user' || entry.type === 'assistant' || entry.type === 'system') this.lastLeaf = uuid;
  }

  private apply(steps: Step[]): void {
    for (const step of steps) applyStep(this.state, step);
  }

  private noteContext(entry: Json): void {
    const meta = entry.type === 'session_meta' && isObj(entry.payload) ? entry.payload : entry;
    const session = str(meta.sessionId) ?? str(meta.session_id) ?? str(entry.type === 'session_meta' ? meta.id : null);
    if (session !== null && this.sessionId !== null) {
      if (session === this.sessionId) this.facts.sessionSeen = true;
      else this.facts.otherSession ??= session;
    }
  }

  private claudeSteps(entry: Json): Step[] {
    const message = isObj(entry.message) ? entry.message : null;
    if (!message) return [];
    if (entry.type === 'user') return this.userSteps(message.content);
    if (entry.type === 'assistant' && Array.isArray(message.content)) return message.content.flatMap((b) => this.assistantBlock(b));
    return [];
  }

  private userSteps(content: unknown): Step[] {
    if (typeof content === 'string') return this.turn(content);
    if (!Array.isArray(content)) return [];
    const texts = content.filter((b): b is Json => isObj(b) && b.type === 'text' && typeof b.text === 'string').map((b) => b.text as string);
    const results = content.filter((b): b is Json => isObj(b) && b.type === 'tool_result').flatMap((b) => this.resultSteps(b));
    return [...results, ...(texts.length ? this.turn(texts.join('\n')) : [])];
  }

  private turn(text: string): Step[] {
    const human = humanText(text);
    return human === null ? [] : [{ k: 'turn', text: human.length > MAX_QUOTE_CHARS + 1 ? human.slice(0, MAX_QUOTE_CHARS + 1) : human }];
  }

  private assistantBlock(block: unknown): Step[] {
    if (!isObj(block)) return [];
    if (block.type === 'text' && typeof block.text === 'string') return block.text.includes('ckpt') ? [{ k: 'text', text: block.text }] : [];
    if (block.type !== 'tool_use' || !isObj(block.input)) return [];
    const name = str(block.name) ?? '';
    const input = block.input;
    if (ANSWERED.has(name) && typeof block.id === 'string') this.pending.set(block.id, { name, input });
    if (name === 'TodoWrite' && Array.isArray(input.todos)) return [{ k: 'todos', todos: input.todos }];
    if (name === 'TaskUpdate' && input.taskId !== undefined) {
      return [{ k: 'task-update', id: String(input.taskId), status: str(input.status), subject: str(input.subject) }];
    }
    const path = str(input.file_path) ?? str(input.notebook_path);
    if (path && (EDIT_TOOLS.has(name) || name === 'Read')) return [{ k: 'file', path, edited: EDIT_TOOLS.has(name) }];
    return [];
  }

  private resultSteps(block: Json): Step[] {
    const call = typeof block.tool_use_id === 'string' ? this.pending.get(block.tool_use_id) : undefined;
    if (!call) return [];
    this.pending.delete(block.tool_use_id as string);
    const text = resultText(block.content);
    if (call.name === 'AskUserQuestion') return block.is_error === true ? [] : this.turn(text);
    if (call.name === 'ExitPlanMode') return block.is_error === true || typeof call.input.plan !== 'string' ? [] : [{ k: 'plan', plan: call.input.plan }];
    const subject = str(call.input.subject);
    if (!subject || block.is_error === true) return [];
    return [{ k: 'task-create', id: /#(\d+)/.exec(text)?.[1] ?? null, subject }];
  }

  /** The harvested content; fields with nothing found are left out so other layers keep theirs. */
  content(): Partial<CheckpointContent> {
    const chain = this.chain();
    let lastBoundary = chain.length - 1;
    while (lastBoundary >= 0 && this.entries.get(chain[lastBoundary]!)!.boundary === undefined) lastBoundary--;
    if (lastBoundary >= 0) this.facts.saidSinceCompaction = chain.slice(lastBoundary + 1).filter((uuid) => this.entries.get(uuid)!.said).length;
    for (const uuid of chain) this.apply(this.entries.get(uuid)!.steps);
    this.entries.clear();
    const s = this.state;
    const title = s.lists.task ?? (s.firstRequest === null ? null : oneLineTitle(s.firstRequest, 120));
    const quotes = s.turns.map((text) => (text.length <= MAX_QUOTE_CHARS
      ? { text, by: 'user', verbatim: true }
      : { text: cutAtWord(text, MAX_QUOTE_CHARS), by: 'user', verbatim: false }));
    return contentOf(s.lists, title, quotes);
  }

  /** The entries that count, oldest first: the parent chain from the last leaf, or file order when nothing links. */
  private chain(): string[] {
    if (!this.linked) return [...this.entries.keys()];
    const out: string[] = [];
    const seen = new Set<string>();
    for (let at = this.lastLeaf; at !== null && !seen.has(at) && this.entries.has(at); at = this.parentOf(at)) {
      seen.add(at);
      out.push(at);
    }
    return out.reverse();
  }

  /** The entry before `uuid` in the conversation; a boundary whose logical parent was never written goes back to the entry written before it. */
  private parentOf(uuid: string): string | null {
    const entry = this.entries.get(uuid)!;
    if (entry.parent !== null && this.entries.has(entry.parent)) return entry.parent;
    return entry.boundary ? entry.boundary.before : entry.parent;
  }
}

function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.filter((b): b is Json => isObj(b) && typeof b.text === 'string').map((b) => b.text as string).join('\n');
}
