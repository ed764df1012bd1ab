/**
 * The e2e test harness (e2e/mu-plugins/mvs-test-harness/, one file per
 * family of tools, loaded by mvs-test-harness.php) keeps only what the
 * product cannot do: time control, fault injection, query counting and
 * introspection. Its registry (registry.json) lists every tool with what it
 * is for. A stand-in that writes rows of a feature is removed when that
 * feature's routes ship, and specs then create those rows through the REST
 * API. This test reads what every harness route and hook writes, maps each
 * table or taxonomy to the resources whose routes write it, and fails when
 * one of those resources has an implemented route, unless the registry's
 * `feature_writes` of that tool says why a route cannot serve it.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { plugins } from '../src/api/index.js';
import { buildModel } from '../src/model/build.js';
import { harnessWrites, type HarnessUnit } from './helpers/harness-writes.js';
import { repoRoot } from './helpers/paths.js';

const model = buildModel(plugins);
const muPlugins = join(repoRoot, 'e2e', 'mu-plugins');
const folder = join(muPlugins, 'mvs-test-harness');
const loaderPath = join(muPlugins, 'mvs-test-harness.php');
const familyFiles = readdirSync(folder)
	.filter((f) => f.endsWith('.php'))
	.sort();
const files = familyFiles.map((f) => ({ path: f, code: readFileSync(join(folder, f), 'utf8') }));
const units = harnessWrites([{ path: 'mvs-test-harness.php', code: readFileSync(loaderPath, 'utf8') }, ...files]);

interface RegistryTool {
	readonly family: string;
	readonly for: string;
	readonly feature_writes?: { readonly targets: readonly string[]; readonly why: string };
}
const registry = JSON.parse(readFileSync(join(folder, 'registry.json'), 'utf8')) as {
	families: Record<string, string>;
	routes: Record<string, RegistryTool>;
	headers: Record<string, RegistryTool>;
};
const NAMESPACE = '/mvs-test/v1';

/**
 * Harness routes that write a table of an implemented feature for a reason
 * the product's routes cannot serve, each with the targets it may write
 * (the registry's `feature_writes`). A stand-in for a feature never belongs there.
 */
const TOOLS: Record<string, { readonly writes: readonly string[]; readonly why: string }> = Object.fromEntries(
	Object.entries(registry.routes)
		.filter(([, tool]) => tool.feature_writes)
		.map(([route, tool]) => {
			const [method, path] = route.split(' ');
			return [`route ${method} ${NAMESPACE}${path}`, { writes: tool.feature_writes!.targets, why: tool.feature_writes!.why }];
		}),
);

/**
 * The feature (`plugin/resource`) each write target belongs to: the
 * resources whose routes create, change or delete its rows, or, for rows
 * whose writers have not shipped, the resources that serve them. Once one
 * of them has an implemented route, a spec can make those rows through the
 * API. Every table the DSL declares must be listed, so a new table cannot
 * slip past this test; an empty list means no route of the contract writes
 * that target.
 */
