/**
 * Builds the model from plugin declarations and refuses anything it does not
 * understand: an emitter must never have to guess.
 */
import { CAPABILITIES, SCOPED_LOOKUPS, type AuthRule } from '../dsl/auth.js';
import { FORMATS, SANITIZERS, type FieldSpec } from '../dsl/field.js';
import type { PluginSpec, SchemaSpec } from '../dsl/plugin.js';
import { ADDRESS_FACTOR, WRITE_RATE_LIMIT, type HttpMethod, type ResourceSpec, type RouteSpec } from '../dsl/route.js';
import type { TableSpec } from '../dsl/table.js';
import type { ValueSet } from '../dsl/values.js';
import type { ArgLocation, Model, ModelArg, ModelHandler, ModelHeader, ModelPlugin, ModelResource, ModelRoute } from './model.js';
import { applyExtensionFields } from './extension-fields.js';
import { WORDPRESS_ERRORS } from './route-errors.js';
import { collectValueSets } from './value-sets.js';

export class ModelError extends Error {
	constructor(where: string, message: string) {
		super(`${where}: ${message}`);
		this.name = 'ModelError';
	}
}

const SNAKE = /^[a-z][a-z0-9_]*$/;
/** Column names that hold a user ID: each must say what account erasure does to it. */
export const USER_ID_COLUMN = /^(?:[a-z]+_)?(?:user|author|actor|reporter|follower|followed|blocker|blocked|sender|recipient|owner)_id$|^created_by$/;
/** Column names that hold personal data beside the user ID (text a member wrote, device tokens, hashes of a person). */
export const PERSONAL_COLUMN = /^(?:ip_hash|token|token_hash|content|details|note|viewer|metadata|data|email|bucket)$/;
/** Column names that hold a media item ID: each must say what deleting the item does to it. */
export const MEDIA_ID_COLUMN = /^(?:[a-z]+_)?media_id$/;
const FIELD_TYPES = new Set(['integer', 'number', 'string', 'boolean', 'array', 'object', 'file']);
const SEMVER = /^\d+\.\d+\.\d+$/;

export function buildModel(specs: readonly PluginSpec[]): Model {
	const errors = specs.flatMap((p) => p.errors);
	const errorCodes = new Set<string>();
	for (const e of errors) {
		if (errorCodes.has(e.code)) throw new ModelError(`error ${e.code}`, 'declared twice');
		if (!/^mvs_[a-z_]+$/.test(e.code)) throw new ModelError(`error ${e.code}`, 'codes are mvs_ + snake_case');
		errorCodes.add(e.code);
	}
	// Routes may also declare WordPress's own validation codes when a handler
	// answers them (e.g. per-field validation the JSON schema cannot express).
	const routeCodes = new Set([...errorCodes, ...WORDPRESS_ERRORS.map((e) => e.code)]);
	const valueSets = new Map<string, ValueSet>();
	const plugins = applyExtensionFields(
		specs,
		specs.map((spec) => buildPlugin(spec, routeCodes, valueSets)),
	);
	const namespaces = new Set<string>();
	for (const p of plugins) {
		if (namespaces.has(p.namespace)) throw new ModelError(`plugin ${p.id}`, `namespace ${p.namespace} reused`);
		namespaces.add(p.namespace);
	}
	return { plugins, errors };
}

