/**
 * Harvests checkpoint content from an agent transcript, one JSONL line at a
 * time (a transcript can be tens of megabytes: it is never held whole).
 * Reads Claude Code's format (`type: user|assistant`, `message.content`
 * blocks, `tool_use` calls such as TodoWrite, Edit, Write, Read) and, as far
 * as it maps, Codex's rollout format (`session_meta`, `response_item`
 * messages, `update_plan` calls). Memory stays bounded: only the last few
 * user turns and capped lists are kept.
 */
import { cutAtWord, oneLineTitle } from '../checkpoint/message.js';
import type { CheckpointContent } from '../checkpoint/schema.js';
import { parseTrailers, type TrailerEntry } from './trailers.js';
import { addTodoWrite, applyTrailer, FILES_CAP, keepLatest, newLists, type HarvestLists } from './harvest-lists.js';

/** How many of the latest user turns become verbatim quotes. */
export const QUOTED_TURNS = 10;
/** Longer user turns are cut and marked reconstructed (verbatim: false). */
export const MAX_QUOTE_CHARS = 4000;

export interface HarvestFacts {
  /** Lines that carried the expected session id, and the first other session id seen. */
  sessionSeen: boolean;
  otherSession: string | null;
  /** The last working directory the transcript recorded. */
  lastCwd: string | null;
  lines: number;
  badLines: number;
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Injected text that is not the person's own words. */
const NOT_HUMAN = /^\s*(<(command-name|command-message|command-args|local-command-stdout|local-command-stderr|system-reminder|user_instructions|environment_context|user-prompt-submit-hook)\b|Caveat: |\[Request interrupted|This session is being continued from a previous conversation|# AGENTS\.md instructions)/;

export class Harvester {
  private readonly lists: HarvestLists = newLists();
  private readonly turns: string[] = [];
  private firstRequest: string | null = null;
  readonly facts: HarvestFacts = { sessionSeen: false, otherSession: null, lastCwd: null, lines: 0, badLines: 0 };

  /** `sessionId`: the session the transcript must belong to (null: do not check). `toRepoPath`: repo-relative path or null. */
  constructor(
    private readonly sessionId: string | null,
    private readonly toRepoPath: (path: string) => string | null,
  ) {}

  /** Takes one transcript line; malformed lines are counted and skipped. */
  feed(line: string): void {
    if (!line.trim()) return;
    this.facts.lines++;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      this.facts.badLines++;
      return;
    }
    if (!isObj(entry)) return;
    this.noteContext(entry);
    if (entry.type === 'response_item' && isObj(entry.payload)) return this.feedCodex(entry.payload);
    if (entry.isSidechain === true || entry.isMeta === true || entry.isCompactSummary === true) return;
    const message = isObj(entry.message) ? entry.message : null;
    if (!message) return;
    if (entry.type === 'user') this.feedUser(message.content);
    else if (entry.type === 'assistant') this.feedAssistant(message.content);
  }

  private noteContext(entry: Json): void {
    const meta = entry.type === 'session_meta' && isObj(entry.payload) ? entry.payload : entry;
    const session = str(meta.sessionId) ?? str(entry.type === 'session_meta' ? meta.id : null);
    if (session !== null && this.sessionId !== null) {
      if (session === this.sessionId) this.facts.sessionSeen = true;
      else this.facts.otherSession ??= session;
    }
    const cwd = str(meta.cwd);
    if (cwd) this.facts.lastCwd = cwd;
  }

  private feedUser(content: unknown): void {
    if (typeof content === 'string') return this.addTurn(content);
    if (!Array.isArray(content)) return;
    const texts = content.filter((b): b is Json => isObj(b) && b.type === 'text' && typeof b.text === 'string');
    if (texts.length) this.addTurn(texts.map((b) => b.text as string).join('\n'));
  }

  private addTurn(text: string): void {
    if (!text.trim() || NOT_HUMAN.test(text)) return;
    this.firstRequest ??= text;
    this.turns.push(text);
    if (this.turns.length > QUOTED_TURNS) this.turns.shift();
  }

  private feedAssistant(content: unknown): void {
    if (!Array.isArray(content)) return;
    for (const block of content) {
      if (!isObj(block)) continue;
      if (block.type === 'text' && typeof block.text === 'string') this.addTrailers(parseTrailers(block.text));
      else if (block.type === 'tool_use' && isObj(block.input)) this.addToolUse(str(block.name) ?? '', block.input);
    }
  }

  private addTrailers(trailers: TrailerEntry[][]): void {
    for (const t of trailers) applyTrailer(this.lists, t, this.toRepoPath);
  }

  private addToolUse(name: string, input: Json): void {
    if (name === 'TodoWrite' && Array.isArray(input.todos)) return addTodoWrite(this.lists, input.todos);
    const path = str(input.file_path) ?? str(input.notebook_path);
    if (!path) return;
    const rel = this.toRepoPath(path);
    if (rel === null) return;
    const edited = ['Edit', 'MultiEdit', 'Write', 'NotebookEdit'].includes(name);
    if (!edited && name !== 'Read') return;
    const prior = this.lists.files.get(rel);
    keepLatest(this.lists.files, rel, edited || prior === 'edited' ? 'edited' : 'read', FILES_CAP);
  }

  private feedCodex(payload: Json): void {
    if (payload.type === 'message' && Array.isArray(payload.content)) {
      const texts = payload.content.filter((b): b is Json => isObj(b) && typeof b.text === 'string').map((b) => b.text as string);
      if (payload.role === 'user') this.addTurn(texts.join('\n'));
      else if (payload.role === 'assistant') for (const t of texts) this.addTrailers(parseTrailers(t));
    } else if (payload.type === 'function_call' && payload.name === 'update_plan' && typeof payload.arguments === 'string') {
      try {
        const args = JSON.parse(payload.arguments) as Json;
        if (Array.isArray(args.plan)) addTodoWrite(this.lists, args.plan.map((p: Json) => ({ content: p.step, status: p.status })));
      } catch {
        this.facts.badLines++;
      }
    }
  }

  /** The harvested content; fields with nothing found are left out so other layers keep theirs. */
  content(): Partial<CheckpointContent> {
    const l = this.lists;
    const out: Partial<CheckpointContent> = { mode: 'routine' };
    const title = l.task ?? (this.firstRequest === null ? null : oneLineTitle(this.firstRequest, 120));
    if (title) out.task = { title, status: 'in_progress' };
    const set = <K extends keyof CheckpointContent>(key: K, value: CheckpointContent[K] & unknown[]) => {
      if (value.length) out[key] = value;
    };
    set('decisions', [...l.decisions.values()]);
    set('rejected', [...l.rejected.values()]);
    set('learnings', [...l.learnings.keys()]);
    set('constraints', [...l.constraints.keys()]);
    set('assumptions', [...l.assumptions.keys()]);
    set('questions', [...l.questions.keys()]);
    set('links', [...l.links.keys()]);
    set('todos', l.todos);
    const open = [...l.todos.filter((t) => t.status === 'in_progress'), ...l.todos.filter((t) => t.status === 'pending')];
    set('nextSteps', [...l.next.keys(), ...open.map((t) => t.text)]);
    set('files', [...l.files].reverse().map(([path, why]) => ({ path, why })));
    set('quotes', this.turns.map((text) => (text.length <= MAX_QUOTE_CHARS
      ? { text, by: 'user', verbatim: true }
      : { text: cutAtWord(text, MAX_QUOTE_CHARS), by: 'user', verbatim: false })));
    return out;
  }
}
