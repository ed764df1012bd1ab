/**
 * Route declarations. A route is data: the model builder validates it and the
 * emitters (PHP controllers, OpenAPI, TypeScript client, e2e manifest) read it.
 */
import type { AuthRule } from './auth.js';
import type { Fields } from './field.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Pagination {
	/** Default page size. */
	readonly perPage: number;
	/** Largest page size; the PHP side passes it through `mvs_rest_pagination_max`. */
	readonly max: number;
	/** Smallest page size; 1 unless the spec says otherwise. */
	readonly min?: number;
	/** Name of the page-size parameter (per_page unless stated). */
	readonly param?: string;
	/** Whether the route reports X-WP-Total / X-WP-TotalPages. */
	readonly totalHeader: boolean;
	/** Whether the route has a `page` parameter (cursor routes such as messages do not). */
	readonly paged?: boolean;
	/** Wrap the items in the list envelope `{items, total, pages}`. */
	readonly envelope?: boolean;
}

export interface RateLimit {
	/** Requests a minute per member, or per client address when anonymous. */
	readonly perMinute: number;
	/**
	 * Requests a minute per client address, members included. Write routes
	 * default to ADDRESS_FACTOR × perMinute; read routes count no address
	 * bucket unless they name one (a second counter on the hottest routes).
	 */
	readonly perAddress?: number;
}

export interface RateLimitOff {
	/** Why this write route takes no flood control (shown in the generated docblock). */
	readonly off: string;
}

/** The limit of a write route that declares none: one write every two seconds, on average, per member. */
export const WRITE_RATE_LIMIT: Required<RateLimit> = { perMinute: 30, perAddress: 150 };

/**
 * A write route's address bucket, as a multiple of its per-member figure:
 * generous, since carrier-grade NAT and offices put many real members
 * behind one address, yet it stops one person rotating accounts.
 */
export const ADDRESS_FACTOR = 5;

export interface Response {
	/** HTTP status of a success. */
	readonly status?: 200 | 201 | 202;
	/** Name of a response schema, or `list:<Schema>` for a list envelope/array. */
	readonly schema?: string;
	/** For 201s: path template of the created resource, for the Location header. */
	readonly location?: string;
	/** Free text for shapes the contract leaves open. */
	readonly note?: string;
	/** The success body is the file's bytes (any media type), not JSON. */
	readonly file?: boolean;
	/**
	 * Response headers the handler sends on a success (HTTP spelling, with
	 * what each means), declared in OpenAPI. Location, the list totals and
	 * the headers of 206/304 follow from `location`, `paginate` and the
	 * request `headers` (Range, If-None-Match) and are not repeated here.
	 */
	readonly headers?: Readonly<Record<string, string>>;
}

