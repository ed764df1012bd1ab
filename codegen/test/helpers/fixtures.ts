/**
 * A tiny, valid plugin declared with the DSL, and ways to break it one
 * rule at a time. Every builder returns fresh objects, so tests never share
 * state.
 */
import {
	auth,
	col,
	erase,
	key,
	resource,
	schema,
	t,
	table,
	unique,
	type PluginSpec,
	type ResourceSpec,
	type RouteSpec,
	type TableSpec,
} from '../../src/dsl/index.js';

export function thingRoutes(): RouteSpec[] {
	return [
		{
			name: 'list_things',
			method: 'GET',
			path: '/things',
			summary: 'List things.',
			auth: auth.public(),
			query: { kind: t.enum('small', 'large').describe('Only things of this kind.') },
			paginate: { perPage: 10, max: 50, totalHeader: true, envelope: true },
			response: { schema: 'list:Thing' },
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'create_thing',
			method: 'POST',
			path: '/things',
			summary: 'Create a thing.',
			auth: auth.cap('upload_mvs_media'),
			body: {
				title: t.string().max(100).required(),
				kind: t.enum('small', 'large').default('small'),
				size: t.int().range(1, 10).requiredWhen('kind', 'large'),
			},
			response: { status: 201, schema: 'Thing', location: '/things/{id}' },
			errors: ['mvs_duplicate'],
			rateLimit: 10,
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'get_thing',
			method: 'GET',
			path: '/things/{id}',
			summary: 'Read a thing.',
			auth: auth.publicWithPrivacy(),
			params: { id: t.id() },
			response: { schema: 'Thing' },
			errors: ['mvs_not_found'],
			since: '1.0.0',
		},
		{
			name: 'update_thing',
			method: 'PUT',
			path: '/things/{id}',
			summary: 'Edit a thing.',
			auth: auth.owner('media_owner', { own: 'edit_mvs_medias', others: 'edit_others_mvs_medias' }),
			params: { id: t.id() },
			body: { title: t.string().max(100) },
			response: { schema: 'Thing' },
			since: '1.1.0',
		},
		{
			name: 'upload_thing_file',
			method: 'POST',
			path: '/things/{id}/file',
			summary: 'Attach a file.',
			auth: auth.user(),
			params: { id: t.id() },
			multipart: { file: t.file('image'), caption: t.string() },
			since: '1.1.0',
		},
	];
}

export function thingResource(extraRoutes: readonly RouteSpec[] = []): ResourceSpec {
	return resource({
		name: 'things',
		summary: 'Things.',
		service: 'MVS_Thing_Service',
		schema: 'Thing',
		typedArgs: true,
		routes: [...thingRoutes(), ...extraRoutes],
	});
}

export function thingTable(patch: Partial<TableSpec> = {}): TableSpec {
	return table({
		name: 'mvs_things',
		summary: 'Things.',
		columns: {
			id: col.id(),
			owner_id: col.userId(erase.rows('Things of the member go.')),
			title: col.varchar(100),
			created_at: col.datetime(),
		},
		primaryKey: ['id'],
		indexes: [key('owner_id', 'owner_id'), unique('title', 'title(50)')],
		since: 1,
		...patch,
	});
}

export function tinyPlugin(patch: Partial<PluginSpec> = {}): PluginSpec {
	return {
		id: 'tiny',
		title: 'Tiny',
		dir: 'plugin-tiny',
		sources: ['codegen/test/helpers/fixtures.ts'],
		namespace: 'tiny/v1',
		gated: false,
		textDomain: 'tiny',
		resources: [thingResource()],
		tables: [thingTable()],
		schemas: [
			schema('Thing', 'A thing.', {
				id: t.int().required(),
				title: t.string().required(),
				kind: t.enum('small', 'large'),
				parent: t.ref('Thing').nullable(),
			}),
		],
		errors: [
			{ code: 'mvs_not_found', status: 404, meaning: 'Not found.' },
			{ code: 'mvs_duplicate', status: 409, meaning: 'Already exists.' },
		],
		roles: [{ role: 'editor', caps: ['upload_mvs_media', 'edit_mvs_medias'] }],
		...patch,
	};
}

/** The tiny plugin with extra routes on its resource. */
export function withRoutes(...routes: RouteSpec[]): PluginSpec {
	return tinyPlugin({ resources: [thingResource(routes)] });
}

/** A minimal extra route; override what a test needs. */
export function route(patch: Partial<RouteSpec> & Pick<RouteSpec, 'name' | 'method' | 'path'>): RouteSpec {
	return { summary: 'A test route.', auth: auth.user(), since: '1.0.0', ...patch };
}
