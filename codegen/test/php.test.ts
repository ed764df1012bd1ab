/**
 * The PHP emitters, run on the real model: every file parses, carries the
 * generated header, and says what the model says (routes, methods, callbacks,
 * handler contracts, dbDelta-shaped tables).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { argumentNames } from '../src/emit/php/args.js';
import { emitPhp } from '../src/emit/php/index.js';
import { names, phpFileName } from '../src/emit/php/naming.js';
import { loadModel } from '../src/cli/outputs.js';
import { buildModel } from '../src/model/build.js';
import type { ModelPlugin } from '../src/model/model.js';
import { auth, col, erase, key, notExported, personal, t } from '../src/dsl/index.js';
import { emitPersonalDataPlan } from '../src/emit/php/personal-data.js';
import { schemaVersion } from '../src/emit/php/schema.js';
import { route, thingResource, thingTable, tinyPlugin, withRoutes } from './helpers/fixtures.js';
import {
	arrayEntries,
	concatText,
	declarations,
	functionCalls,
	methodNames,
	methods,
	nameOf,
	parsePhp,
	stringValue,
	thisCallable,
	thisCalls,
	walk,
	type PhpNode,
} from './helpers/php.js';

const model = loadModel();
const files = new Map(model.plugins.flatMap((p) => [...emitPhp(model, p)]));
const asts = new Map<string, PhpNode>();
/** Parsed once; a parse failure fails the test that asks, with the file name. */
function ast(path: string): PhpNode {
	let tree = asts.get(path);
	if (!tree) {
		const code = files.get(path);
		assert.ok(code !== undefined, `no generated file ${path}`);
		tree = parsePhp(code, path);
		asts.set(path, tree);
	}
	return tree;
}
const fileOf = (plugin: ModelPlugin, kind: 'class' | 'interface', cls: string) => `${plugin.dir}/generated/${phpFileName(kind, cls)}`;

function classIn(path: string, cls: string, kind: 'class' | 'interface' = 'class'): PhpNode {
	const decl = declarations(ast(path), kind).get(cls);
	assert.ok(decl, `${path} declares no ${kind} ${cls}`);
	return decl;
}

function method(decl: PhpNode, name: string): PhpNode {
	const m = methods(decl).find((x) => nameOf(x) === name);
	assert.ok(m, `${nameOf(decl)} has no method ${name}`);
	return m;
}

describe('generated PHP: every file', () => {
	test('there are PHP files for both plugins', () => {
		for (const p of model.plugins) {
			const own = [...files.keys()].filter((f) => f.startsWith(`${p.dir}/generated/`));
			assert.ok(own.length >= p.resources.length + 2, `${p.id}: only ${own.length} generated files`);
			assert.ok(own.every((f) => f.endsWith('.php')), `${p.id}: non-PHP file among ${own.join(', ')}`);
		}
	});

	for (const path of [...files.keys()].sort()) {
		test(`${path} parses (php-parser, php8, errors fatal) and has the generated header`, () => {
			const code = files.get(path)!;
			assert.ok(code.startsWith('<?php\n'), `${path} does not start with <?php`);
			assert.ok(code.includes('GENERATED FILE, DO NOT EDIT'), `${path} lacks the GENERATED FILE header`);
			assert.ok(code.endsWith('\n'), `${path} does not end with a newline`);
			const tree = ast(path);
			assert.equal(tree.kind, 'program');
			// Guard against direct access, as every WordPress plugin file should.
			assert.match(code, /defined\( 'ABSPATH' \) \|\| exit;/, `${path} lacks the ABSPATH guard`);
		});
	}
});

