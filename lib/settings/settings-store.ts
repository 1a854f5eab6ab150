/**
 * The settings, kept in IndexedDB (a database of their own, so the workspace database's upgrades never wait on
 * them) and held in memory for synchronous reads: request headers are built from the snapshot at send time.
 * Other tabs of the IDE hear about a change through a BroadcastChannel and reload it. IndexedDB is this
 * origin's: a workspace's own code runs in another origin and cannot read the keys kept here.
 */
import { openDB, type IDBPDatabase } from 'idb';
import { Listeners } from '@/lib/runtime/listeners';
import { applyTheme } from '@/lib/ui/color-scheme';
import { DEFAULT_SETTINGS, parseSettings, settingsSchema, type Settings } from './schema';

const DB_NAME = 'tabsmith-settings';
const STORE = 'settings';
const RECORD_KEY = 'user';
const CHANNEL = 'tabsmith-settings';

let current: Settings = DEFAULT_SETTINGS;
let loaded: Promise<Settings> | null = null;
let channel: BroadcastChannel | null = null;
const listeners = new Listeners<[Settings]>();

function database(): Promise<IDBPDatabase> {
  return openDB(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore(STORE);
    },
  });
}

function publish(next: Settings): void {
  current = next;
  applyTheme(next.theme);
  listeners.emit(next);
}

async function readStored(): Promise<Settings> {
  const db = await database();
  try {
    return parseSettings(await db.get(STORE, RECORD_KEY));
  } finally {
    db.close();
  }
}

/**
 * Loads once per page (later calls share the first read, so read `getSettings()` after it for the current
 * value); the snapshot is the defaults until it resolves.
 */
export function loadSettings(): Promise<Settings> {
  if (!loaded) {
    loaded = readStored().then((settings) => {
      publish(settings);
      return settings;
    });
    if (typeof BroadcastChannel !== 'undefined' && !channel) {
      channel = new BroadcastChannel(CHANNEL);
      channel.onmessage = () => void readStored().then(publish);
    }
  }
  return loaded;
}

export function getSettings(): Settings {
  return current;
}

export function subscribeSettings(listener: (settings: Settings) => void): () => void {
  return listeners.add(listener);
}

/**
 * Applies a change and stores it; resolves when it is on disk. The change is validated as a whole: an invalid
 * value throws (the dialog's fields only offer valid ones) and nothing is stored.
 */
export async function updateSettings(change: Partial<Settings>): Promise<Settings> {
  await loadSettings();
  const next = settingsSchema.strict().parse({ ...current, ...change });
  publish(next);
  const db = await database();
  try {
    await db.put(STORE, next, RECORD_KEY);
  } finally {
    db.close();
  }
  channel?.postMessage('changed');
  return next;
}
