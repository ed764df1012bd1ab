// Installs missing Debian packages. A fresh CI machine has neither chromium nor
// unzip; developers' machines usually have both, so apt runs only when a file
// is really missing (apt-get update alone costs many seconds).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

// Debian package → the executable it installs, which is what the scripts use.
export const CHROMIUM = { chromium: '/usr/bin/chromium' };
export const UNZIP = { unzip: '/usr/bin/unzip' };
export const PHPCS = { 'php-codesniffer': '/usr/bin/phpcs' };

const isExecutable = (file) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

export function ensureSystemPackages(...wanted) {
  const packages = Object.assign({}, ...wanted);
  const missing = Object.keys(packages).filter((name) => !isExecutable(packages[name]));
  if (missing.length === 0) return;

  const command = `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() !== 0 || !isExecutable('/usr/bin/apt-get')) {
    throw new Error(`Missing system packages: ${missing.join(', ')}. Install them as root: ${command}`);
  }
  console.log(`[e2e] installing missing system packages: ${missing.join(' ')}`);
  execFileSync('/bin/sh', ['-c', command], { stdio: 'inherit' });

  const stillMissing = missing.filter((name) => !isExecutable(packages[name]));
  if (stillMissing.length) throw new Error(`apt-get did not provide: ${stillMissing.map((n) => packages[n]).join(', ')}`);
}

// For packages that install no executable of their own to look for (php-mysql,
// php-gd, ...): dpkg says whether each is installed. Used by the native stack
// (stack/), which needs a dozen of them; the same rule applies: apt runs only
// when something is really missing, and only as root.
const isInstalled = (name) => {
  try {
    const status = execFileSync('dpkg-query', ['-W', '-f=${Status}', name], { stdio: ['ignore', 'pipe', 'ignore'] });
    return status.toString().includes('install ok installed');
  } catch {
    return false; // dpkg-query exits 1 for a package it has never heard of
  }
};

export function ensureDebianPackages(names, { label = 'e2e' } = {}) {
  const missing = names.filter((name) => !isInstalled(name));
  if (missing.length === 0) return;

  const command = `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() !== 0 || !isExecutable('/usr/bin/apt-get')) {
    throw new Error(`Missing Debian packages: ${missing.join(', ')}. Install them as root: ${command}`);
  }
  console.log(`[${label}] installing missing Debian packages: ${missing.join(' ')}`);
  execFileSync('/bin/sh', ['-c', command], { stdio: 'inherit' });

  const stillMissing = missing.filter((name) => !isInstalled(name));
  if (stillMissing.length) throw new Error(`apt-get did not install: ${stillMissing.join(', ')}`);
}
