// Prepares, once, a complete WordPress 6.5.5 tree from the npm package
// @wp-playground/wordpress-builds (no network): the PHP files from its zip plus
// the static assets the zip leaves out. Each site run copies this tree, because
// the Playground CLI writes wp-config.php into the tree it is given.
//
// CLI: node e2e/site/prepare-wordpress.mjs   (prints the tree's path)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CACHE_DIR, WORDPRESS_BUILDS } from './paths.mjs';
import { ensureSystemPackages, UNZIP } from './system-packages.mjs';

export const WP_BRANCH = '6.5'; // what the CLI's --wp flag and the package's file names use
export const WP_VERSION = JSON.parse(
  fs.readFileSync(path.join(WORDPRESS_BUILDS, 'src', 'wordpress', 'wp-versions.json'), 'utf8'),
)[WP_BRANCH];

// Written last: its presence means the tree is complete (a killed run leaves no half tree behind).
const MARKER = '.mvs-prepared';

export function prepareWordPress() {
  const target = path.join(CACHE_DIR, `wordpress-${WP_VERSION}`);
  if (fs.existsSync(path.join(target, MARKER))) return target;

  ensureSystemPackages(UNZIP);
  const staging = `${target}.tmp-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });

  const zip = path.join(WORDPRESS_BUILDS, 'src', 'wordpress', `wp-${WP_BRANCH}.zip`);
  execFileSync('/usr/bin/unzip', ['-q', zip, '-d', staging], { stdio: 'inherit' });
  // The zip ships a wp-config.php made for the browser Playground; the CLI must write its own.
  fs.rmSync(path.join(staging, 'wp-config.php'), { force: true });
  fs.cpSync(path.join(WORDPRESS_BUILDS, 'public', `wp-${WP_BRANCH}`), staging, { recursive: true });

  const version = fs.readFileSync(path.join(staging, 'wp-includes', 'version.php'), 'utf8');
  if (!version.includes(`$wp_version = '${WP_VERSION}'`)) {
    throw new Error(`Unexpected WordPress version in ${zip} (wanted ${WP_VERSION})`);
  }
  fs.writeFileSync(path.join(staging, MARKER), `${WP_VERSION}\n`);

  // Another run may have finished first: keep its tree (a site may be copying it).
  if (fs.existsSync(path.join(target, MARKER))) {
    fs.rmSync(staging, { recursive: true, force: true });
    return target;
  }
  fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(staging, target);
  return target;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(prepareWordPress());
}
