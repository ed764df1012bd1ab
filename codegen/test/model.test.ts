/**
 * The model builder accepts a valid plugin and refuses, with a message that
 * says where and what, every declaration an emitter would have to guess at.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ADDRESS_FACTOR, auth, col, erase, key, personal, resource, t, WRITE_RATE_LIMIT, type Capability, type PluginSpec, type RouteSpec } from '../src/dsl/index.js';
import { buildModel, ModelError } from '../src/model/build.js';
import { route, thingResource, thingTable, tinyPlugin, withRoutes } from './helpers/fixtures.js';

/** Asserts that building throws a ModelError whose message matches every pattern. */
function assertModelError(spec: PluginSpec, ...patterns: RegExp[]): void {
	assert.throws(
		() => buildModel([spec]),
		(error: unknown) => {
			assert.ok(error instanceof ModelError, `expected a ModelError, got ${String(error)}`);
			assert.equal(error.name, 'ModelError');
			for (const p of patterns) assert.match(error.message, p);
			return true;
		},
	);
}

describe('model builder: a valid tiny plugin', () => {
	const model = buildModel([tinyPlugin()]);
	const plugin = model.plugins[0]!;
	const byName = new Map(plugin.routes.map((r) => [r.name, r]));

	test('builds every route of every resource, in declaration order', () => {
		assert.equal(model.plugins.length, 1);
		assert.deepEqual(
			plugin.routes.map((r) => r.name),
			['list_things', 'create_thing', 'get_thing', 'update_thing', 'upload_thing_file'],
		);
		assert.deepEqual(
			plugin.resources.map((r) => r.name),
			['things'],
		);
		assert.equal(plugin.namespace, 'tiny/v1');
		for (const r of plugin.routes) assert.equal(r.namespace, 'tiny/v1');
		assert.deepEqual(
			model.errors.map((e) => e.code),
			['mvs_not_found', 'mvs_duplicate'],
		);
	});

	test('PUT answers PUT, PATCH and POST; other methods only themselves', () => {
		assert.deepEqual(byName.get('update_thing')!.methods, ['PUT', 'PATCH', 'POST']);
		assert.deepEqual(byName.get('create_thing')!.methods, ['POST']);
		assert.deepEqual(byName.get('get_thing')!.methods, ['GET']);
	});

	test('path placeholders become WordPress patterns and required integer args', () => {
		const get = byName.get('get_thing')!;
		assert.equal(get.wpPath, '/things/(?P<id>[\\d]+)');
		const id = get.args.find((a) => a.name === 'id')!;
		assert.equal(id.location, 'path');
		assert.equal(id.spec.required, true);
		assert.equal(id.spec.type, 'integer');
	});

	test('pagination adds page and per_page with the declared bounds', () => {
		const list = byName.get('list_things')!;
		const page = list.args.find((a) => a.name === 'page')!;
		const perPage = list.args.find((a) => a.name === 'per_page')!;
		assert.equal(page.pagination, 'page');
		assert.equal(page.spec.default, 1);
		assert.equal(perPage.pagination, 'per_page');
		assert.equal(perPage.spec.default, 10);
		assert.equal(perPage.spec.maximum, 50);
		assert.equal(perPage.spec.minimum, 1);
		assert.deepEqual(list.paginate, {
			perPage: 10,
			max: 50,
			min: 1,
			param: 'per_page',
			paged: true,
			totalHeader: true,
			envelope: true,
		});
	});

	test('defaults are made explicit: status 200, implemented false, no errors', () => {
		const get = byName.get('get_thing')!;
		assert.equal(get.response.status, 200);
		assert.equal(get.implemented, false);
		assert.equal(byName.get('upload_thing_file')!.errors.length, 0);
		assert.equal(byName.get('create_thing')!.response.status, 201);
		assert.equal(byName.get('create_thing')!.implemented, true);
	});

	test('the multipart file is singled out and owner lookups are collected', () => {
		const upload = byName.get('upload_thing_file')!;
		assert.equal(upload.file?.name, 'file');
		assert.equal(upload.file?.location, 'multipart');
		assert.deepEqual(plugin.ownerLookups, ['media_owner']);
	});

	test('the same specs build the same model twice', () => {
		assert.deepEqual(buildModel([tinyPlugin()]), buildModel([tinyPlugin()]));
	});
});

