// Installs what the cross-engine browser tests (tests/engines) need when it is missing, from
// Debian's packages (never a browser download): Firefox ESR, WebKitGTK's WebDriver (with the
// MiniBrowser of libwebkit2gtk-4.1-0, a dependency) and Xvfb (MiniBrowser has no headless mode).
// Then prints both engines' versions, for the log.
import { execFileSync, execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const NEEDED = [
  ['firefox-esr', process.env.FIREFOX_PATH ?? '/usr/lib/firefox-esr/firefox-esr'],
  ['webkit2gtk-driver', process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver'],
  ['xvfb', '/usr/bin/xvfb-run'],
];

const missing = NEEDED.filter(([, path]) => !existsSync(path)).map(([name]) => name);
if (missing.length > 0) {
  console.log(`Installing Debian's ${missing.join(', ')} for the cross-engine tests…`);
  const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit', env });
  execSync(`${sudo}apt-get install -y -qq ${missing.join(' ')}`, { stdio: 'inherit', env });
}

// MiniBrowser says its version only on a display, WebKitWebDriver not at all: their packages do.
const run = (file, args) => execFileSync(file, args, { encoding: 'utf8' }).trim();
const debian = (name) => `${name} ${run('dpkg-query', ['-W', '-f=${Version}', name])}`;
console.log(`Firefox: ${run(NEEDED[0][1], ['--version'])}`);
console.log(`WebKit: ${debian('libwebkit2gtk-4.1-0')}, ${debian('webkit2gtk-driver')}`);