const OWNERS: Record<string, readonly string[]> = {
	'table:mvs_media': ['core/media'],
	'table:mvs_mediameta': ['core/media'],
	'table:mvs_media_views': ['core/media'],
	'table:mvs_media_stats': ['core/media'],
	// Kept by the media writes (MVS_Media_Totals).
	'table:mvs_media_totals': ['core/media'],
	'table:mvs_media_term_index': ['core/media'],
	'table:mvs_media_daily': ['core/media'],
	// An upload hashes its image; a rejection hashes an item that has none (docs/moderation.md).
	'table:mvs_media_hashes': ['core/media', 'core/moderation'],
	'table:mvs_view_marks': ['core/media'],
	'table:mvs_albums': ['core/albums'],
	'table:mvs_collections': ['core/collections'],
	'table:mvs_collection_items': ['core/collections'],
	'table:mvs_reactions': ['core/reactions'],
	'table:mvs_comments': ['core/comments'],
	'table:mvs_favorites': ['core/favorites'],
	'table:mvs_access_rules': ['core/access'],
	'table:mvs_access_grants': ['core/access'],
	'table:mvs_follows': ['core/follows'],
	// Kept with the follows (MVS_Follow_Graph) and the members' names (MVS_User_Search_Index).
	'table:mvs_user_stats': ['core/follows'],
	'table:mvs_user_search_tokens': ['core/users'],
	'table:mvs_blocks': ['core/blocks'],
	'table:mvs_reports': ['core/reports'],
	'table:mvs_moderation_log': ['core/moderation'],
	'table:mvs_ai_usage': ['core/moderation'],
	// Moderation decisions already notify the item's owner.
	'table:mvs_notifications': ['core/notifications', 'core/moderation'],
	'table:mvs_device_tokens': ['core/devices'],
	// Written by the events of uploads, albums, comments and reactions; read by the feeds.
	'table:mvs_activity': ['core/feed', 'core/users'],
	'table:mvs_activity_inbox': ['core/feed'],
	'table:mvs_conversations': ['core/conversations'],
	'table:mvs_conversation_members': ['core/conversations'],
	'table:mvs_messages': ['core/conversations', 'core/messages'],
	'table:mvs_message_attachments': ['core/messages'],
	'table:mvs_message_hidden': ['core/messages'],
	'table:mvs_message_reactions': ['core/messages'],
	'table:mvs_deletion_requests': ['core/account'],
	'table:mvs_usage_ledger': ['core/account', 'pro/quotas'],
	// Counters of every rate-limited route, owned by no feature.
	'table:mvs_rate_limits': [],
	'table:mvs_quota_packages': ['pro/packages'],
	'table:mvs_user_packages': ['pro/quotas'],
	'table:mvs_credit_log': ['pro/quotas'],
	'table:mvs_quota_usage': ['pro/quotas'],
	'table:mvs_pro_push_devices': ['pro/push'],
	// WordPress's term links of every taxonomy, written by SQL (load for the optimizer checks).
	'table:term_relationships': ['core/media', 'core/tags'],
	'terms:mvs_tag': ['core/tags', 'core/media'],
	'term-links:mvs_tag': ['core/media', 'core/tags'],
	// Categories are curated by the site owner: no route of the contract creates one.
	'terms:mvs_category': [],
	'term-links:mvs_category': ['core/media'],
	// The contract has no registration route.
	users: [],
	// Only its ID counter, which the seeding tools move past the IDs their grown rows name.
	'table:users': [],
	'application-passwords': ['core/auth'],
};

/** Resources with at least one implemented route. */
const implemented = new Set(
	model.plugins.flatMap((p) => p.resources.filter((r) => r.routes.some((route) => route.implemented)).map((r) => `${p.id}/${r.name}`)),
);
const resources = new Set(model.plugins.flatMap((p) => p.resources.map((r) => `${p.id}/${r.name}`)));

/** What each unit writes that it must not: unknown targets, and rows of implemented features outside its feature_writes. */
function violations(found: readonly HarnessUnit[], shippedFeatures: ReadonlySet<string> = implemented): string[] {
	const out: string[] = [];
	for (const unit of found) {
		for (const target of unit.writes) {
			const owners = OWNERS[target];
			if (owners === undefined) {
				out.push(`${unit.name} writes ${target}, which this test cannot map to a resource (add it to OWNERS)`);
				continue;
			}
			const shipped = owners.filter((o) => shippedFeatures.has(o));
			if (shipped.length === 0 || TOOLS[unit.name]?.writes.includes(target)) continue;
			out.push(`${unit.name} writes ${target}, rows of ${shipped.join(', ')}, whose routes are implemented: create those rows through the REST API`);
		}
	}
	return out;
}