describe('model builder: refuses invalid declarations with a helpful ModelError', () => {
	test('untyped path placeholder', () => {
		assertModelError(
			withRoutes(route({ name: 'get_widget', method: 'GET', path: '/widgets/{widget_id}' })),
			/route get_widget \(GET \/widgets\/\{widget_id\}\)/,
			/path parameter \{widget_id\} is not typed/,
		);
	});

	test('typed param not in the path', () => {
		assertModelError(
			withRoutes(route({ name: 'get_widget', method: 'GET', path: '/widgets', params: { id: t.id() } })),
			/route get_widget/,
			/params\.id is not in the path/,
		);
	});

	test('duplicate route name, within a resource and across resources', () => {
		assertModelError(
			withRoutes(route({ name: 'get_thing', method: 'GET', path: '/other-things' })),
			/route get_thing/,
			/name used twice/,
		);
		assertModelError(
			tinyPlugin({
				resources: [
					thingResource(),
					{ name: 'widgets', summary: 'Widgets.', routes: [route({ name: 'list_things', method: 'GET', path: '/widgets' })] },
				],
			}),
			/route list_things/,
			/name used twice/,
		);
	});

	test('route groups: each names its service, two at least, no group takes a resource\'s handler name', () => {
		const [list, get] = thingResource().routes.slice(0, 2) as [RouteSpec, RouteSpec];
		const grouped = (groups: { name: string; service: string; routes: RouteSpec[] }[]) =>
			tinyPlugin({ resources: [resource({ name: 'things', summary: 'Things.', typedArgs: true, groups: groups.map((g) => ({ summary: 'Some things.', ...g })) })] });
		const model = buildModel([
			grouped([
				{ name: 'thing_reads', service: 'MVS_Thing_Reads', routes: [list] },
				{ name: 'thing_writes', service: 'MVS_Thing_Writes', routes: [get] },
			]),
		]);
		const handlers = model.plugins[0]!.resources[0]!.handlers;
		assert.deepEqual(
			handlers.map((h) => [h.name, h.service, h.property, h.routes.map((r) => r.name)]),
			[
				['thing_reads', 'MVS_Thing_Reads', 'thing_reads', [list.name]],
				['thing_writes', 'MVS_Thing_Writes', 'thing_writes', [get.name]],
			],
		);
		assertModelError(grouped([{ name: 'thing_reads', service: 'MVS_Thing_Reads', routes: [list, get] }]), /resource things/, /single route group/);
		assertModelError(
			grouped([
				{ name: 'thing_reads', service: 'Thing_Reads', routes: [list] },
				{ name: 'thing_writes', service: 'MVS_Thing_Writes', routes: [get] },
			]),
			/route group thing_reads/,
			/MVS_ class/,
		);
		assertModelError(
			grouped([
				{ name: 'things', service: 'MVS_Thing_Reads', routes: [list] },
				{ name: 'things', service: 'MVS_Thing_Writes', routes: [get] },
			]),
			/handler/,
			/things declared twice/,
		);
		// A resource without groups keeps one handler under its own name, held as `handler`.
		const plain = buildModel([tinyPlugin()]).plugins[0]!.resources[0]!.handlers;
		assert.deepEqual(plain.map((h) => [h.name, h.service, h.property]), [['things', 'MVS_Thing_Service', 'handler']]);
	});

	test('unknown capability, in an auth rule and in a role grant', () => {
		assertModelError(
			withRoutes(route({ name: 'brew', method: 'POST', path: '/brew', auth: auth.cap('make_coffee' as Capability) })),
			/route brew/,
			/unknown capability make_coffee/,
		);
		assertModelError(
			withRoutes(
				route({
					name: 'touch_widget',
					method: 'POST',
					path: '/widgets/{id}/touch',
					params: { id: t.id() },
					auth: auth.owner('media_owner', { others: 'edit_everything' as Capability }),
				}),
			),
			/route touch_widget/,
			/unknown capability edit_everything/,
		);
		assertModelError(
			tinyPlugin({ roles: [{ role: 'editor', caps: ['make_coffee' as Capability] }] }),
			/role editor/,
			/unknown capability make_coffee/,
		);
	});

	test('unknown error code', () => {
		assertModelError(
			withRoutes(route({ name: 'brew', method: 'POST', path: '/brew', errors: ['mvs_teapot'] })),
			/route brew/,
			/unknown error code mvs_teapot/,
		);
	});

	test('unknown response schema, plain and list:', () => {
		assertModelError(
			withRoutes(route({ name: 'get_widget', method: 'GET', path: '/widget', response: { schema: 'Widget' } })),
			/route get_widget/,
			/unknown response schema Widget/,
		);
		assertModelError(
			withRoutes(route({ name: 'list_widgets', method: 'GET', path: '/widgets', response: { schema: 'list:Widget' } })),
			/route list_widgets/,
			/unknown response schema Widget/,
		);
	});

	test('PUT alias colliding with a declared POST on the same path', () => {
		// update_thing is PUT /things/{id}, which also answers POST.
		assertModelError(
			withRoutes(route({ name: 'poke_thing', method: 'POST', path: '/things/{id}', params: { id: t.id() } })),
			/POST \/things\/\{id\} is claimed by/,
			/poke_thing/,
			/update_thing/,
		);
		// ...and PATCH too.
		assertModelError(
			withRoutes(route({ name: 'patch_thing', method: 'PATCH', path: '/things/{id}', params: { id: t.id() } })),
			/PATCH \/things\/\{id\} is claimed by/,
			/patch_thing/,
		);
	});

	test('a POST on a path that has no PUT is fine', () => {
		assert.doesNotThrow(() =>
			buildModel([withRoutes(route({ name: 'poke_thing', method: 'POST', path: '/things/{id}/poke', params: { id: t.id() } }))]),
		);
	});

	test('pagination with perPage above max', () => {
		assertModelError(
			withRoutes(
				route({ name: 'list_widgets', method: 'GET', path: '/widgets', paginate: { perPage: 200, max: 100, totalHeader: true } }),
			),
			/route list_widgets/,
			/pagination needs 1 <= min <= perPage <= max/,
		);
	});

	test('requiredWhen naming an unknown field', () => {
		assertModelError(
			withRoutes(
				route({
					name: 'create_widget',
					method: 'POST',
					path: '/widgets',
					body: { kind: t.enum('a', 'b'), size: t.int().requiredWhen('knid', 'b') },
				}),
			),
			/route create_widget/,
			/size\.requiredWhen names unknown field knid/,
		);
	});

	test('requiredOr naming a code the route does not declare, or on a path parameter', () => {
		assertModelError(
			withRoutes(
				route({ name: 'tag_widgets', method: 'POST', path: '/widgets/tag', body: { ids: t.ids().requiredOr('mvs_duplicate') }, errors: ['mvs_not_found'] }),
			),
			/route tag_widgets/,
			/ids\.requiredOr\(mvs_duplicate\): mvs_duplicate is not in the route's errors/,
		);
		assertModelError(
			withRoutes(route({ name: 'poke_widget', method: 'POST', path: '/widgets/{id}/poke', params: { id: t.id().requiredOr('mvs_not_found') }, errors: ['mvs_not_found'] })),
			/route poke_widget/,
			/id\.requiredOr is for query and body fields/,
		);
		assert.doesNotThrow(() =>
			buildModel([withRoutes(route({ name: 'tag_widgets', method: 'POST', path: '/widgets/tag', body: { ids: t.ids().requiredOr('mvs_duplicate') }, errors: ['mvs_duplicate'] }))]),
		);
	});

	test('file field outside multipart (JSON body and query)', () => {
		assertModelError(
			withRoutes(route({ name: 'create_widget', method: 'POST', path: '/widgets', body: { file: t.file('image') } })),
			/route create_widget/,
			/body\.file/,
			/file fields belong to multipart bodies/,
		);
		assertModelError(
			withRoutes(route({ name: 'find_widget', method: 'GET', path: '/widgets', query: { file: t.file() } })),
			/query\.file/,
			/file fields belong to multipart bodies/,
		);
	});

	test('table index on an unknown column', () => {
		assertModelError(
			tinyPlugin({ tables: [thingTable({ indexes: [key('by_colour', 'colour')] })] }),
			/table mvs_things/,
			/index by_colour names unknown column colour/,
		);
	});

	test('auto-increment on a non-PK column, and on a composite PK', () => {
		assertModelError(
			tinyPlugin({
				tables: [thingTable({ columns: { id: col.bigint(), seq: col.id(), title: col.varchar(100) }, indexes: [] })],
			}),
			/table mvs_things/,
			/seq: only a single-column primary key auto-increments/,
		);
		assertModelError(
			tinyPlugin({
				tables: [thingTable({ columns: { id: col.id(), owner_id: col.bigint() }, primaryKey: ['id', 'owner_id'], indexes: [] })],
			}),
			/id: only a single-column primary key auto-increments/,
		);
	});

	test('default not in the enum, in a body and in a response schema', () => {
		assertModelError(
			withRoutes(
				route({
					name: 'list_widgets',
					method: 'GET',
					path: '/widgets',
					query: { sort: t.enum('name', 'date').default('size' as 'name') },
				}),
			),
			/route list_widgets/,
			/query\.sort/,
			/default is not an allowed value/,
		);
		const base = tinyPlugin();
		assertModelError(
			tinyPlugin({
				schemas: [...base.schemas, { name: 'Widget', summary: 'W.', properties: { kind: { type: 'string', enum: ['a'], default: 'b' } } }],
			}),
			/schema Widget/,
			/default is not an allowed value/,
		);
	});

	test('headers and headAware: typed resources only, GET only for HEAD, names clear of the arguments', () => {
		const serve = (patch: Partial<Parameters<typeof route>[0]> = {}) =>
			route({ name: 'serve_thing', method: 'GET', path: '/things/{id}/raw', params: { id: t.id() }, headers: { range: 'Bytes.' }, ...patch });
		const typed = (...routes: ReturnType<typeof route>[]) => tinyPlugin({ resources: [{ ...thingResource(routes), typedArgs: true }] });
		// A resource of routes not built yet may still be untyped.
		const untyped = (r: ReturnType<typeof route>) => tinyPlugin({ resources: [thingResource(), { name: 'raw_things', summary: 'Raw.', routes: [r] }] });
		assertModelError(untyped(serve()), /route serve_thing/, /need typedArgs/);
		assertModelError(untyped(serve({ headers: undefined, headAware: true })), /route serve_thing/, /need typedArgs/);
		assertModelError(typed(serve({ method: 'POST', headAware: true })), /only GET routes answer HEAD/);
		assertModelError(typed(serve({ query: { head: t.bool() }, headAware: true })), /headAware adds the argument head/);
		assertModelError(typed(serve({ query: { range: t.string() } })), /header range has the name of an argument/);
		assertModelError(typed(serve({ headers: { 'If-Range': 'ETag.' } })), /header If-Range must be named as get_header\(\) names it/);
		assertModelError(typed(serve({ headers: { range: '' } })), /header range needs a description/);
		const built = buildModel([typed(serve({ headers: { if_none_match: 'ETags.' }, headAware: true }))]).plugins[0]!.routes.find((r) => r.name === 'serve_thing')!;
		assert.deepEqual(built.headers, [{ name: 'if_none_match', http: 'If-None-Match', description: 'ETags.' }]);
		assert.equal(built.headAware, true);
	});
});

