import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CpuMeter } from './cpu-time';

describe('CpuMeter', () => {
  it('counts the CPU of a child process gone by the time it is read', async () => {
    const meter = new CpuMeter();
    // A child that works a fixed amount, says how much CPU that took it, and exits.
    const child = spawn(process.execPath, [
      '-e',
      `const { createHash } = require('node:crypto');
       let h = Buffer.alloc(64);
       for (let i = 0; i < 300000; i++) h = createHash('sha256').update(h).digest();
       const u = process.cpuUsage();
       process.stdout.write(String((u.user + u.system) / 1e6));`,
    ]);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await new Promise((resolve) => child.on('exit', resolve));
    const seconds = meter.seconds();
    if (seconds === null) return; // no /proc here
    // /proc counts in hundredths of a second.
    expect(seconds).toBeGreaterThanOrEqual(Number(out) - 0.02);
  });
});
