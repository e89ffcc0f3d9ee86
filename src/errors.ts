/**
 * Every failure the tool reports is a CheckpointError with a stable `code`.
 * The exit code is decided in one place (src/exit-codes.ts) from the class.
 */
export class CheckpointError extends Error {
  readonly code: string;
  readonly hint: string | undefined;
  readonly data: Record<string, unknown>;

  constructor(code: string, message: string, opts: { hint?: string; data?: Record<string, unknown> } = {}) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.hint = opts.hint;
    this.data = opts.data ?? {};
  }
}

/** Bad flags, bad values, an invalid input document: exit 129, nothing written. */
export class UsageError extends CheckpointError {
  constructor(message: string, opts: { hint?: string; data?: Record<string, unknown> } = {}) {
    super('usage', message, opts);
  }
}

/** Not a repository, git missing or too old, unsupported repository: exit 128. */
export class FatalError extends CheckpointError {
  constructor(message: string, opts: { hint?: string; data?: Record<string, unknown> } = {}) {
    super('fatal', message, opts);
  }
}

/** The checkpoint asked for does not exist (or the reference is ambiguous): exit 1. */
export class NotFoundError extends CheckpointError {
  constructor(message: string, opts: { hint?: string; data?: Record<string, unknown> } = {}) {
    super('not-found', message, opts);
  }
}

/** The operation failed and nothing was written: exit 1. */
export class OperationError extends CheckpointError {
  constructor(message: string, opts: { hint?: string; data?: Record<string, unknown> } = {}) {
    super('failed', message, opts);
  }
}

/** A stored record failed validation: exit 1 when it was asked for by name. */
export class InvalidRecordError extends CheckpointError {
  constructor(message: string, opts: { hint?: string; data?: Record<string, unknown> } = {}) {
    super('invalid-record', message, opts);
  }
}

/** The backend cannot do this (isomorphic-git without linked worktrees, ssh, ...): exit 128. */
export class UnsupportedError extends CheckpointError {
  constructor(message: string, opts: { hint?: string; data?: Record<string, unknown> } = {}) {
    super('unsupported', message, opts);
  }
}

/** A ref moved under us (compare-and-swap lost); retried by the caller. */
export class RefConflictError extends CheckpointError {
  constructor(message: string, opts: { hint?: string; data?: Record<string, unknown> } = {}) {
    super('ref-conflict', message, opts);
  }
}

/** A git subprocess failed in a way no caller expected. */
export class GitCommandError extends CheckpointError {
  constructor(message: string, opts: { hint?: string; data?: Record<string, unknown> } = {}) {
    super('git', message, opts);
  }
}