test('model builder: a resource with an implemented route must have typed arguments', () => {
	assertModelError(tinyPlugin({ resources: [{ ...thingResource(), typedArgs: false }] }), /resource things/, /set typedArgs/);
	assert.doesNotThrow(() => buildModel([tinyPlugin({ resources: [thingResource(), { name: 'later', summary: 'Not built yet.', routes: [route({ name: 'later_thing', method: 'GET', path: '/later' })] }] })]));
});

describe('model builder: every user ID and personal-data column says what account erasure does to it', () => {
	const columns = thingTable().columns;
	const withColumns = (extra: Record<string, ReturnType<typeof col.bigint>>) => tinyPlugin({ tables: [thingTable({ columns: { ...columns, ...extra } })] });

	test('an unclassified user ID column is refused, whatever the role in its name', () => {
		for (const name of ['user_id', 'author_id', 'reporter_id', 'blocked_id', 'created_by', 'last_sender_id']) {
			assertModelError(withColumns({ [name]: col.bigint() }), new RegExp(`column ${name}: holds a user ID`));
		}
	});

	test('an unclassified personal-data column is refused', () => {
		assertModelError(withColumns({ content: col.text() as never }), /column content: holds personal data/);
		assertModelError(withColumns({ ip_hash: col.char(64) as never }), /column ip_hash: holds personal data/);
	});

	test('with_row data needs rows that go with the member; user actions need a user ID column; reasons are required', () => {
		const bare = { id: col.id(), title: col.varchar(100), created_at: col.datetime() };
		assertModelError(
			tinyPlugin({ tables: [thingTable({ columns: { ...bare, note: personal(col.text(), erase.withRow('Notes.')) }, indexes: [] })] }),
			/column note: with_row data needs a user column/,
		);
		assertModelError(withColumns({ title: personal(col.varchar(100), erase.rows('Titles.')) }), /column title: delete_rows applies to a user ID column/);
		assertModelError(withColumns({ user_id: col.userId(erase.keep('  ')) }), /column user_id: an erasure needs its reason/);
	});

	test('classified columns build, and nothing else is asked of other columns', () => {
		assert.doesNotThrow(() => buildModel([withColumns({ user_id: col.userId(erase.anonymize('History stays.')), views: col.bigint() })]));
	});
});

