/**
 * `npm run status`: per area of the REST interface spec, how many routes the
 * DSL declares, how many have a hand-written handler (`implemented: true`,
 * i.e. they no longer answer 501) and how many an e2e spec exercises.
 *
 * "Covered by e2e" means the operation name appears as the first, string
 * literal argument of an `op(` or `.call(` call in an `e2e/specs/**\/*.spec.ts`
 * file. Files whose name contains `auth-matrix` are ignored: the matrix
 * touches every route, which would make the column meaningless. The full
 * e2e suite runs on the native stack, so "covered" is native coverage.
 *
 * "Playground" counts the same way, over the spec files of the Playground
 * tier only (e2e/tiers.ts: the smoke journeys, the admin screens, the
 * lifecycle spec; the auth matrix is in the tier but does not count): the
 * routes whose main path the CI run drives on WordPress Playground.
 *
 * Reads the DSL and the e2e sources only; never needs a running site.
 *
 *   npm run status            fixed-width table and a TOTAL line
 *   npm run status -- --json  the same figures as JSON
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inPlaygroundTier } from '../../../e2e/tiers.js';
import { plugins } from '../api/index.js';
import { buildModel } from '../model/build.js';
import type { Model, ModelRoute } from '../model/model.js';

/** The subsections of the spec's Endpoints section, in the spec's order. */
export const AREAS = [
	'Media',
	'Albums',
	'Collections',
	'Reactions, comments, favorites',
	'Access rules and grants',
	'Follows, profile, users',
	'Reports and blocking',
	'Moderation',
	'Tags',
	'Notifications, devices, dismissals, admin',
	'Native app and interests',
	'Feed',
	'Messaging',
	'Auth and account',
	'(Pro) Quotas',
] as const;
export type Area = (typeof AREAS)[number];

/**
 * Area of every resource, keyed `<plugin id>/<resource name>`. Explicit on
 * purpose: a new resource must be placed here, or `npm run status` throws.
 */
export const RESOURCE_AREAS: Readonly<Record<string, Area>> = {
	'core/media': 'Media',
	'core/albums': 'Albums',
	'core/collections': 'Collections',
	'core/reactions': 'Reactions, comments, favorites',
	'core/comments': 'Reactions, comments, favorites',
	'core/favorites': 'Reactions, comments, favorites',
	'core/access': 'Access rules and grants',
	'core/follows': 'Follows, profile, users',
	'core/profile': 'Follows, profile, users',
	'core/users': 'Follows, profile, users',
	'core/reports': 'Reports and blocking',
	'core/blocks': 'Reports and blocking',
	'core/moderation': 'Moderation',
	'core/tags': 'Tags',
	'core/notifications': 'Notifications, devices, dismissals, admin',
	'core/devices': 'Notifications, devices, dismissals, admin',
	'core/dismissals': 'Notifications, devices, dismissals, admin',
	'core/app': 'Native app and interests',
	'core/interests': 'Native app and interests',
	'core/feed': 'Feed',
	'core/conversations': 'Messaging',
	'core/messages': 'Messaging',
	'core/account': 'Auth and account',
	'core/auth': 'Auth and account',
	'core/nonce': 'Auth and account',
	'pro/packages': '(Pro) Quotas',
	'pro/push': '(Pro) Quotas',
	'pro/quotas': '(Pro) Quotas',
};

