// Installs Debian's Chromium for the browser tests when it is missing (never a browser download).
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  console.log(`Chromium not found at ${CHROMIUM}; installing Debian's chromium package…`);
  const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit', env });
  execSync(`${sudo}apt-get install -y -qq chromium`, { stdio: 'inherit', env });
}
