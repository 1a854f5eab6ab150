/** Every object store of the current database schema, sorted: written out apart from db.ts so that tests pin the layout. */
export const STORE_NAMES: readonly string[] = ['audit', 'blobs', 'checkpointBases', 'checkpoints', 'chunks', 'conversations', 'files', 'journal', 'state'];
