// npm run package: dist/<slug>.zip for each plugin, the way WordPress takes a
// plugin (Plugins → Add New → Upload Plugin): one top folder named as the
// slug, holding only what the site runs (tools/package-files.mjs). The
// version is root package.json's; the build stops when a plugin header, its
// version constant or its readme's Stable tag says otherwise (the unit test
// codegen/test/readme.test.ts checks the same without building).
//
// Usage: npm run package (builds the admin screens first), or
// node tools/package.mjs [--out DIR] [--unpack DIR]. buildZips() is also what
// the install spec (e2e/specs/plugin-zips.spec.ts) calls. --unpack extracts
// the zips into DIR/<slug>/, where `npm test` mounts them for the Playground
// tier (test:e2e:installed), so that tier runs the plugins as shipped.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync, zipSync } from 'fflate';
import { PLUGINS, headerField, isShipped, pluginFiles, releaseVersion, repoRoot } from './package-files.mjs';

// Fixed entry dates: the same tree gives the same bytes.
const MTIME = new Date('2026-01-01T00:00:00Z');

/** Mismatches between the release version and what each plugin says of its own. */
export function versionMismatches(version = releaseVersion()) {
  const problems = [];
  for (const { dir, slug } of PLUGINS) {
    const main = fs.readFileSync(path.join(dir, `${slug}.php`), 'utf8');
    const readmeFile = path.join(dir, 'readme.txt');
    const found = {
      'plugin header Version': headerField(main, 'Version'),
      'version constant': main.match(/define\(\s*'MVS_(?:PRO_)?VERSION',\s*'([^']+)'\s*\)/)?.[1],
      'readme.txt Stable tag': fs.existsSync(readmeFile) ? headerField(fs.readFileSync(readmeFile, 'utf8'), 'Stable tag') : undefined,
    };
    for (const [what, value] of Object.entries(found)) {
      if (value !== version) problems.push(`${slug}: ${what} is ${value ?? 'missing'}, package.json says ${version}`);
    }
  }
  return problems;
}

/** Writes dist/<slug>.zip for both plugins; returns [{ slug, file, bytes, files }]. */
export function buildZips(outDir = path.join(repoRoot, 'dist')) {
  const problems = versionMismatches();
  if (problems.length) throw new Error(`version mismatch:\n  ${problems.join('\n  ')}`);
  for (const { dir } of PLUGINS) {
    if (!fs.existsSync(path.join(dir, 'build/admin'))) {
      throw new Error(`${path.relative(repoRoot, dir)}/build/admin is missing: run npm run build first (npm run package does)`);
    }
  }
  fs.mkdirSync(outDir, { recursive: true });
  return PLUGINS.map(({ dir, slug }) => {
    const files = pluginFiles(dir).filter(isShipped);
    const entries = {};
    for (const rel of files) entries[`${slug}/${rel}`] = [fs.readFileSync(path.join(dir, rel)), { mtime: MTIME }];
    const file = path.join(outDir, `${slug}.zip`);
    const bytes = zipSync(entries, { level: 9, mtime: MTIME });
    fs.writeFileSync(file, bytes);
    return { slug, file, bytes: bytes.length, files: files.length };
  });
}

/** Extracts each zip into `dir` (emptied first), as WordPress's unzip would. */
export function unpack(zips, dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  for (const { file } of zips) {
    for (const [name, data] of Object.entries(unzipSync(fs.readFileSync(file)))) {
      if (name.endsWith('/')) continue;
      const target = path.join(dir, name);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, data);
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const option = (name) => {
    const index = process.argv.indexOf(name);
    return index > 0 ? path.resolve(process.argv[index + 1]) : undefined;
  };
  const zips = buildZips(option('--out'));
  for (const { file, bytes, files } of zips) {
    console.log(`${path.relative(process.cwd(), file)}: ${files} files, ${(bytes / 1024).toFixed(0)} KiB`);
  }
  const unpackDir = option('--unpack');
  if (unpackDir) {
    unpack(zips, unpackDir);
    console.log(`unpacked into ${path.relative(process.cwd(), unpackDir)}/`);
  }
}
