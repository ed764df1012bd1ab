/**
 * Reads a plugin's hand-written PHP (`<plugin dir>/includes/**.php`) for the
 * emitters that depend on it (the class map). Sorted, so generation stays
 * deterministic whatever order the file system lists.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PhpSource } from '../emit/php/class-map.js';
import type { ModelPlugin } from '../model/model.js';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');

function phpFiles(dir: string): string[] {
	if (!existsSync(dir)) return [];
	return readdirSync(dir, { withFileTypes: true })
		.flatMap((e) => (e.isDirectory() ? phpFiles(join(dir, e.name)) : e.name.endsWith('.php') ? [join(dir, e.name)] : []))
		.sort();
}

export function handWrittenPhp(plugin: Pick<ModelPlugin, 'dir'>, root: string = repoRoot): PhpSource[] {
	const pluginDir = join(root, plugin.dir);
	return phpFiles(join(pluginDir, 'includes')).map((file) => ({
		path: relative(pluginDir, file).split('\\').join('/'),
		code: readFileSync(file, 'utf8'),
	}));
}
