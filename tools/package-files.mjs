// What a plugin folder may hold, which is also what its zip ships: the PHP
// the site runs, the admin screens' built scripts and styles, and the files
// WordPress and its plugin directory read (readme.txt, license.txt,
// languages/). Anything else in a plugin folder would be served over HTTP by
// the web server (issue 23, row 9), so codegen/test/shipped-files.test.ts
// holds the folders to this list and tools/package.mjs zips exactly it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** The two plugins: folder in the repo, slug (zip name and its top folder), main file. */
export const PLUGINS = [
  { dir: path.join(repoRoot, 'plugin-core'), slug: 'media-community-service', textDomain: 'media-community-service' },
  { dir: path.join(repoRoot, 'plugin-pro'), slug: 'media-community-service-pro', textDomain: 'media-community-service-pro' },
];

/** Paths relative to the plugin folder, `/`-separated. */
const SHIPPED = [
  /\.php$/,
  /\.(js|css)$/, // the built admin assets and the small script shims under includes/admin/js
  /^readme\.txt$/,
  /^license\.txt$/,
  /^languages\/[^/]+\.(pot|po|mo|json)$/,
];

export const isShipped = (relativePath) => SHIPPED.some((pattern) => pattern.test(relativePath));

/** Every file of a plugin folder, relative and sorted (so zips are byte-for-byte repeatable). */
export function pluginFiles(dir) {
  const walk = (sub) =>
    fs.readdirSync(path.join(dir, sub), { withFileTypes: true }).flatMap((entry) => {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      return entry.isDirectory() ? walk(rel) : [rel];
    });
  return walk('').sort();
}

/** A plugin header field (`Version`, `Requires PHP`, ...) of a main file's or readme's text. */
export function headerField(text, name) {
  const match = text.match(new RegExp(`^[ \\t*#@]*${name.replace(/ /g, '\\s+')}:[ \\t]*(.+?)\\s*$`, 'mi'));
  return match ? match[1] : undefined;
}

/** The release version: root package.json's, the one place it is set (see README, Install the plugins). */
export function releaseVersion() {
  return JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).version;
}