describe('model builder: flood control on every write route', () => {
	const one = (spec: Partial<RouteSpec> & Pick<RouteSpec, 'name' | 'method' | 'path'>) => {
		const plugin = buildModel([withRoutes(route(spec))]).plugins[0]!;
		return plugin.routes.find((r) => r.name === spec.name)!;
	};

	test('a write route that declares nothing gets the default write limit, per member and per address', () => {
		for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
			const r = one({ name: 'poke_widget', method, path: '/widgets' });
			assert.deepEqual(r.rateLimit, WRITE_RATE_LIMIT, method);
			assert.equal(r.rateLimitOff, undefined);
		}
	});

	test('a read route that declares nothing is not limited', () => {
		assert.equal(one({ name: 'list_widgets', method: 'GET', path: '/widgets' }).rateLimit, undefined);
	});

	test('a declared figure on a write route gets an address bucket of ADDRESS_FACTOR times it; a read route only when named', () => {
		assert.deepEqual(one({ name: 'poke_widget', method: 'POST', path: '/widgets', rateLimit: 10 }).rateLimit, { perMinute: 10, perAddress: 10 * ADDRESS_FACTOR });
		assert.deepEqual(one({ name: 'poke_widget', method: 'POST', path: '/widgets', rateLimit: { perMinute: 10, perAddress: 12 } }).rateLimit, { perMinute: 10, perAddress: 12 });
		assert.deepEqual(one({ name: 'list_widgets', method: 'GET', path: '/widgets', rateLimit: 120 }).rateLimit, { perMinute: 120, perAddress: 0 });
	});

	test('opting out takes a reason, and only a write route can', () => {
		const off = one({ name: 'poke_widget', method: 'POST', path: '/widgets', rateLimit: { off: 'Counted by the quota instead.' } });
		assert.equal(off.rateLimit, undefined);
		assert.equal(off.rateLimitOff, 'Counted by the quota instead.');
		assertModelError(withRoutes(route({ name: 'poke_widget', method: 'POST', path: '/widgets', rateLimit: { off: '' } })), /rateLimit\.off must say why/);
		assertModelError(withRoutes(route({ name: 'list_widgets', method: 'GET', path: '/widgets', rateLimit: { off: 'A read route needs no opt-out.' } })), /rateLimit\.off is for write routes/);
	});

	test('bad figures are refused', () => {
		for (const rateLimit of [0, -1, 1.5, { perMinute: 0 }, { perMinute: 10, perAddress: 5 }, { perMinute: 10, perAddress: 10.5 }]) {
			assertModelError(withRoutes(route({ name: 'poke_widget', method: 'POST', path: '/widgets', rateLimit })), /rateLimit/);
		}
	});
});