function buildPlugin(spec: PluginSpec, errorCodes: ReadonlySet<string>, valueSets: Map<string, ValueSet>): ModelPlugin {
	const where = `plugin ${spec.id}`;
	if (!SNAKE.test(spec.id)) throw new ModelError(where, 'id must be snake_case');
	const schemaNames = new Set<string>();
	for (const s of spec.schemas) {
		if (schemaNames.has(s.name)) throw new ModelError(`${where} schema ${s.name}`, 'declared twice');
		schemaNames.add(s.name);
	}
	for (const s of spec.schemas) checkSchema(s, schemaNames, `${where} schema ${s.name}`);

	const names = new Set<string>();
	const resourceNames = new Set<string>();
	const resources = spec.resources.map((r) => {
		if (resourceNames.has(r.name)) throw new ModelError(`${where} resource ${r.name}`, 'declared twice');
		resourceNames.add(r.name);
		return buildResource(r, spec, schemaNames, errorCodes, names);
	});
	const routes = resources.flatMap((r) => r.routes);
	checkMethodCollisions(routes, where);
	// Each handler is an interface MVS_<Name>_Handler: a group may not take a resource's name.
	checkUnique(
		resources.flatMap((r) => r.handlers.map((h) => h.name)),
		`${where} handler`,
	);
	for (const t of spec.tables) checkTable(t, `${where} table ${t.name}`);
	checkUnique(
		spec.tables.map((t) => t.name),
		`${where} tables`,
	);
	for (const grant of spec.roles) {
		for (const cap of grant.caps) {
			if (!CAPABILITIES.includes(cap)) throw new ModelError(`${where} role ${grant.role}`, `unknown capability ${cap}`);
		}
	}
	const ownerLookups = [
		...new Set(routes.flatMap((r) => (r.auth.kind === 'owner' ? [r.auth.lookup] : []))),
	].sort();
	return {
		id: spec.id,
		title: spec.title,
		dir: spec.dir,
		sources: spec.sources,
		namespace: spec.namespace,
		gated: spec.gated,
		textDomain: spec.textDomain,
		resources,
		routes,
		tables: spec.tables,
		schemas: spec.schemas,
		errors: spec.errors,
		roles: spec.roles,
		ownerLookups,
		valueSets: collectValueSets(spec, valueSets),
	};
}

function buildResource(
	r: ResourceSpec,
	plugin: PluginSpec,
	schemas: ReadonlySet<string>,
	errorCodes: ReadonlySet<string>,
	names: Set<string>,
): ModelResource {
	const where = `resource ${r.name}`;
	if (!SNAKE.test(r.name)) throw new ModelError(where, 'name must be snake_case');
	if (r.schema && !schemas.has(r.schema)) throw new ModelError(where, `unknown schema ${r.schema}`);
	if (r.routes.length === 0) throw new ModelError(where, 'has no routes');
	const routes = r.routes.map((route) => {
		if (names.has(route.name)) throw new ModelError(`route ${route.name}`, 'name used twice');
		names.add(route.name);
		return buildRoute(route, r.name, plugin.namespace, schemas, errorCodes);
	});
	const handlers = buildHandlers(r, routes);
	// A handler gets its validated arguments, never the raw request: no new resource can opt out.
	if (routes.some((route) => route.implemented) && !r.typedArgs) {
		throw new ModelError(where, 'has implemented routes: set typedArgs (handlers receive generated MVS_<Route>_Args objects)');
	}
	for (const route of routes) {
		// Headers and HEAD reach a handler only as properties of its typed arguments.
		if (!r.typedArgs && (route.headers.length || route.headAware)) {
			throw new ModelError(`route ${route.name}`, 'headers and headAware need typedArgs on the resource');
		}
	}
	return { name: r.name, summary: r.summary, schema: r.schema, typedArgs: r.typedArgs ?? false, routes, handlers };
}

/** The resource's handlers: one per group, or one named after the resource. */
function buildHandlers(r: ResourceSpec, routes: readonly ModelRoute[]): ModelHandler[] {
	const where = `resource ${r.name}`;
	const byName = new Map(routes.map((route) => [route.name, route]));
	const declared = r.groups
		? r.groups.map((g) => ({ where: `route group ${g.name}`, name: g.name, summary: g.summary, service: g.service, routes: g.routes.map((x) => byName.get(x.name)!) }))
		: [{ where, name: r.name, summary: r.summary, service: r.service, routes }];
	if (r.groups && r.service) throw new ModelError(where, 'has route groups: each group names its service, the resource none');
	if (r.groups && r.groups.length < 2) throw new ModelError(where, 'a single route group: name the service on the resource instead');
	return declared.map((h) => {
		if (!SNAKE.test(h.name)) throw new ModelError(h.where, 'name must be snake_case');
		if (h.routes.length === 0) throw new ModelError(h.where, 'has no routes');
		if (h.routes.some((route) => route.implemented) && !h.service) {
			throw new ModelError(h.where, 'has implemented routes but names no service class');
		}
		if (h.service && !/^MVS_[A-Za-z0-9_]+$/.test(h.service)) throw new ModelError(h.where, 'service must be an MVS_ class');
		return { name: h.name, summary: h.summary, service: h.service, property: r.groups ? h.name : 'handler', routes: h.routes };
	});
}

