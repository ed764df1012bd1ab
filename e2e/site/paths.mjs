// Every path the site scripts use, resolved from this file so that the scripts
// work whatever the current directory is (npm start runs from the repo root,
// the e2e workspace's npm test from e2e/).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(E2E_DIR, '..');
export const CACHE_DIR = path.join(E2E_DIR, '.cache');

// Test-only must-use plugins (e.g. mvs-test-harness.php), mounted as wp-content/mu-plugins.
export const MU_PLUGINS_DIR = path.join(E2E_DIR, 'mu-plugins');

// The plugins under test. The env overrides let a site run against other
// checkouts (or stand-ins) without touching the repo.
export const PLUGIN_CORE_DIR = path.resolve(process.env.MVS_PLUGIN_CORE_DIR || path.join(REPO_ROOT, 'plugin-core'));
export const PLUGIN_PRO_DIR = path.resolve(process.env.MVS_PLUGIN_PRO_DIR || path.join(REPO_ROOT, 'plugin-pro'));

// Where `npm start` writes its fixtures so that a later `npm test` can reuse that site.
export const SHARED_FIXTURES_FILE = path.join(CACHE_DIR, 'site-fixtures.json');

// npm workspaces hoist dependencies to the root node_modules.
export const NODE_MODULES = path.join(REPO_ROOT, 'node_modules');
export const PLAYGROUND_CLI = path.join(NODE_MODULES, '@wp-playground', 'cli', 'wp-playground.js');
export const WORDPRESS_BUILDS = path.join(NODE_MODULES, '@wp-playground', 'wordpress-builds');
