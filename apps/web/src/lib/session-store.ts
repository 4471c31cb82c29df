/**
 * The tab's session storage, or a stand-in kept in memory for this page when the browser denies
 * it: Chromium does so in a frame of another site once third-party data is blocked (the mini app
 * in Telegram Web). What is kept then lasts until the page is reloaded.
 */
export function sessionStore(): Storage {
  try {
    const storage = window.sessionStorage;
    storage.getItem('');
    return storage;
  } catch {
    memory ??= memoryStorage();
    return memory;
  }
}

let memory: Storage | undefined;

/** True when what is kept survives a reload (the real session storage, not the stand-in). */
export function sessionStorePersists(storage: Storage = sessionStore()): boolean {
  return storage !== memory;
}

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}
