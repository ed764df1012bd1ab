/**
 * The validated, normalised model every emitter reads. The DSL is what
 * authors write; the model is what the DSL means, with every default made
 * explicit (method aliases, pagination parameters, WordPress path regexes).
 */
import type { AuthRule } from '../dsl/auth.js';
import type { FieldSpec } from '../dsl/field.js';
import type { ErrorSpec, RoleGrant, SchemaSpec } from '../dsl/plugin.js';
import type { HttpMethod, Pagination, Response } from '../dsl/route.js';
import type { TableSpec } from '../dsl/table.js';
import type { ValueSet } from '../dsl/values.js';
import type { ModelExtensionField } from './extension-fields.js';

export type ArgLocation = 'path' | 'query' | 'body' | 'multipart';

export interface ModelArg {
	readonly name: string;
	readonly location: ArgLocation;
	readonly spec: FieldSpec;
	/** True for the page/per_page parameters the model added. */
	readonly pagination?: 'page' | 'per_page';
}

/** A request header a handler reads (RouteSpec.headers). */
export interface ModelHeader {
	/** get_header() name and arguments property: `if_none_match`. */
	readonly name: string;
	/** HTTP spelling: `If-None-Match`. */
	readonly http: string;
	readonly description: string;
}

export interface ModelRoute {
	readonly name: string;
	readonly resource: string;
	readonly namespace: string;
	/** Declared method. */
	readonly method: HttpMethod;
	/** Declared method plus aliases (PUT also answers PATCH and POST). */
	readonly methods: readonly HttpMethod[];
	readonly path: string;
	/** WordPress route pattern, e.g. `/media/(?P<id>[\d]+)`. */
	readonly wpPath: string;
	readonly summary: string;
	readonly auth: AuthRule;
	readonly args: readonly ModelArg[];
	readonly file?: ModelArg;
	/** Request headers the handler reads, in declaration order. */
	readonly headers: readonly ModelHeader[];
	/** See RouteSpec.headAware. */
	readonly headAware: boolean;
	readonly paginate?: Required<Pick<Pagination, 'perPage' | 'max' | 'totalHeader'>> & {
		readonly min: number;
		readonly param: string;
		readonly paged: boolean;
		readonly envelope: boolean;
	};
	/** Flood control, resolved: every write route has one unless `rateLimitOff` says why not. */
	readonly rateLimit?: { readonly perMinute: number; readonly perAddress: number };
	/** Why a write route takes no flood control (RouteSpec.rateLimit `{ off }`). */
	readonly rateLimitOff?: string;
	readonly response: Response & { readonly status: number };
	readonly errors: readonly string[];
	readonly since: string;
	readonly implemented: boolean;
	/** Feature needing this non-contract route (see RouteSpec.extension); undefined for contract routes. */
	readonly extension?: string;
}

/** Routes one hand-written class implements: a resource's group, or all its routes. */
export interface ModelHandler {
	/** snake_case: MVS_<Name>_Handler (the resource's own name when it has no groups). */
	readonly name: string;
	/** What the routes do together (the group's summary, or the resource's). */
	readonly summary: string;
	/** The implementing class; undefined while none of the routes is implemented. */
	readonly service?: string;
	/** The controller property holding it: `handler`, or the group's name when there are several. */
	readonly property: string;
	readonly routes: readonly ModelRoute[];
}

export interface ModelResource {
	readonly name: string;
	readonly summary: string;
	readonly schema?: string;
	/** See ResourceSpec.typedArgs. */
	readonly typedArgs: boolean;
	readonly routes: readonly ModelRoute[];
	/** One per route group (ResourceSpec.groups), or one holding every route. */
	readonly handlers: readonly ModelHandler[];
}

export interface ModelPlugin {
	readonly id: string;
	readonly title: string;
	readonly dir: string;
	readonly sources: readonly string[];
	readonly namespace: string;
	readonly gated: boolean;
	readonly textDomain: string;
	readonly resources: readonly ModelResource[];
	readonly routes: readonly ModelRoute[];
	readonly tables: readonly TableSpec[];
	readonly schemas: readonly SchemaSpec[];
	readonly errors: readonly ErrorSpec[];
	readonly roles: readonly RoleGrant[];
	/** Owner lookups the plugin's routes use, sorted. */
	readonly ownerLookups: readonly string[];
	/** Fields the plugin adds to response schemas (set by applyExtensionFields()). */
	readonly extensionFields?: readonly ModelExtensionField[];
	/** Closed value sets of its columns and fields, by name (see dsl/values.ts). */
	readonly valueSets: readonly ValueSet[];
}

export interface Model {
	readonly plugins: readonly ModelPlugin[];
	/** Errors of every plugin (Pro answers with core's codes). */
	readonly errors: readonly ErrorSpec[];
}
