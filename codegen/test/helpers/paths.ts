/**
 * Paths the tests read. The REST interface spec lives next to the repository
 * (CI checks it out at ../shared/spec relative to the repository root).
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** codegen/ */
export const codegenRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The monorepo root. */
export const repoRoot = resolve(codegenRoot, '..');
export const specDir = join(repoRoot, '..', 'shared', 'spec');
export const specRoutesFile = join(specDir, 'routes.txt');
export const specInterfaceFile = join(specDir, 'rest-interface.md');

/** A skip reason when a spec file is absent, or false when it exists. */
export function skipUnless(file: string): string | false {
	return existsSync(file) ? false : `spec file ${file} is absent; this assertion needs the shared REST interface spec`;
}