function buildRoute(
	route: RouteSpec,
	resource: string,
	namespace: string,
	schemas: ReadonlySet<string>,
	errorCodes: ReadonlySet<string>,
): ModelRoute {
	const where = `route ${route.name} (${route.method} ${route.path})`;
	if (!SNAKE.test(route.name)) throw new ModelError(where, 'name must be snake_case');
	if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) {
		throw new ModelError(where, `unknown method ${String(route.method)}`);
	}
	if (!route.path.startsWith('/') || route.path.endsWith('/')) throw new ModelError(where, 'path must start, not end, with /');
	if (!route.summary) throw new ModelError(where, 'needs a summary');
	if (!SEMVER.test(route.since)) throw new ModelError(where, 'since must be a release like 1.2.0');
	if (route.extension !== undefined && !/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(route.extension)) {
		throw new ModelError(where, 'extension must be a kebab-case feature name');
	}
	checkAuth(route.auth, route, where);

	const placeholders = [...route.path.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]!);
	const typed = Object.keys(route.params ?? {});
	for (const p of placeholders) if (!typed.includes(p)) throw new ModelError(where, `path parameter {${p}} is not typed`);
	for (const p of typed) if (!placeholders.includes(p)) throw new ModelError(where, `params.${p} is not in the path`);
	if (/[{}]/.test(route.path.replace(/\{[a-z_]+\}/g, ''))) throw new ModelError(where, 'malformed placeholder');

	const args: ModelArg[] = [];
	const seen = new Set<string>();
	const add = (location: ArgLocation, fields: RouteSpec['params']) => {
		for (const [name, field] of Object.entries(fields ?? {})) {
			if (seen.has(name)) throw new ModelError(where, `argument ${name} declared twice`);
			seen.add(name);
			checkField(field.spec, `${where} ${location}.${name}`, location === 'multipart');
			if (location === 'path' && field.spec.type !== 'integer') {
				throw new ModelError(where, `path parameter ${name} must be an integer`);
			}
			args.push({ name, location, spec: location === 'path' ? { ...field.spec, required: true } : field.spec });
		}
	};
	add('path', route.params);
	add('query', route.query);
	add('body', route.body);
	add('multipart', route.multipart);
	if (route.method === 'GET' && (route.body || route.multipart)) throw new ModelError(where, 'GET routes take no body');
	if (route.body && route.multipart) throw new ModelError(where, 'a route has a JSON body or a multipart body, not both');

	const files = args.filter((a) => a.spec.type === 'file');
	if (files.length > 1) throw new ModelError(where, 'at most one file field');
	for (const a of args) {
		if (a.spec.requiredWhen) {
			const other = args.find((b) => b.name === a.spec.requiredWhen!.field);
			if (!other) throw new ModelError(where, `${a.name}.requiredWhen names unknown field ${a.spec.requiredWhen.field}`);
			if (other.spec.enum && !other.spec.enum.includes(a.spec.requiredWhen.equals)) {
				throw new ModelError(where, `${a.name}.requiredWhen value is not an allowed value of ${other.name}`);
			}
		}
	}

	const headers: ModelHeader[] = [];
	for (const [name, description] of Object.entries(route.headers ?? {})) {
		if (!SNAKE.test(name)) throw new ModelError(where, `header ${name} must be named as get_header() names it (snake_case)`);
		if (seen.has(name)) throw new ModelError(where, `header ${name} has the name of an argument`);
		if (!description) throw new ModelError(where, `header ${name} needs a description`);
		seen.add(name);
		headers.push({ name, http: name.split('_').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('-'), description });
	}
	if (route.headAware && route.method !== 'GET') throw new ModelError(where, 'only GET routes answer HEAD');
	if (route.headAware && seen.has('head')) throw new ModelError(where, 'headAware adds the argument head; do not declare it');

	let paginate: ModelRoute['paginate'];
	if (route.paginate) {
		const p = route.paginate;
		const min = p.min ?? 1;
		const param = p.param ?? 'per_page';
		const paged = p.paged ?? true;
		if (!(min >= 1 && p.perPage >= min && p.max >= p.perPage)) throw new ModelError(where, 'pagination needs 1 <= min <= perPage <= max');
		if (p.totalHeader && !paged) throw new ModelError(where, 'a total header needs page-based pagination');
		if (route.method !== 'GET') throw new ModelError(where, 'only GET routes paginate');
		for (const n of [param, ...(paged ? ['page'] : [])]) {
			if (seen.has(n)) throw new ModelError(where, `${n} is added by paginate; do not declare it`);
		}
		if (paged) {
			args.push({
				name: 'page',
				location: 'query',
				pagination: 'page',
				spec: { type: 'integer', default: 1, minimum: 1, sanitize: 'schema', description: 'Page of the collection.' },
			});
		}
		args.push({
			name: param,
			location: 'query',
			pagination: 'per_page',
			spec: {
				type: 'integer',
				default: p.perPage,
				minimum: min,
				maximum: p.max,
				sanitize: 'schema',
				description: 'Items per page.',
			},
		});
		paginate = { perPage: p.perPage, max: p.max, min, param, paged, totalHeader: p.totalHeader, envelope: p.envelope ?? false };
	}

	const response = { ...route.response, status: route.response?.status ?? 200 };
	if (response.schema) {
		const name = response.schema.replace(/^list:/, '');
		if (!schemas.has(name)) throw new ModelError(where, `unknown response schema ${name}`);
	}
	if (response.location) {
		if (response.status !== 201) throw new ModelError(where, 'a Location header belongs to a 201');
		if (!/^\/[a-z0-9/_-]*\{id\}$/.test(response.location)) throw new ModelError(where, 'location must end in {id}');
	}
	if (paginate?.envelope && !response.schema?.startsWith('list:')) throw new ModelError(where, 'an envelope needs a list: schema');
	for (const code of route.errors ?? []) {
		if (!errorCodes.has(code)) throw new ModelError(where, `unknown error code ${code}`);
	}
	for (const a of args) {
		const code = a.spec.missingError;
		if (code === undefined) continue;
		if (a.location === 'path' || a.location === 'multipart') throw new ModelError(where, `${a.name}.requiredOr is for query and body fields`);
		if (!(route.errors ?? []).includes(code)) throw new ModelError(where, `${a.name}.requiredOr(${code}): ${code} is not in the route's errors`);
	}
	const { rateLimit, rateLimitOff } = resolveRateLimit(route, where);

	const methods: HttpMethod[] = route.method === 'PUT' ? ['PUT', 'PATCH', 'POST'] : [route.method];
	const wpPath = route.path.replace(/\{([a-z_]+)\}/g, '(?P<$1>[\\d]+)');
	return {
		name: route.name,
		resource,
		namespace,
		method: route.method,
		methods,
		path: route.path,
		wpPath,
		summary: route.summary,
		auth: route.auth,
		args,
		file: files[0],
		headers,
		headAware: route.headAware ?? false,
		paginate,
		rateLimit,
		rateLimitOff,
		response,
		errors: route.errors ?? [],
		since: route.since,
		implemented: route.implemented ?? false,
		extension: route.extension,
	};
}

