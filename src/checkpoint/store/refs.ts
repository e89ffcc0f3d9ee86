/** The one module that knows every ref name this tool reads or writes (SPEC §3). */

export const CHAINS_PREFIX = 'refs/checkpoints/';
export const NOTES_PREFIX = 'refs/notes/checkpoints/';
export const REMOTE_CHAINS_PREFIX = 'refs/checkpoints/remotes/';
export const REMOTE_NOTES_PREFIX = 'refs/notes/checkpoints/remotes/';

export function chainRef(writer: string): string {
  return `${CHAINS_PREFIX}${writer}`;
}

/** Where the own chain's last tip goes when drop/prune empties it (its reflog keeps each one). */
export function droppedRef(writer: string): string {
  return `refs/checkpoint-dropped/${writer}`;
}

export function notesRef(writer: string): string {
  return `${NOTES_PREFIX}${writer}`;
}

export function remoteChainPrefix(remote: string): string {
  return `${REMOTE_CHAINS_PREFIX}${remote}/`;
}

export function remoteNotesPrefix(remote: string): string {
  return `${REMOTE_NOTES_PREFIX}${remote}/`;
}

export interface ChainRefName {
  writer: string;
  /** Null for the local clone's own chains. */
  remote: string | null;
}

/**
 * Parses a ref under refs/checkpoints/ into writer and remote; null for names
 * that are not chains (anything else a remote might have put there).
 */
export function parseChainRef(name: string): ChainRefName | null {
  if (!name.startsWith(CHAINS_PREFIX)) return null;
  const rest = name.slice(CHAINS_PREFIX.length);
  if (rest.startsWith('remotes/')) {
    const parts = rest.slice('remotes/'.length).split('/');
    if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
    return { remote: parts[0], writer: parts[1] };
  }
  if (rest.includes('/') || !rest) return null;
  return { remote: null, writer: rest };
}

/**
 * Refspecs for fetching every writer's chains and notes into the remote's
 * namespace. The own writer's notes stay out: they are derived from the own
 * chain, and a second copy would make `git log` show each own note twice
 * (notes.displayRef matches both).
 */
export function fetchRefspecs(remote: string, ownWriter: string | null): string[] {
  return [
    `+${CHAINS_PREFIX}*:${remoteChainPrefix(remote)}*`,
    `^${REMOTE_CHAINS_PREFIX}*`,
    `+${NOTES_PREFIX}*:${remoteNotesPrefix(remote)}*`,
    `^${REMOTE_NOTES_PREFIX}*`,
    ...(ownWriter ? [`^${notesRef(ownWriter)}`] : []),
  ];
}

/**
 * `notes.rewriteRef` for the own notes, as a glob that matches that one ref
 * only (`…/ada-k3x9q[2]`): git warns at every amend and rebase when an exact
 * rewriteRef names a ref that does not exist yet (before the first save),
 * and stays silent for a glob that matches nothing.
 */
export function rewriteRefPattern(writer: string): string {
  return `${NOTES_PREFIX}${writer.slice(0, -1)}[${writer.slice(-1)}]`;
}

/** Refspecs for pushing the own writer's chain and notes under the same names. */
export function pushRefspecs(writer: string): string[] {
  return [`${chainRef(writer)}:${chainRef(writer)}`, `${notesRef(writer)}:${notesRef(writer)}`];
}

