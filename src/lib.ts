/** Library entry: the domain and both repository backends, for tools that embed git-checkpoint. */
export { run } from './cli/run.js';
export { openCliRepo } from './git/cli/cli-repo.js';
export { openIsoRepo } from './git/iso/iso-repo.js';
export type { Repo } from './git/repo.js';
export { parseRecord, recordSchema, type CheckpointRecord } from './checkpoint/record/schema.js';
export { loadListing } from './checkpoint/listing/listing.js';
export { resolveCheckpoint, loadRecord } from './checkpoint/listing/resolve.js';
