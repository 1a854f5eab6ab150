/**
 * The database checkpoints live in: the app's one IndexedDB database, opened once on first use. Tests and the
 * bench hand in their own (a fresh database per test) with `setCheckpointDatabase`.
 */
import { openDatabase, type TabsmithDB } from '../db';

let current: Promise<TabsmithDB> | null = null;

export function checkpointDatabase(): Promise<TabsmithDB> {
  current ??= openDatabase();
  return current;
}

export function setCheckpointDatabase(db: TabsmithDB | null): void {
  current = db ? Promise.resolve(db) : null;
}