/** The coverage rule: an operation name as the literal first argument of op( or .call(. */
export const COVERAGE_PATTERN = /\b(?:op|call)\(\s*['"]([a-z_]+)['"]/g;

/** Spec files left out of the coverage count. */
export const isExcludedSpec = (file: string): boolean => basename(file).includes('auth-matrix');

/** Whether a repository-relative spec path is in the Playground tier. */
export const isPlaygroundSpec = (file: string): boolean => inPlaygroundTier(file.split(sep).join('/').replace(/^e2e\/specs\//, ''));

export interface SpecSource {
	/** Path shown in messages (relative to the repository root). */
	readonly file: string;
	readonly text: string;
}

export interface AreaStatus {
	readonly area: Area;
	readonly declared: number;
	readonly implemented: number;
	readonly covered: number;
	readonly playground: number;
	readonly routes: readonly {
		readonly name: string;
		readonly namespace: string;
		readonly method: string;
		readonly path: string;
		readonly implemented: boolean;
		readonly covered: boolean;
		readonly playground: boolean;
	}[];
}

export interface Status {
	readonly areas: readonly AreaStatus[];
	readonly total: { readonly declared: number; readonly implemented: number; readonly covered: number; readonly playground: number };
	/** Spec files scanned for coverage. */
	readonly specFiles: readonly string[];
	/** The scanned spec files of the Playground tier. */
	readonly playgroundFiles: readonly string[];
	/** Spec files skipped (auth-matrix). */
	readonly excludedFiles: readonly string[];
	/**
	 * Routes outside the contract (RouteSpec.extension), listed apart and
	 * counted in no area nor in the total.
	 */
	readonly extensions: readonly {
		readonly name: string;
		readonly extension: string;
		readonly namespace: string;
		readonly method: string;
		readonly path: string;
		readonly implemented: boolean;
		readonly covered: boolean;
		readonly playground: boolean;
	}[];
	/** Names that e2e specs call but the model does not declare (typos, removed routes). */
	readonly unknownOperations: readonly { readonly name: string; readonly file: string }[];
}

/** Operation names a spec file calls, in order of appearance (duplicates kept). */
export function operationsCalled(text: string): string[] {
	return [...text.matchAll(COVERAGE_PATTERN)].map((m) => m[1]!);
}

/** Area of a route's resource; throws when the table above lacks it. */
export function areaOf(pluginId: string, resource: string): Area {
	const area = RESOURCE_AREAS[`${pluginId}/${resource}`];
	if (!area) {
		throw new Error(
			`status: resource "${resource}" of plugin "${pluginId}" has no area; add '${pluginId}/${resource}' to RESOURCE_AREAS in codegen/src/cli/status.ts`,
		);
	}
	return area;
}

/** Every `*.spec.ts` below e2e/specs, sorted, as repository-relative paths. */
export function findSpecFiles(root: string): string[] {
	const dir = join(root, 'e2e', 'specs');
	const out: string[] = [];
	const walk = (d: string): void => {
		if (!existsSync(d)) return;
		for (const e of readdirSync(d, { withFileTypes: true })) {
			if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
			const full = join(d, e.name);
			if (e.isDirectory()) walk(full);
			else if (e.isFile() && e.name.endsWith('.spec.ts')) out.push(relative(root, full));
		}
	};
	walk(dir);
	return out.sort();
}

export function computeStatus(model: Model, specs: readonly SpecSource[]): Status {
	// Every table entry must name a resource the model has, and vice versa.
	const known = new Set(model.plugins.flatMap((p) => p.resources.map((r) => `${p.id}/${r.name}`)));
	// Resources made only of extension routes need no area.
	for (const key of Object.keys(RESOURCE_AREAS)) {
		if (!known.has(key)) throw new Error(`status: RESOURCE_AREAS names ${key}, which the model does not declare`);
	}
	// Extension routes are not in the contract: no area, listed apart.
	const routes: { route: ModelRoute; area: Area }[] = model.plugins.flatMap((p) =>
		p.routes.filter((route) => !route.extension).map((route) => ({ route, area: areaOf(p.id, route.resource) })),
	);
	const extensionRoutes = model.plugins.flatMap((p) => p.routes.filter((route) => route.extension));

	const names = new Set([...routes.map((r) => r.route.name), ...extensionRoutes.map((r) => r.name)]);
	const covered = new Set<string>();
	const playground = new Set<string>();
	const playgroundFiles: string[] = [];
	const unknown: { name: string; file: string }[] = [];
	const specFiles: string[] = [];
	const excludedFiles: string[] = [];
	for (const spec of specs) {
		if (isExcludedSpec(spec.file)) {
			excludedFiles.push(spec.file);
			continue;
		}
		specFiles.push(spec.file);
		const onPlayground = isPlaygroundSpec(spec.file);
		if (onPlayground) playgroundFiles.push(spec.file);
		for (const name of operationsCalled(spec.text)) {
			if (names.has(name)) {
				covered.add(name);
				if (onPlayground) playground.add(name);
			}
			else if (!unknown.some((u) => u.name === name && u.file === spec.file)) unknown.push({ name, file: spec.file });
		}
	}

	const areas: AreaStatus[] = AREAS.map((area) => {
		const list = routes.filter((r) => r.area === area).map((r) => r.route);
		return {
			area,
			declared: list.length,
			implemented: list.filter((r) => r.implemented).length,
			covered: list.filter((r) => covered.has(r.name)).length,
			playground: list.filter((r) => playground.has(r.name)).length,
			routes: list.map((r) => ({
				name: r.name,
				namespace: r.namespace,
				method: r.method,
				path: r.path,
				implemented: r.implemented,
				covered: covered.has(r.name),
				playground: playground.has(r.name),
			})),
		};
	});
	const sum = (key: 'declared' | 'implemented' | 'covered' | 'playground') => areas.reduce((n, a) => n + a[key], 0);
	return {
		areas,
		total: { declared: sum('declared'), implemented: sum('implemented'), covered: sum('covered'), playground: sum('playground') },
		specFiles,
		playgroundFiles,
		excludedFiles,
		extensions: extensionRoutes.map((r) => ({
			name: r.name,
			extension: r.extension!,
			namespace: r.namespace,
			method: r.method,
			path: r.path,
			implemented: r.implemented,
			covered: covered.has(r.name),
			playground: playground.has(r.name),
		})),
		unknownOperations: unknown,
	};
}

/** The fixed-width table and the TOTAL line. */
export function formatStatus(status: Status): string {
	const width = Math.max('Area'.length, ...status.areas.map((a) => a.area.length));
	const cols = ['declared', 'implemented', 'covered', 'playground'] as const;
	const row = (label: string, values: readonly (string | number)[]) =>
		`${label.padEnd(width)}  ${values.map((v, i) => String(v).padStart(cols[i]!.length)).join('  ')}`;
	const header = row('Area', cols);
	const lines = [header, '-'.repeat(header.length)];
	for (const a of status.areas) lines.push(row(a.area, [a.declared, a.implemented, a.covered, a.playground]));
	lines.push('-'.repeat(header.length));
	const t = status.total;
	lines.push(`TOTAL  ${t.declared} declared  ${t.implemented} implemented  ${t.covered} covered  ${t.playground} on Playground`);
	return lines.join('\n');
}

/** One line per extension route (outside the contract, outside TOTAL). */
export function formatExtensions(status: Status): string[] {
	return status.extensions.map(
		(e) =>
			`extension ${e.extension}: ${e.method} /${e.namespace}${e.path} (${e.name}) ${e.implemented ? 'implemented' : 'not implemented'}, ${e.covered ? 'covered' : 'not covered'}, ${e.playground ? 'on Playground' : 'not on Playground'}`,
	);
}

/** Reads the model and the e2e specs of the repository at `root`. */
export function repositoryStatus(root: string): Status {
	const model = buildModel(plugins);
	const specs = findSpecFiles(root).map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));
	return computeStatus(model, specs);
}

function main(argv: readonly string[]): void {
	const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
	const status = repositoryStatus(root);
	if (argv.includes('--json')) {
		process.stdout.write(`${JSON.stringify(status, null, 2)}\n`);
		return;
	}
	const notes: string[] = [];
	notes.push(
		`e2e: ${status.specFiles.length} spec file(s) scanned` +
			` (${status.playgroundFiles.length} in the Playground tier)` +
			(status.excludedFiles.length ? `, ${status.excludedFiles.length} auth-matrix file(s) ignored` : ''),
	);
	notes.push(...formatExtensions(status));
	for (const u of status.unknownOperations) notes.push(`warning: ${u.file} calls unknown operation '${u.name}'`);
	process.stdout.write(`${formatStatus(status)}\n`);
	process.stderr.write(`${notes.join('\n')}\n`);
}

const invoked = process.argv[1] ? pathToFileURL(resolve(process.argv[1])).href : '';
if (invoked === import.meta.url) main(process.argv.slice(2));
