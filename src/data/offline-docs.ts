/**
 * The technical reference's documents kept on the device (issue 14 item 8). The product serves
 * its own documents under /docs/; the service worker answers /docs/ from the DOCS_CACHE cache
 * (vite.config.ts runtimeCaching, stale-while-revalidate), so a document in it opens without
 * signal. A document goes in when it is opened (by the service worker, and by the page here so
 * it is kept even before the worker controls the page) or when the engineer marks it "available
 * offline"; the page reads the cache to show which are kept and the space they take.
 */
import { useCallback, useEffect, useState } from 'react';

/** The service worker's cache of documents: the same name as in vite.config.ts. */
export const DOCS_CACHE = 'chairside-docs';

/** Whether a resource's address is one of the product's own documents (same origin, /docs/). */
export function isOwnDocument(url: string | null | undefined): url is string {
  if (!url) return false;
  try {
    const resolved = new URL(url, window.location.href);
    return resolved.origin === window.location.origin && resolved.pathname.startsWith('/docs/');
  } catch {
    return false;
  }
}

/** The absolute address a document is cached under. */
export function documentKey(url: string): string {
  return new URL(url, window.location.href).href;
}

function cacheStorage(): CacheStorage | null {
  return typeof caches === 'undefined' ? null : caches;
}

/** The kept documents: absolute address → bytes. Empty where the Cache API is missing. */
export async function keptDocuments(): Promise<Map<string, number>> {
  const storage = cacheStorage();
  const kept = new Map<string, number>();
  if (!storage) return kept;
  const cache = await storage.open(DOCS_CACHE);
  for (const request of await cache.keys()) {
    if (!isOwnDocument(request.url) || !request.url.endsWith('.html')) continue;
    const response = await cache.match(request);
    kept.set(request.url, response ? (await response.clone().blob()).size : 0);
  }
  return kept;
}

/** Fetches a document into the cache; false when it could not be fetched (no signal). */
export async function keepDocument(url: string): Promise<boolean> {
  const storage = cacheStorage();
  if (!storage) return false;
  try {
    const response = await fetch(documentKey(url));
    if (!response.ok) return false;
    await (await storage.open(DOCS_CACHE)).put(documentKey(url), response);
    return true;
  } catch {
    return false;
  }
}

/** Removes a document from the cache. */
export async function forgetDocument(url: string): Promise<void> {
  const storage = cacheStorage();
  if (!storage) return;
  await (await storage.open(DOCS_CACHE)).delete(documentKey(url));
}

/** What the whole app keeps on the device, where the browser says (navigator.storage). */
export async function deviceStorageUsed(): Promise<number | null> {
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  return estimate?.usage ?? null;
}

export interface OfflineDocuments {
  /** Absolute address → bytes, once read. */
  kept: Map<string, number> | undefined;
  isKept: (url: string) => boolean;
  /** Bytes the kept documents take. */
  bytes: number;
  /** Bytes the app keeps on the device in all (null where the browser does not say). */
  deviceBytes: number | null;
  online: boolean;
  keep: (url: string) => Promise<boolean>;
  forget: (url: string) => Promise<void>;
}

/** The kept documents, the space they take and whether the device is online, kept current. */
export function useOfflineDocuments(): OfflineDocuments {
  const [kept, setKept] = useState<Map<string, number>>();
  const [deviceBytes, setDeviceBytes] = useState<number | null>(null);
  const [online, setOnline] = useState(() => navigator.onLine);

  const refresh = useCallback(async () => {
    const [documents, used] = await Promise.all([keptDocuments(), deviceStorageUsed()]);
    setKept(documents);
    setDeviceBytes(used);
  }, []);

  useEffect(() => {
    void refresh();
    const update = () => {
      setOnline(navigator.onLine);
      void refresh();
    };
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    window.addEventListener('focus', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
      window.removeEventListener('focus', update);
    };
  }, [refresh]);

  const keep = useCallback(
    async (url: string) => {
      const done = await keepDocument(url);
      await refresh();
      return done;
    },
    [refresh],
  );
  const forget = useCallback(
    async (url: string) => {
      await forgetDocument(url);
      await refresh();
    },
    [refresh],
  );

  return {
    kept,
    isKept: (url) => kept?.has(documentKey(url)) ?? false,
    bytes: [...(kept?.values() ?? [])].reduce((sum, size) => sum + size, 0),
    deviceBytes,
    online,
    keep,
    forget,
  };
}

/** Bytes in words: "1.4 KB", "2.3 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
