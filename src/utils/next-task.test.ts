import { describe, expect, it } from 'vitest';
import { inNextTask, nextTask } from './next-task';

describe('next-task', () => {
  it('runs the work after what was already waiting, in a task of its own', async () => {
    const order: string[] = [];
    inNextTask(() => order.push('next task'));
    void Promise.resolve().then(() => order.push('microtask'));
    order.push('now');
    await nextTask();
    expect(order).toEqual(['now', 'microtask', 'next task']);
  });

  it('does not run work that was cancelled before its task came', async () => {
    let ran = false;
    const cancel = inNextTask(() => (ran = true));
    cancel();
    await nextTask();
    await nextTask();
    expect(ran).toBe(false);
  });
});
