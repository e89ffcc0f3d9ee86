/**
 * Would `git switch` refuse, or do nothing? `switch` asks before saving, so a
 * mistyped branch or a blocked switch leaves no checkpoint behind. The rules
 * are git's: an existing branch for `-c`, a branch that is neither local nor
 * a remote branch of that name, switching to the current branch (a no-op),
 * and local changes to a path that differs between the two commits.
 */
import type { Repo } from '../../git/repo.js';

/** Dirty paths compared between the two commits; past this, the check leaves the verdict to git. */
const MAX_COMPARED = 500;

export interface SwitchIntent {
  /** `-c <name>`, when creating. */
  create: string | undefined;
  /** The branch switched to (or created). */
  target: string;
  /** The branch checked out now; null when detached. */
  current: string | null;
  /** With `-c`: where the new branch starts (default HEAD). */
  startPoint?: string | undefined;
}

/** git's rules for a branch name (`git check-ref-format --branch`), as far as a switch needs them. */
function isBranchName(name: string): boolean {
  if (!name || name.startsWith('-') || name === '@' || name.endsWith('.') || name.endsWith('/') || name.endsWith('.lock')) return false;
  if (/\.\.|@\{|\/\/|[\x00-\x20\x7f~^:?*[\\]/.test(name)) return false;
  return name.split('/').every((part) => part !== '' && !part.startsWith('.'));
}

/** Why git would not switch (or would do nothing); null when it would. */
export async function switchRefusal(repo: Repo, intent: SwitchIntent): Promise<string | null> {
  if (intent.create !== undefined) {
    if (!isBranchName(intent.create)) return `'${intent.create}' is not a valid branch name`;
    if (await repo.readRef(`refs/heads/${intent.create}`)) return `a branch named '${intent.create}' already exists`;
    const start = await repo.readRef(intent.startPoint ?? 'HEAD');
    if (!start) return intent.startPoint === undefined ? null : `invalid reference: ${intent.startPoint}`;
    return (await conflictingPath(repo, start)) === null ? null : 'local changes would be overwritten by the switch';
  }
  if (intent.target === '-') return null; // the previous branch, as git switch - says
  if (intent.target === intent.current) return `already on '${intent.target}'`;
  let tip = await repo.readRef(`refs/heads/${intent.target}`);
  if (!tip) {
    const remotes = (await repo.listRefs('refs/remotes/')).filter((r) => r.name.split('/').slice(3).join('/') === intent.target);
    if (remotes.length !== 1) return `'${intent.target}' is not a branch (nor one remote branch of that name)`;
    tip = remotes[0]!.oid;
  }
  return (await conflictingPath(repo, tip)) === null ? null : 'local changes would be overwritten by the switch';
}

/** A dirty path whose committed content differs between HEAD and `tip` (git's two-way merge refuses those). */
async function conflictingPath(repo: Repo, tip: string): Promise<string | null> {
  const status = await repo.status();
  if (!status.head || status.entries.length > MAX_COMPARED) return null;
  for (const entry of status.entries) {
    const [here, there] = await Promise.all([repo.readBlobAt(status.head, entry.path), repo.readBlobAt(tip, entry.path)]);
    if (!sameBytes(here, there)) return entry.path;
  }
  return null;
}

function sameBytes(a: Uint8Array | null, b: Uint8Array | null): boolean {
  if (a === null || b === null) return a === b;
  return Buffer.from(a).equals(Buffer.from(b));
}
