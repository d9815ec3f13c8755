// Asks the browser to keep this origin's storage (the offline mirror and the outbox) under
// storage pressure. Asked once the user is in the app, never on the public screens.
export type PersistResult = 'persisted' | 'denied' | 'unsupported';

export async function requestPersistentStorage(
  storage: Pick<StorageManager, 'persist' | 'persisted'> | undefined = globalThis.navigator
    ?.storage,
): Promise<PersistResult> {
  if (!storage?.persist) return 'unsupported';
  if (await storage.persisted()) return 'persisted';
  return (await storage.persist()) ? 'persisted' : 'denied';
}