export interface RouteSpec {
	/** snake_case name: controller callback, handler method, client operation. */
	readonly name: string;
	readonly method: HttpMethod;
	/** Path relative to the namespace, with `{param}` placeholders. */
	readonly path: string;
	readonly summary: string;
	readonly auth: AuthRule;
	/** Types of the `{param}` placeholders; every placeholder must be typed. */
	readonly params?: Fields;
	readonly query?: Fields;
	readonly body?: Fields;
	/** Multipart form fields; at most one `t.file()`. */
	readonly multipart?: Fields;
	/**
	 * Request headers the handler reads, named as WP_REST_Request::get_header()
	 * names them (lower case, `_` for `-`: `if_none_match` is If-None-Match),
	 * each with what it means to the route. WordPress neither validates nor
	 * sanitizes headers: the handler gets each one as sent (a string, or null
	 * when absent), as a property of its typed arguments, so only resources
	 * with `typedArgs` declare them.
	 */
	readonly headers?: Readonly<Record<string, string>>;
	/**
	 * GET routes of `typedArgs` resources only. WordPress answers HEAD with
	 * the GET handler; with this set the typed arguments carry `head` (true
	 * for a HEAD request), so a handler can skip what only a delivered body
	 * justifies (counting a download).
	 */
	readonly headAware?: boolean;
	readonly paginate?: Pagination;
	/**
	 * Flood control. A number is requests a minute per member (per client
	 * address for anonymous callers); `{ perMinute, perAddress }` also names
	 * what one client address may send a minute whoever is signed in (several
	 * accounts behind one address). Every write route (not GET) is limited:
	 * without a declaration it gets WRITE_RATE_LIMIT, and one that must not be
	 * limited says why with `{ off: 'reason' }`. See docs/security.md, "Flood control".
	 */
	readonly rateLimit?: number | RateLimit | RateLimitOff;
	readonly response?: Response;
	/** Stable error codes this route can answer with (beyond auth and validation). */
	readonly errors?: readonly string[];
	/** Release that introduced the route. */
	readonly since: string;
	/**
	 * Whether the hand-written handler exists. When false the generated
	 * controller still registers, authorizes and validates, then answers 501.
	 */
	readonly implemented?: boolean;
	/**
	 * Set on routes that are NOT part of the REST contract (rest-interface.md)
	 * but that a feature of the plugins needs, e.g. `'admin-ui'` for the
	 * settings route of the wp-admin screens. Contract checks (the manifest
	 * against routes.txt, `npm run status`) count only routes without it and
	 * list extensions separately. Lower-case kebab-case.
	 */
	readonly extension?: string;
}

/**
 * Routes of a resource that one hand-written class implements. A resource
 * with many routes splits them into groups, so no service has to hold
 * routes that share nothing but a path prefix.
 */
export interface RouteGroupSpec {
	/** snake_case group name: the interface MVS_<Name>_Handler and the controller's property. */
	readonly name: string;
	/** What the group's routes do together (the interface's docblock). */
	readonly summary: string;
	/** Name of the hand-written class implementing the group's handler interface; required once a route of the group is implemented. */
	readonly service?: string;
	readonly routes: readonly RouteSpec[];
}

export interface ResourceSpec {
	/** snake_case resource name: MVS_REST_<Name>_Controller, MVS_<Name>_Handler. */
	readonly name: string;
	readonly summary: string;
	/** Name of the hand-written class implementing the handler interface (resources without groups). */
	readonly service?: string;
	/** Primary response schema, served on OPTIONS. */
	readonly schema?: string;
	/**
	 * Handlers receive a generated, documented `MVS_<Route>_Args` object of
	 * the route's validated arguments instead of the WP_REST_Request.
	 * Resources opt in one at a time while their services are converted.
	 */
	readonly typedArgs?: boolean;
	/** Every route, in declaration order (the routes of its groups, when it has groups). */
	readonly routes: readonly RouteSpec[];
	/** The routes split by handler class; `service` then stays unset. */
	readonly groups?: readonly RouteGroupSpec[];
}

/** A resource as declared: its routes either all in one service or split into groups. */
export type ResourceDeclaration =
	| (Omit<ResourceSpec, 'groups'> & { readonly groups?: undefined })
	| (Omit<ResourceSpec, 'routes' | 'service' | 'groups'> & { readonly groups: readonly RouteGroupSpec[]; readonly service?: undefined });

export function resource(spec: ResourceDeclaration): ResourceSpec {
	if (!spec.groups) return spec;
	return { ...spec, routes: spec.groups.flatMap((group) => group.routes) };
}


function isResource(value: unknown): value is ResourceSpec {
	return typeof value === 'object' && value !== null && Array.isArray((value as ResourceSpec).routes);
}

/**
 * Gathers the resources exported by DSL modules, in module order and then in
 * export-name order (module namespaces list exports alphabetically), so the
 * generated output is deterministic.
 */
export function collectResources(...modules: readonly Record<string, unknown>[]): ResourceSpec[] {
	return modules.flatMap((module) => Object.values(module).filter(isResource));
}