const positive = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0;

/**
 * A route's flood control: a write route without a declaration gets
 * WRITE_RATE_LIMIT, a declared per-member figure on a write route gets an
 * address bucket of ADDRESS_FACTOR times it, a read route counts per address
 * only when it names a figure.
 */
function resolveRateLimit(route: RouteSpec, where: string): Pick<ModelRoute, 'rateLimit' | 'rateLimitOff'> {
	const declared = route.rateLimit;
	const write = route.method !== 'GET';
	if (declared !== undefined && typeof declared === 'object' && 'off' in declared) {
		if (!write) throw new ModelError(where, 'rateLimit.off is for write routes; a read route without a limit declares none');
		if (typeof declared.off !== 'string' || declared.off.trim().length < 10) throw new ModelError(where, 'rateLimit.off must say why the route takes no limit');
		return { rateLimitOff: declared.off.trim() };
	}
	if (declared === undefined) return write ? { rateLimit: { ...WRITE_RATE_LIMIT } } : {};
	const perMinute = typeof declared === 'number' ? declared : declared.perMinute;
	if (!positive(perMinute)) throw new ModelError(where, 'rateLimit is a positive number of requests per minute');
	const perAddress = typeof declared === 'number' ? undefined : declared.perAddress;
	if (perAddress !== undefined && !(positive(perAddress) && perAddress >= perMinute)) {
		throw new ModelError(where, 'rateLimit.perAddress is a whole number of requests a minute, at least perMinute');
	}
	return { rateLimit: { perMinute, perAddress: perAddress ?? (write ? perMinute * ADDRESS_FACTOR : 0) } };
}

