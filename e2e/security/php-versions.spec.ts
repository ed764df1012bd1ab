/**
 * Every PHP file of both plugins compiles on every PHP version the plugin
 * headers promise (Requires PHP: 7.4) up to 8.3, using the WebAssembly PHP
 * builds from npm (@php-wasm/node-7-4 … -8-3, pinned devDependencies of
 * the e2e workspace; no network, no system PHP).
 *
 * `php -l` equivalent: each file is compiled whole, then returns before its
 * first statement runs: "<?php return; ?>" is put in front of it, on the
 * same line, so line numbers stay right. Compilation reports what `php -l`
 * reports (parse errors, compile-time fatal errors such as re-assigning
 * $this) and also the compile-time deprecations of newer versions.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadNodeRuntime } from '@php-wasm/node';
import { PHP } from '@php-wasm/universal';
import { expect, test } from '@playwright/test';
import { count } from './support/http';

test.describe.configure({ mode: 'parallel' });

const VERSIONS = ['7.4', '8.0', '8.1', '8.2', '8.3'] as const;
const REPO = path.resolve(import.meta.dirname, '../..');
const PLUGINS = ['plugin-core', 'plugin-pro'];

function phpFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'vendor' ? [] : phpFiles(full);
		return entry.name.endsWith('.php') ? [full] : [];
	});
}

const files = PLUGINS.flatMap((plugin) => phpFiles(path.join(REPO, plugin)));

/** The plugins' own promise: the lowest version the suite must start from. */
test('the plugin headers promise PHP 7.4, the lowest version linted', () => {
	for (const main of ['plugin-core/media-community-service.php', 'plugin-pro/media-community-service-pro.php']) {
		expect(readFileSync(path.join(REPO, main), 'utf8')).toMatch(/Requires PHP:\s*7\.4\b/);
	}
	expect(files.length).toBeGreaterThan(50);
});

for (const version of VERSIONS) {
	test(`every PHP file of both plugins compiles on PHP ${version}`, async ({}, info) => {
		// processId: the runtime's file locking needs one; a lint run has a single process.
		const php = new PHP(await loadNodeRuntime(version, { emscriptenOptions: { processId: 1 } }));
		const problems: string[] = [];
		try {
			const reported = await php.run({ code: '<?php echo PHP_MAJOR_VERSION . "." . PHP_MINOR_VERSION;' });
			expect(reported.text).toBe(version);
			for (const file of files) {
				const relative = path.relative(REPO, file);
				const target = `/lint/${relative}`;
				php.mkdirTree(path.posix.dirname(target));
				php.writeFile(target, `<?php return; ?>${readFileSync(file, 'utf8')}`);
				try {
					const result = await php.run({ scriptPath: target });
					const said = `${result.text}${result.errors}`.trim();
					if (said) problems.push(`${relative}: ${said.replace(/<[^>]+>/g, '').slice(0, 300)}`);
				} catch (error) {
					// A parse or compile error ends the request with exit code 255.
					const message = String((error as Error).message).match(/PHP (Parse|Fatal) error:[^\n]*/)?.[0] ?? String(error).slice(0, 300);
					problems.push(`${relative}: ${message}`);
				}
			}
		} finally {
			php.exit();
		}
		count(info, 'php files linted', files.length);
		count(info, 'php versions', 1);
		expect(problems).toEqual([]);
	});
}