describe('test harness: no stand-ins for implemented features', () => {
	test('OWNERS names every table the DSL declares, and only resources that exist', () => {
		const declared = model.plugins.flatMap((p) => p.tables.map((t) => `table:${t.name}`)).sort();
		// WordPress's own tables (term_relationships) may be mapped besides the DSL's.
		const mapped = Object.keys(OWNERS)
			.filter((k) => k.startsWith('table:mvs_'))
			.sort();
		assert.deepEqual(mapped, declared);
		for (const [target, owners] of Object.entries(OWNERS)) {
			for (const owner of owners) assert.ok(resources.has(owner), `${target}: no resource ${owner} in the model`);
		}
	});

	test('the harness is read: its routes are found with what they write', () => {
		// A scanner that found nothing would let every stand-in through.
		const names = units.map((u) => u.name);
		assert.ok(names.includes('route POST /mvs-test/v1/reset-rate-limits'), names.join('\n'));
		const rateLimits = units.find((u) => u.name === 'route POST /mvs-test/v1/reset-rate-limits')!;
		assert.deepEqual(rateLimits.writes, ['table:mvs_rate_limits']);
		for (const unit of units) assert.ok(!unit.writes.some((w) => w.startsWith('unresolved:')), `${unit.name}: ${unit.writes.join(', ')}`);
	});

	test('no harness route or hook writes rows of a feature whose routes are implemented', () => {
		assert.deepEqual(violations(units), []);
	});

	test('every feature_writes entry of the registry is a harness route that still writes what it lists', () => {
		for (const [name, tool] of Object.entries(TOOLS)) {
			const unit = units.find((u) => u.name === name);
			assert.ok(unit, `${name} is no longer in the harness: remove it from registry.json`);
			for (const target of tool.writes) assert.ok(unit.writes.includes(target), `${name} no longer writes ${target}: remove it from its feature_writes in registry.json`);
		}
	});
});

describe('test harness: the registry lists every tool, by family', () => {
	const routeUnits = units.filter((u) => u.name.startsWith(`route `));
	const listed = (unit: HarnessUnit) => unit.name.slice('route '.length).replace(NAMESPACE, '');

	test('every route of the harness is in the registry, in the family file that registers it, and every listed route exists', () => {
		const found = routeUnits.map((u) => `${listed(u)} in ${u.file}`).sort();
		const declared = Object.entries(registry.routes)
			.map(([route, tool]) => `${route} in ${tool.family}.php`)
			.sort();
		assert.deepEqual(found, declared);
		for (const [route, tool] of Object.entries(registry.routes)) assert.ok(tool.for.length > 10, `${route}: say what it is for`);
	});

	test('every X-MVS-Test-* request header the harness reads is in the registry, in its family file', () => {
		const found = files
			.flatMap((f) => [...f.code.matchAll(/HTTP_X_MVS_TEST_([A-Z_]+)/g)].map((m) => `${m[1]} in ${f.path}`))
			.filter((v, i, all) => all.indexOf(v) === i)
			.sort();
		const declared = Object.entries(registry.headers)
			.map(([header, tool]) => `${header.slice('X-MVS-Test-'.length).toUpperCase().replace(/-/g, '_')} in ${tool.family}.php`)
			.sort();
		assert.deepEqual(found, declared);
	});

	test('each family is one file under 400 lines, loaded by mvs-test-harness.php, and the loader holds no tool', () => {
		assert.deepEqual(familyFiles, Object.keys(registry.families).map((f) => `${f}.php`).sort());
		for (const f of files) assert.ok(f.code.split('\n').length < 400, `${f.path} has ${f.code.split('\n').length} lines: split the family`);
		const loader = readFileSync(loaderPath, 'utf8');
		for (const family of Object.keys(registry.families)) assert.match(loader, new RegExp(`'${family}'`), `mvs-test-harness.php does not load ${family}`);
		assert.deepEqual(units.filter((u) => u.file === 'mvs-test-harness.php'), []);
	});
});

