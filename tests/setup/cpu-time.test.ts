import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CpuMeter } from './cpu-time';

/** A child that works a fixed amount, then says how much CPU that took it and exits. */
async function busyChild(onRunning: () => void = () => undefined): Promise<number> {
  const child = spawn(process.execPath, [
    '-e',
    `const { createHash } = require('node:crypto');
     let h = Buffer.alloc(64);
     for (let i = 0; i < 400000; i++) h = createHash('sha256').update(h).digest();
     const u = process.cpuUsage();
     process.stdout.write(String((u.user + u.system) / 1e6));`,
  ]);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.on('spawn', onRunning);
  await new Promise((resolve) => child.on('exit', resolve));
  return Number(out);
}

/** This process's own CPU-seconds so far. */
const ownSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

describe('CpuMeter', () => {
  it('counts the CPU of a child process gone by the time it is read', async () => {
    const meter = new CpuMeter();
    const own = ownSeconds();
    const child = await busyChild();
    const seconds = meter.seconds();
    if (seconds === null) return; // no /proc here
    // /proc counts in hundredths of a second.
    expect(seconds).toBeGreaterThanOrEqual(child - 0.02);
    expect(seconds).toBeLessThanOrEqual(child + (ownSeconds() - own) + 0.05);
  });

  it('counts a child it saw running once, not again when its parent has waited for it', async () => {
    const meter = new CpuMeter().run();
    const own = ownSeconds();
    // Looked at while the child runs, as the meter does twice a second.
    const child = await busyChild(() => void meter.seconds());
    const seconds = meter.seconds();
    meter.stop();
    if (seconds === null) return;
    expect(seconds).toBeGreaterThanOrEqual(child - 0.02);
    expect(seconds).toBeLessThanOrEqual(child + (ownSeconds() - own) + 0.05);
  });
});
