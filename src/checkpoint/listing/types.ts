/**
 * What a listing is made of (listing.ts builds it): its rows, the records it
 * refused, and how a listing with no cache is walked. Every listing module
 * reads these; none of them needs listing.ts for it.
 */
import type { CheckpointRecord } from '../record/schema.js';
import type { WriterCollision } from './writer-copies.js';

export interface CheckpointSummary {
  id: string;
  createdAt: string;
  branch: string | null;
  writer: string;
  label: string | null;
  title: string;
  status: CheckpointRecord['task']['status'];
  commit: string;
  head: string | null;
  /** Null for the clone's own chains; else the remote it was fetched from. */
  remote: string | null;
  /** What the listing orders by (ms): `createdAt` capped by the commit's time; far below any date when dated in the future. */
  time: number;
  /** False while only the commit message is known: `createdAt` is the commit's time, `status` and `head` unknown. */
  checked: boolean;
}

export interface InvalidCheckpoint {
  commit: string;
  /** The id named by the commit's trailer, when it has one. */
  id: string | null;
  error: string;
}

export interface Listing {
  /** Newest first. */
  checkpoints: CheckpointSummary[];
  invalid: InvalidCheckpoint[];
  /** Writers with a chain in this clone (refs/checkpoints/<writer>). */
  localWriters: Set<string>;
  /** What fetched chains say about themselves that is not so (SPEC §9), one line each, naming the ref. */
  warnings: string[];
  /** True when this clone holds any fetched chain. */
  hasFetched: boolean;
  /** Fetched copies of an own writer's chain holding checkpoints this clone did not save (writer-copies.ts): listed too. */
  collisions?: WriterCollision[];
}

/**
 * How a listing with no cache is read: the newest `cut` commits of every
 * chain (`own`: of the clone's own chains only), counting every chain's
 * checkpoints when `total` (else the total is 0).
 */
export interface ColdWalk {
  cut: number;
  own?: boolean;
  /** Walk the own chains only when this writer has one of them. */
  mine?: string | undefined;
  total?: boolean;
}