describe('test harness scanner', () => {
	const scan = (body: string) =>
		harnessWrites(
			`<?php
			add_action( 'rest_api_init', static function () {
				register_rest_route( 'mvs-test/v1', '/sample', array( 'methods' => 'POST', 'callback' => static function ( $request ) {
					${body}
				} ) );
			} );
			function mvs_test_helper() { global $wpdb; $wpdb->insert( $wpdb->mvs_follows, array() ); }`,
			'sample.php',
		).find((u) => u.name === 'route POST /mvs-test/v1/sample')!.writes;

	test('reads $wpdb writes, SQL statements, terms, meta and users, and follows the file’s own functions', () => {
		assert.deepEqual(scan(`global $wpdb; $p = $wpdb->prefix; $wpdb->insert( "{$p}mvs_albums", array() );`), ['table:mvs_albums']);
		assert.deepEqual(scan(`global $wpdb; $t = $wpdb->prefix . 'mvs_media'; $wpdb->query( "UPDATE {$t} SET views = 1" );`), ['table:mvs_media']);
		assert.deepEqual(
			scan(`global $wpdb; $wpdb->query( $wpdb->prepare( "INSERT INTO {$wpdb->prefix}mvs_reports (a) VALUES (%d) ON DUPLICATE KEY UPDATE a = a", 1 ) );`),
			['table:mvs_reports'],
		);
		assert.deepEqual(scan(`global $wpdb; $wpdb->get_results( "SELECT * FROM {$wpdb->prefix}mvs_albums" );`), []);
		assert.deepEqual(scan(`wp_insert_term( 'x', 'mvs_tag' ); wp_set_object_terms( 1, array( 'x' ), 'mvs_category' );`), ['term-links:mvs_category', 'terms:mvs_tag']);
		assert.deepEqual(scan(`update_metadata( 'mvs_media', 1, 'k', 'v' ); wp_insert_user( array() );`), ['table:mvs_mediameta', 'users']);
		assert.deepEqual(scan(`mvs_test_helper();`), ['table:mvs_follows']);
	});

	test('reads every file, with functions declared in another, and one route per method of a multi-endpoint registration', () => {
		const found = harnessWrites([
			{ path: 'common.php', code: `<?php function mvs_test_helper() { global $wpdb; $wpdb->insert( $wpdb->mvs_follows, array() ); }` },
			{
				path: 'family.php',
				code: `<?php register_rest_route( 'mvs-test/v1', '/two', array(
					array( 'methods' => 'GET', 'callback' => static function () { return 1; } ),
					array( 'methods' => 'POST', 'callback' => static function () { mvs_test_helper(); } ),
				) );`,
			},
		]);
		assert.deepEqual(found, [
			{ name: 'route GET /mvs-test/v1/two', writes: [], file: 'family.php' },
			{ name: 'route POST /mvs-test/v1/two', writes: ['table:mvs_follows'], file: 'family.php' },
		]);
	});

	test('a write it cannot read is unresolved, never ignored', () => {
		assert.deepEqual(scan(`global $wpdb; $wpdb->insert( $request['table'], array() );`), ['unresolved:{?}']);
		assert.deepEqual(scan(`global $wpdb; $wpdb->query( $request['sql'] );`), ['unresolved:{?}']);
		assert.deepEqual(scan(`wp_set_object_terms( 1, array(), $request['taxonomy'] );`), ['unresolved:wp_set_object_terms']);
	});

	test('the policy names a stand-in of an implemented feature, and lets one of an unshipped feature pass', () => {
		const unit = (writes: string[]): HarnessUnit => ({ name: 'route POST /mvs-test/v1/sample', writes, file: 'sample.php' });
		assert.match(violations([unit(['table:mvs_albums'])]).join(), /mvs_albums, rows of core\/albums/);
		assert.match(violations([unit(['terms:mvs_tag'])]).join(), /core\/tags/);
		assert.match(violations([unit(['table:mvs_unknown'])]).join(), /cannot map/);
		// Every feature has shipped: account deletion stands for one that has not.
		const unshipped = new Set([...implemented].filter((feature) => feature !== 'core/account'));
		assert.deepEqual(violations([unit(['table:mvs_deletion_requests', 'table:mvs_rate_limits', 'users'])], unshipped), []);
	});
});