describe('generated PHP: controllers', () => {
	for (const plugin of model.plugins) {
		for (const resource of plugin.resources) {
			const cls = names.controller(plugin, resource.name);
			const path = fileOf(plugin, 'class', cls);

			test(`${cls}: exactly one *_permissions_check per route`, () => {
				const decl = classIn(path, cls);
				const checks = methodNames(decl).filter((n) => n.endsWith('_permissions_check'));
				assert.deepEqual(
					[...checks].sort(),
					resource.routes.map((r) => `${r.name}_permissions_check`).sort(),
					`${cls} permission checks differ from its routes`,
				);
				assert.equal(new Set(checks).size, checks.length, `${cls} declares a permission check twice`);
			});

			test(`${cls}: registers each route with its methods, path, callback and permission check`, () => {
				const decl = classIn(path, cls);
				const register = method(decl, 'register_routes');
				const own = new Set(methodNames(decl));
				const seen = new Map<string, { methods: string; wpPath: string; permission: string | undefined }>();
				for (const call of functionCalls(register, 'register_rest_route')) {
					const args = call.arguments as PhpNode[];
					assert.equal(args.length, 3, 'register_rest_route takes namespace, route, args');
					const wpPath = stringValue(args[1]);
					assert.ok(wpPath, `${cls}: route pattern is not a string literal`);
					for (const endpoint of arrayEntries(args[2]!).list) {
						const { keyed } = arrayEntries(endpoint);
						const callback = thisCallable(keyed.get('callback')!);
						const permission = thisCallable(keyed.get('permission_callback')!);
						const methodsValue = stringValue(keyed.get('methods'));
						assert.ok(callback && methodsValue, `${cls}: an endpoint of ${wpPath} lacks callback or methods`);
						assert.ok(own.has(callback), `${cls}: callback ${callback} is not a method of the class`);
						assert.ok(permission && own.has(permission), `${cls}: permission_callback ${permission} is not a method`);
						assert.ok(!seen.has(callback), `${cls}: ${callback} registered twice`);
						seen.set(callback, { methods: methodsValue, wpPath, permission });
					}
				}
				assert.deepEqual([...seen.keys()].sort(), resource.routes.map((r) => r.name).sort(), `${cls}: registered callbacks`);
				for (const r of resource.routes) {
					const got = seen.get(r.name)!;
					assert.equal(got.methods, r.methods.join(', '), `${r.name}: methods`);
					if (r.method === 'PUT') assert.equal(got.methods, 'PUT, PATCH, POST', `${r.name}: PUT routes also answer PATCH and POST`);
					else assert.equal(got.methods, r.method, `${r.name}: only its declared method`);
					assert.equal(got.wpPath, r.wpPath, `${r.name}: route pattern`);
					assert.equal(got.permission, `${r.name}_permissions_check`, `${r.name}: permission callback`);
				}
			});

			test(`${cls}: unimplemented callbacks answer not_implemented, implemented ones call the handler`, () => {
				const decl = classIn(path, cls);
				for (const r of resource.routes) {
					const body = method(decl, r.name);
					const notImplemented = thisCalls(body, ['not_implemented']);
					const property = resource.handlers.find((h) => h.routes.includes(r))!.property;
					const handlerCalls = thisCalls(body, [property, undefined]);
					if (r.implemented) {
						assert.equal(notImplemented.length, 0, `${r.name} is implemented but calls not_implemented`);
						assert.equal(handlerCalls.length, 1, `${r.name} should call the handler once`);
						const offset = (handlerCalls[0]!.what as PhpNode).offset as PhpNode;
						assert.equal(offset.name, r.name, `${r.name} calls $this->${property}->${String(offset.name)}`);
					} else {
						assert.equal(handlerCalls.length, 0, `${r.name} is not implemented but calls the handler`);
						assert.equal(notImplemented.length, 1, `${r.name} should call not_implemented once`);
						assert.equal(stringValue((notImplemented[0]!.arguments as PhpNode[])[0]), r.name);
					}
				}
			});

			test(`${cls}: every write route counts its rate limit before anything else, with its per-member and per-address figures`, () => {
				const decl = classIn(path, cls);
				for (const r of resource.routes) {
					const body = method(decl, r.name);
					const calls = thisCalls(body, ['check_rate_limit']);
					if (!r.rateLimit) {
						assert.equal(calls.length, 0, `${r.name} declares no limit but counts one`);
						assert.ok(r.method === 'GET' || r.rateLimitOff, `${r.name}: a write route without a limit must say why`);
						continue;
					}
					assert.equal(calls.length, 1, `${r.name} should count its limit once`);
					const first = (body.body as PhpNode).children as PhpNode[];
					assert.ok(JSON.stringify(first[0]).includes('check_rate_limit'), `${r.name}: the limit is counted first`);
					const args = (calls[0]!.arguments as PhpNode[]).map((a) => (a.kind === 'number' ? Number(a.value) : stringValue(a)));
					const expected = r.rateLimit.perAddress ? [r.name, r.rateLimit.perMinute, r.rateLimit.perAddress] : [r.name, r.rateLimit.perMinute];
					assert.deepEqual(args, expected, `${r.name}: check_rate_limit arguments`);
					if (r.method !== 'GET') assert.ok(r.rateLimit.perAddress >= r.rateLimit.perMinute, `${r.name}: a write route counts per address too`);
				}
			});

			test(`${cls}: handlers and owners are injected exactly when used`, () => {
				const decl = classIn(path, cls);
				const ctor = method(decl, '__construct');
				const params = (ctor.arguments as PhpNode[]).map((a) => nameOf(a));
				const owners = resource.routes.some((r) => r.auth.kind === 'owner');
				for (const h of resource.handlers) {
					assert.equal(params.includes(h.property), h.routes.some((r) => r.implemented), `${cls}: ${h.property} parameter`);
				}
				assert.equal(params.includes('owners'), owners, `${cls}: owners parameter`);
			});
		}
	}
});