function checkAuth(rule: AuthRule, route: RouteSpec, where: string): void {
	switch (rule.kind) {
		case 'public':
		case 'public_privacy':
		case 'authenticated':
			return;
		case 'capability':
			if (rule.anyOf.length === 0) throw new ModelError(where, 'capability rule lists no capability');
			for (const cap of rule.anyOf) if (!CAPABILITIES.includes(cap)) throw new ModelError(where, `unknown capability ${cap}`);
			return;
		case 'owner':
			if (!route.params?.[rule.param]) throw new ModelError(where, `owner rule reads {${rule.param}}, which the path lacks`);
			if (SCOPED_LOOKUPS[rule.lookup] && !rule.within) {
				throw new ModelError(where, `owner lookup ${rule.lookup} is scoped to a parent: name the path parameter holding it (within)`);
			}
			if (!SCOPED_LOOKUPS[rule.lookup] && rule.within) throw new ModelError(where, `owner lookup ${rule.lookup} has no parent (within)`);
			if (rule.within && (rule.within === rule.param || !route.params?.[rule.within])) {
				throw new ModelError(where, `owner rule's parent {${rule.within}} is not another parameter of the path`);
			}
			for (const cap of [rule.own, rule.others]) {
				if (cap && !CAPABILITIES.includes(cap)) throw new ModelError(where, `unknown capability ${cap}`);
			}
			return;
		default:
			throw new ModelError(where, `unknown auth kind ${(rule as { kind: string }).kind}`);
	}
}

function checkField(spec: FieldSpec, where: string, multipart = false): void {
	if (!FIELD_TYPES.has(spec.type)) throw new ModelError(where, `unknown type ${spec.type}`);
	if (spec.type === 'file' && !multipart) throw new ModelError(where, 'file fields belong to multipart bodies');
	if (spec.sanitize && !SANITIZERS.includes(spec.sanitize)) throw new ModelError(where, `unknown sanitizer ${spec.sanitize}`);
	if (spec.format && !FORMATS.includes(spec.format)) throw new ModelError(where, `unknown format ${spec.format}`);
	if (spec.canonical && spec.type !== 'integer') throw new ModelError(where, 'canonical() is for integer fields');
	if (spec.enum && spec.enum.length === 0) throw new ModelError(where, 'empty enum');
	if (spec.minimum !== undefined && spec.maximum !== undefined && spec.minimum > spec.maximum) {
		throw new ModelError(where, 'minimum above maximum');
	}
	if (spec.default !== undefined && spec.enum && !spec.enum.includes(spec.default as never)) {
		throw new ModelError(where, 'default is not an allowed value');
	}
	if (spec.type === 'array' && !spec.items) throw new ModelError(where, 'arrays need an item type');
	if (spec.items) checkField(spec.items, `${where}[]`);
	for (const [name, prop] of Object.entries(spec.properties ?? {})) checkField(prop, `${where}.${name}`);
}

function checkSchema(s: SchemaSpec, names: ReadonlySet<string>, where: string): void {
	for (const [name, prop] of Object.entries(s.properties)) {
		checkField(prop, `${where}.${name}`);
		if (prop.ref && !names.has(prop.ref)) throw new ModelError(where, `unknown schema ${prop.ref}`);
	}
}

function checkMethodCollisions(routes: readonly ModelRoute[], where: string): void {
	const taken = new Map<string, string>();
	for (const r of routes.filter((x) => x.methods.length === 1)) taken.set(`${r.method} ${r.path}`, r.name);
	for (const r of routes) {
		for (const m of r.methods) {
			const key = `${m} ${r.path}`;
			const owner = taken.get(key);
			if (owner && owner !== r.name) throw new ModelError(where, `${key} is claimed by ${owner} and ${r.name}`);
			taken.set(key, r.name);
		}
	}
}

