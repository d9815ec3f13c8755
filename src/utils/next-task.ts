// Handing the main thread back between pieces of work, so no piece is one long task: a key typed
// or a frame due meanwhile is handled first. A message on a channel of its own, not setTimeout:
// it runs as soon as the browser has nothing waiting, never after a clamped 4 ms.

/** Runs `task` in a task of its own, after what the browser has waiting (a key, a paint). */
export function inNextTask(task: () => void): () => void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    task();
  };
  channel.port2.postMessage(null);
  return () => channel.port1.close();
}

/** Resolves in a task of its own (inNextTask). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => inNextTask(resolve));
}