describe('generated PHP: handler interfaces', () => {
	for (const plugin of model.plugins) {
		for (const handler of plugin.resources.flatMap((r) => r.handlers)) {
			const iface = names.handler(plugin, handler.name);
			const path = fileOf(plugin, 'interface', iface);
			const implemented = handler.routes.filter((r) => r.implemented).map((r) => r.name);
			test(`${iface}: lists exactly the implemented routes${implemented.length ? '' : ' (none, so no interface)'}`, () => {
				if (implemented.length === 0) {
					assert.ok(!files.has(path), `${path} exists although ${handler.name} has no implemented route`);
					return;
				}
				const decl = classIn(path, iface, 'interface');
				assert.deepEqual(methodNames(decl), implemented);
			});
		}
	}

	test('the owner rules hold one method per implemented owner-checked route, with its capabilities', () => {
		for (const plugin of model.plugins) {
			const routes = plugin.routes.filter((r) => r.implemented && r.auth.kind === 'owner');
			const cls = names.ownerRules(plugin);
			if (routes.length === 0) {
				assert.ok(!files.has(fileOf(plugin, 'class', cls)), `${cls} without owner-checked routes`);
				continue;
			}
			const code = files.get(fileOf(plugin, 'class', cls))!;
			const methods = [...code.matchAll(/public static function ([a-z_]+)\( int \$owner_id, int \$user_id \): bool \{/g)].map((m) => m[1]);
			assert.deepEqual(methods, routes.map((r) => r.name));
			for (const route of routes) {
				const rule = route.auth as { own?: string; others?: string };
				const body = code.slice(code.indexOf(`function ${route.name}(`)).split('\n\t}')[0]!;
				if (rule.others) assert.match(body, new RegExp(`user_can\\( self::user\\( \\$user_id \\), '${rule.others}' \\)`), route.name);
				if (rule.own) assert.match(body, new RegExp(`\\$owner_id === \\$user_id && user_can\\( self::user\\( \\$user_id \\), '${rule.own}' \\)`), route.name);
			}
			// user_can() is asked about the current user's own WP_User (not rebuilt per
			// call), and about the id for anyone else.
			const usesCapabilities = routes.some((r) => {
				const rule = r.auth as { own?: string; others?: string };
				return Boolean(rule.own || rule.others);
			});
			if (usesCapabilities) assert.match(code, /private static function user\( int \$user_id \) \{\n\t\treturn get_current_user_id\(\) === \$user_id \? wp_get_current_user\(\) : \$user_id;\n\t\}/);
		}
	});

	test('the routes class map constructs each implemented resource with its service', () => {
		for (const plugin of model.plugins) {
			const cls = names.routes(plugin);
			const decl = classIn(fileOf(plugin, 'class', cls), cls);
			const news = [...walk(method(decl, 'controllers'))].filter((n) => n.kind === 'new').map((n) => nameOf(n.what as PhpNode));
			for (const r of plugin.resources) {
				assert.ok(news.includes(names.controller(plugin, r.name)), `${cls} does not build ${r.name}`);
				for (const h of r.handlers) if (h.routes.some((x) => x.implemented)) assert.ok(news.includes(h.service), `${cls} does not build ${h.service}`);
			}
		}
	});
});

describe('generated PHP: migrations', () => {
	for (const plugin of model.plugins) {
		const cls = names.schema(plugin);
		const path = fileOf(plugin, 'class', cls);

		test(`${cls}: one dbDelta-shaped CREATE TABLE per declared table`, () => {
			const code = files.get(path)!;
			// Statements, not prose: the docblock mentions CREATE TABLE too.
			assert.equal(code.match(/'CREATE TABLE /g)?.length ?? 0, plugin.tables.length, 'CREATE TABLE statement count');
			const decl = classIn(path, cls);
			const ret = [...walk(method(decl, 'statements'))].find((n) => n.kind === 'return')!;
			const { keyed, list } = arrayEntries(ret.expr as PhpNode);
			assert.equal(list.length, 0, 'statements are keyed by table name');
			assert.deepEqual([...keyed.keys()], plugin.tables.map((t) => t.name));
			for (const table of plugin.tables) {
				const sql = concatText(keyed.get(table.name)!);
				assert.ok(sql.startsWith(`CREATE TABLE {expr}${table.name} (\n`), `${table.name}: ${sql.slice(0, 60)}`);
				assert.equal(sql.split('PRIMARY KEY  (').length - 1, 1, `${table.name}: needs exactly one "PRIMARY KEY  (" (two spaces)`);
				assert.ok(sql.includes(`PRIMARY KEY  (${table.primaryKey.join(',')})`), `${table.name}: primary key columns`);
				assert.doesNotMatch(sql, /\bINDEX\b/i, `${table.name}: dbDelta wants KEY, not INDEX`);
				for (const column of Object.keys(table.columns)) {
					assert.match(sql, new RegExp(`^  ${column} [a-z]`, 'm'), `${table.name}: column ${column} on its own line`);
				}
				for (const idx of table.indexes ?? []) {
					const kw = idx.unique ? 'UNIQUE KEY' : 'KEY';
					assert.ok(sql.includes(`  ${kw} ${idx.name} (${idx.columns.join(',')})`), `${table.name}: ${kw} ${idx.name}`);
				}
			}
		});
	}
});

describe('generated PHP: the schema version is derived from the declared tables', () => {
	const versionIn = (tables = [thingTable()]) => {
		const tiny = buildModel([tinyPlugin({ tables })]);
		const code = emitPhp(tiny, tiny.plugins[0]!).get('plugin-tiny/generated/class-mvs-tiny-schema.php')!;
		const match = /const VERSION = '([0-9a-f]{16})';/.exec(code);
		assert.ok(match, 'MVS_Tiny_Schema::VERSION is not a 16-digit hash');
		return match[1]!;
	};
	const base = versionIn();
	const columns = thingTable().columns;

	test('the emitted VERSION is schemaVersion() of the tables', () => {
		assert.equal(base, schemaVersion([thingTable()]));
	});

	test('any change of shape changes it: a column type, a new column, a default, a key, a new table', () => {
		const changes = {
			'title widened': [thingTable({ columns: { ...columns, title: col.varchar(200) } })],
			'column added': [thingTable({ columns: { ...columns, views: col.uint() } })],
			'default changed': [thingTable({ columns: { ...columns, owner_id: personal(col.bigint(1), erase.rows('Things of the member go.')) } })],
			'key added': [thingTable({ indexes: [...(thingTable().indexes ?? []), key('created', 'created_at')] })],
			'table added': [thingTable(), thingTable({ name: 'mvs_other_things' })],
		};
		const seen = new Set([base]);
		for (const [what, tables] of Object.entries(changes)) {
			const version = versionIn(tables);
			assert.ok(!seen.has(version), `${what}: the schema version did not change (${version})`);
			seen.add(version);
		}
	});

	test('prose and declaration order do not change it (no needless migration)', () => {
		assert.equal(versionIn([thingTable({ summary: 'Reworded.' })]), base);
		const other = thingTable({ name: 'mvs_other_things' });
		assert.equal(versionIn([thingTable(), other]), versionIn([other, thingTable()]));
	});

	test('migrate() runs dbDelta whenever the stored version differs, not only when it is lower', () => {
		const tiny = buildModel([tinyPlugin()]);
		const code = emitPhp(tiny, tiny.plugins[0]!).get('plugin-tiny/generated/class-mvs-tiny-schema.php')!;
		assert.match(code, /if \( self::VERSION === \$installed \) \{\n\t\t\treturn false;/);
	});
});

describe('generated PHP: ownership lookups scoped to a parent', () => {
	const scoped = () =>
		withRoutes(
			route({
				name: 'update_thing_comment',
				method: 'PUT',
				path: '/things/{id}/comments/{comment_id}',
				params: { id: t.id(), comment_id: t.id() },
				auth: auth.owner('comment_author', { param: 'comment_id', within: 'id', others: 'moderate_mvs_media' }),
			}),
		);

	test('the permission check passes the parent from the path, and the lookup takes it', () => {
		const tiny = buildModel([scoped()]);
		const out = emitPhp(tiny, tiny.plugins[0]!);
		const controller = out.get('plugin-tiny/generated/class-mvs-tiny-rest-things-controller.php')!;
		assert.match(controller, /\$this->owners->is_comment_author\( \(int\) \$request\['comment_id'\], \(int\) \$request\['id'\], get_current_user_id\(\) \)/);
		const lookups = [...out.entries()].find(([path]) => path.includes('owner-lookups'))![1];
		parsePhp(lookups, 'tiny lookups');
		assert.match(lookups, /public function is_comment_author\( int \$id, int \$media_id, int \$user_id \): \?bool;/);
		assert.match(lookups, /public function is_media_owner\( int \$id, int \$user_id \): \?bool;/);
	});

	test('the real comment routes check the comment against item {id}', () => {
		for (const name of ['update_media_comment', 'delete_media_comment']) {
			const found = model.plugins.flatMap((p) => p.routes).find((r) => r.name === name)!;
			assert.deepEqual(found.auth.kind === 'owner' && [found.auth.lookup, found.auth.param, found.auth.within], ['comment_author', 'comment_id', 'id'], name);
		}
	});

	test('a scoped lookup without its parent, or an unscoped one with a parent, is refused', () => {
		const missing = withRoutes(
			route({
				name: 'delete_thing_comment',
				method: 'DELETE',
				path: '/things/{id}/comments/{comment_id}',
				params: { id: t.id(), comment_id: t.id() },
				auth: auth.owner('comment_author', { param: 'comment_id' }),
			}),
		);
		assert.throws(() => buildModel([missing]), /owner lookup comment_author is scoped to a parent/);
		const extra = withRoutes(
			route({
				name: 'delete_thing_item',
				method: 'DELETE',
				path: '/things/{id}/items/{media_id}',
				params: { id: t.id(), media_id: t.id() },
				auth: auth.owner('media_owner', { param: 'media_id', within: 'id' }),
			}),
		);
		assert.throws(() => buildModel([extra]), /owner lookup media_owner has no parent/);
	});
});

describe('generated PHP: the tiny fixture plugin', () => {
	test('a requiredOr field is checked in the callback with its own code, not by WordPress as required', () => {
		const spec = withRoutes(
			route({ name: 'tag_widgets', method: 'POST', path: '/widgets/tag', body: { ids: t.ids().requiredOr('mvs_duplicate') }, errors: ['mvs_duplicate'], implemented: true }),
		);
		const tiny = buildModel([spec]);
		const controller = emitPhp(tiny, tiny.plugins[0]!).get('plugin-tiny/generated/class-mvs-tiny-rest-things-controller.php')!;
		parsePhp(controller, 'tiny controller');
		const start = controller.indexOf("'ids' => array(");
		assert.ok(start > 0, 'ids argument registered');
		const args = controller.slice(start, controller.indexOf("'sanitize_callback'", start));
		assert.match(args, /'validate_callback'/);
		assert.doesNotMatch(args, /'required'/);
		assert.match(controller, /\$missing = \$this->require_present\( \$request, 'ids', 'mvs_duplicate' \);\n\t\tif \( is_wp_error\( \$missing \) \) \{\n\t\t\treturn \$missing;/);
	});

	test('every file parses and the controller registers PUT as PUT, PATCH, POST', () => {
		const tiny = buildModel([tinyPlugin()]);
		const out = emitPhp(tiny, tiny.plugins[0]!);
		assert.ok(out.size > 0);
		for (const [path, code] of out) {
			parsePhp(code, path);
			assert.ok(code.startsWith('<?php') && code.includes('GENERATED FILE, DO NOT EDIT'), path);
		}
		const controller = out.get('plugin-tiny/generated/class-mvs-tiny-rest-things-controller.php');
		assert.ok(controller, [...out.keys()].join(', '));
		assert.match(controller, /'methods' +=> 'PUT, PATCH, POST'/);
		assert.match(controller, /\$this->require_when\( \$request, 'size', 'kind', 'large' \)/);
		assert.match(controller, /\$this->require_file\( \$request, 'file' \)/);
	});
});

describe('generated PHP: typed arguments (resources with typedArgs)', () => {
	const tiny = buildModel([tinyPlugin({ resources: [{ ...thingResource(), typedArgs: true }] })]);
	const out = emitPhp(tiny, tiny.plugins[0]!);
	const dir = 'plugin-tiny/generated';

	test('one MVS_<Route>_Args per implemented route, a documented property per argument, typed casts', () => {
		const code = out.get(`${dir}/class-mvs-tiny-create-thing-args.php`);
		assert.ok(code, [...out.keys()].join(', '));
		const decl = declarations(parsePhp(code, 'args'), 'class').get('MVS_Tiny_Create_Thing_Args')!;
		const props = [...walk(decl)].filter((n) => n.kind === 'property').map((n) => nameOf(n));
		assert.deepEqual(props, ['title', 'kind', 'size']);
		assert.match(code, /@var string\n\t \*\/\n\tpublic \$title;/, 'required: never null');
		assert.match(code, /@var int\|null\n\t \*\/\n\tpublic \$size;/, 'optional without default: null when absent');
		assert.match(code, /\$args->size  = null === \$request\['size'\] \? null : \(int\) \$request\['size'\];/);
		assert.deepEqual(methodNames(decl), ['from_request', '__get', '__set']);
		assert.ok(!out.has(`${dir}/class-mvs-tiny-get-thing-args.php`), 'get_thing is not implemented: no arguments class');
	});

	test('the upload, declared headers and HEAD are properties too, and are what the handler may read', () => {
		const serve = route({
			name: 'serve_thing',
			method: 'GET',
			path: '/things/{id}/raw',
			params: { id: t.id() },
			headers: { range: 'One byte range.', if_none_match: 'ETags of a cached copy.' },
			headAware: true,
			implemented: true,
		});
		const upload = route({ name: 'attach_thing', method: 'POST', path: '/things/{id}/attach', params: { id: t.id() }, multipart: { file: t.file('image/*').required() }, implemented: true });
		const model = buildModel([tinyPlugin({ resources: [{ ...thingResource([serve, upload]), typedArgs: true }] })]);
		const files = emitPhp(model, model.plugins[0]!);
		const routes = new Map(model.plugins[0]!.routes.map((r) => [r.name, r]));
		assert.deepEqual(argumentNames(routes.get('serve_thing')!), ['id', 'range', 'if_none_match', 'head']);
		assert.deepEqual(argumentNames(routes.get('attach_thing')!), ['id', 'file']);

		const served = files.get(`${dir}/class-mvs-tiny-serve-thing-args.php`)!;
		parsePhp(served, 'serve args');
		assert.match(served, /\$args->if_none_match = \$request->get_header\( 'if_none_match' \);/);
		assert.match(served, /\$args->head          = 'HEAD' === \$request->get_method\(\);/);
		assert.match(served, /ETags of a cached copy\. The If-None-Match header as sent, null when absent;\s/);
		const attached = files.get(`${dir}/class-mvs-tiny-attach-thing-args.php`)!;
		assert.match(attached, /public static function from_request\( WP_REST_Request \$request, array \$file \): self \{/);
		assert.match(attached, /\$args->file = \$file;/);
		const controller = files.get(`${dir}/class-mvs-tiny-rest-things-controller.php`)!;
		assert.match(controller, /\$file = \$this->require_file\( \$request, 'file' \);/);
		assert.match(controller, /\$this->handler->attach_thing\( MVS_Tiny_Attach_Thing_Args::from_request\( \$request, \$file \) \)/);
		const iface = files.get(`${dir}/interface-mvs-tiny-things-handler.php`)!;
		assert.match(iface, /public function attach_thing\( MVS_Tiny_Attach_Thing_Args \$args \);/, 'the upload travels inside the arguments');
	});

	test('arrays say what they hold; a route without arguments still gets its (empty) class', () => {
		const extra = [
			route({ name: 'sort_things', method: 'PUT', path: '/things/sort', body: { order: t.ids().required(), meta: t.json() }, implemented: true }),
			route({ name: 'count_things', method: 'GET', path: '/things/count', implemented: true }),
		];
		const typed = buildModel([tinyPlugin({ resources: [{ ...thingResource(extra), typedArgs: true }] })]);
		const emitted = emitPhp(typed, typed.plugins[0]!);
		const sort = emitted.get(`${dir}/class-mvs-tiny-sort-things-args.php`)!;
		assert.match(sort, /@var int\[\]\n\t \*\/\n\tpublic \$order;/);
		assert.match(sort, /@var array<string, mixed>\|null\n\t \*\/\n\tpublic \$meta;/);
		const count = emitted.get(`${dir}/class-mvs-tiny-count-things-args.php`)!;
		const decl = declarations(parsePhp(count, 'args'), 'class').get('MVS_Tiny_Count_Things_Args')!;
		assert.deepEqual([...walk(decl)].filter((n) => n.kind === 'property'), []);
		assert.match(count, /from_request\( WP_REST_Request \$request \): self \{\n\t\treturn new self\(\);\n\t\}/);
		assert.match(count, /The route takes no arguments/);
	});

	test('the handler interface takes the arguments object, and the controller builds it from the request', () => {
		const iface = out.get(`${dir}/interface-mvs-tiny-things-handler.php`)!;
		assert.match(iface, /public function create_thing\( MVS_Tiny_Create_Thing_Args \$args \);/);
		const controller = out.get(`${dir}/class-mvs-tiny-rest-things-controller.php`)!;
		assert.match(controller, /\$this->handler->create_thing\( MVS_Tiny_Create_Thing_Args::from_request\( \$request \) \)/);
	});
});

describe('generated PHP: the erasure plan carries what the personal-data export reads', () => {
	test('each user column: export flag (off for notExported), translated table label, primary key, exported columns (not keep ones)', () => {
		const columns = {
			...thingTable().columns,
			blocked_id: col.userId(notExported(erase.rows('Blocks of them.'))),
			viewer: personal(col.char(64), erase.keep('A salted hash.')),
		};
		const plugin = buildModel([tinyPlugin({ tables: [thingTable({ columns })] })]).plugins[0]!;
		const code = emitPersonalDataPlan(plugin)!.code;
		// One entry: from its column to the next entry's table (or the plan's end).
		const entry = (column: string) => {
			const start = code.indexOf(`'column' => '${column}'`);
			const next = code.indexOf("'table'", start);
			return code.slice(start, next === -1 ? undefined : next);
		};
		assert.match(entry('owner_id'), /'export' => true,/);
		// A column left out of the export carries the erasure's fields only.
		assert.match(entry('blocked_id'), /'export' => false,/);
		assert.doesNotMatch(entry('blocked_id'), /'label'|'key'|'fields'/);
		assert.match(entry('owner_id'), new RegExp(`'label'\\s+=> __\\( 'Things', '${plugin.textDomain}' \\)`));
		assert.match(entry('owner_id'), /'key'\s+=> array\( 'id' \)/);
		assert.match(entry('owner_id'), /'fields' => array\( 'id', 'owner_id', 'title', 'created_at', 'blocked_id'/);
		assert.doesNotMatch(entry('owner_id'), /'viewer'/);
	});
});