function checkTable(t: TableSpec, where: string): void {
	if (!/^mvs_[a-z_]+$/.test(t.name)) throw new ModelError(where, 'table names are mvs_ + snake_case');
	if (!Number.isInteger(t.since) || t.since < 1) throw new ModelError(where, 'since must be a positive integer');
	const columns = Object.keys(t.columns);
	if (columns.length === 0) throw new ModelError(where, 'no columns');
	for (const c of columns) if (!SNAKE.test(c)) throw new ModelError(where, `column ${c} must be snake_case`);
	for (const c of t.primaryKey) if (!columns.includes(c)) throw new ModelError(where, `primary key column ${c} missing`);
	for (const [name, c] of Object.entries(t.columns)) {
		if (c.autoIncrement && (t.primaryKey.length !== 1 || t.primaryKey[0] !== name)) {
			throw new ModelError(where, `${name}: only a single-column primary key auto-increments`);
		}
	}
	checkErasure(t, where);
	checkMediaRefs(t, where);
	const indexNames = new Set<string>();
	for (const idx of t.indexes ?? []) {
		if (indexNames.has(idx.name)) throw new ModelError(where, `index ${idx.name} declared twice`);
		indexNames.add(idx.name);
		for (const c of idx.columns) {
			const bare = c.replace(/\(\d+\)$/, '');
			if (!columns.includes(bare)) throw new ModelError(where, `index ${idx.name} names unknown column ${c}`);
		}
	}
}

/** Every user ID and personal-data column says what account erasure does to it, coherently. */
function checkErasure(t: TableSpec, where: string): void {
	const entries = Object.entries(t.columns);
	for (const [name, c] of entries) {
		const at = `${where} column ${name}`;
		if (!c.personal) {
			if (USER_ID_COLUMN.test(name)) throw new ModelError(at, 'holds a user ID: declare what account erasure does to it (col.userId(erase.…))');
			if (PERSONAL_COLUMN.test(name)) throw new ModelError(at, 'holds personal data: declare what account erasure does to it (personal(…, erase.…))');
			continue;
		}
		if (!c.personal.reason.trim()) throw new ModelError(at, 'an erasure needs its reason');
		const userAction = c.personal.action !== 'with_row' && c.personal.action !== 'keep';
		if (userAction && !(c.type.sql === 'bigint' && c.type.unsigned)) throw new ModelError(at, `${c.personal.action} applies to a user ID column (unsigned bigint)`);
	}
	const goes = entries.some(([, c]) => c.personal?.action === 'delete_rows' || c.personal?.action === 'content');
	for (const [name, c] of entries) {
		if (c.personal?.action === 'with_row' && !goes) {
			throw new ModelError(`${where} column ${name}`, 'with_row data needs a user column whose rows are deleted (content or delete_rows)');
		}
	}
}

/**
 * Every media item ID column says what deleting the item does to it; the plan
 * deletes or detaches through an index that leads with the column, so that
 * deleting an item never scans a table.
 */
function checkMediaRefs(t: TableSpec, where: string): void {
	const leading = new Set([t.primaryKey[0], ...(t.indexes ?? []).map((i) => i.columns[0])]);
	for (const [name, c] of Object.entries(t.columns)) {
		const at = `${where} column ${name}`;
		if (!c.media) {
			if (MEDIA_ID_COLUMN.test(name)) throw new ModelError(at, 'references a media item: declare what deleting the item does to it (col.mediaId(onMediaDelete.…))');
			continue;
		}
		if (!c.media.reason.trim()) throw new ModelError(at, 'a media reference needs its reason');
		if (!(c.type.sql === 'bigint' && c.type.unsigned)) throw new ModelError(at, 'a media reference is an unsigned bigint');
		if ((c.media.action === 'cascade' || c.media.action === 'detach') && !leading.has(name)) {
			throw new ModelError(at, `${c.media.action} needs an index that starts with the column (deleting an item must not scan the table)`);
		}
	}
}

function checkUnique(values: readonly string[], where: string): void {
	const seen = new Set<string>();
	for (const v of values) {
		if (seen.has(v)) throw new ModelError(where, `${v} declared twice`);
		seen.add(v);
	}
}
