/**
 * `agent install|uninstall` as a plan: read every file the adapter names,
 * work out each new text (or removal) purely, and only then write — a file
 * that is not JSON stops the whole plan before anything is written.
 * Uninstall removes exactly what install added: our hook entries (json-edit
 * restores the other bytes), and whole files only while they are still ours
 * (the skill byte for byte as installed; scripts and plugins by their marker).
 */
import type { InstallPlan, Scope } from './adapters/types.js';
import { JsonSyntaxError } from './json-edit.js';

/** Marks the whole files we write (hook scripts, plugins). */
export const OWNED_MARKER = 'managed-by: git-checkpoint';

export interface FileChange {
  path: string;
  /** New content, or null to remove the file. */
  content: string | null;
  executable?: boolean;
  what: string;
}

export interface PlanOutcome {
  changes: FileChange[];
  /** Files left alone, and why (a skill or script of the same name that is not ours). */
  kept: string[];
}

type Read = (path: string) => Promise<string | null>;

/** The guarded form `--project` writes: a teammate without the tool gets no hook error. */
export function hookCommand(agent: string, scope: Scope): (kind: 'pre-compact' | 'session-start') => string {
  return (kind) => {
    const plain = `git checkpoint hook agent-${kind} ${agent}`;
    return scope === 'project' ? `command -v git-checkpoint >/dev/null 2>&1 && ${plain} || true` : plain;
  };
}

export async function planChanges(action: 'install' | 'uninstall', plan: InstallPlan, skill: string, read: Read): Promise<PlanOutcome> {
  const out: PlanOutcome = { changes: [], kept: [] };
  for (const edit of plan.edits) {
    // Two edits of one file (Gemini CLI keeps hooks and MCP servers in settings.json) apply one after the other.
    const earlier = out.changes.findIndex((c) => c.path === edit.path);
    const before = earlier >= 0 ? out.changes[earlier]!.content : await read(edit.path);
    try {
      const r = action === 'install' ? edit.install(before) : before === null ? null : edit.uninstall(before);
      const change = { path: edit.path, content: r?.text ?? null, what: edit.what ?? 'hooks' };
      if (r?.changed && earlier >= 0) out.changes[earlier] = { ...change, what: `${out.changes[earlier]!.what} and ${change.what}` };
      else if (r?.changed) out.changes.push(change);
      if (r?.kept) out.kept.push(`${edit.path} (${r.kept})`);
    } catch (err) {
      if (err instanceof SyntaxError || err instanceof JsonSyntaxError) throw new JsonSyntaxError(`cannot edit ${edit.path}: ${err.message}; nothing changed`);
      throw err;
    }
  }
  const owned = [...plan.files.map((f) => ({ ...f, what: f.what ?? 'hook script', mine: (t: string) => t.includes(OWNED_MARKER) }))];
  if (plan.skill) owned.push({ path: plan.skill, content: skill, what: 'skill', mine: (t: string) => t === skill || (action === 'install' && /^name: git-checkpoint$/m.test(t)) });
  for (const f of owned) {
    const before = await read(f.path);
    if (action === 'install' && before === f.content) continue;
    if (before !== null && !f.mine(before)) { out.kept.push(`${f.path} (not ours, or changed since it was installed)`); continue; }
    if (action === 'install') out.changes.push({ path: f.path, content: f.content, executable: 'executable' in f ? f.executable : false, what: f.what });
    else if (before !== null) out.changes.push({ path: f.path, content: null, what: f.what });
  }
  return out;
}

