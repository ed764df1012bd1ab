/**
 * Emits one REST controller per resource: route registration with
 * schema-derived args, one permission check per route, and callbacks that
 * validate what JSON schema cannot express, then call the hand-written
 * handler (or answer 501 while the handler is not written).
 */
import type { AuthRule } from '../../dsl/auth.js';
import { absentTargetIsHandled } from '../../model/delete-target.js';
import type { ModelArg, ModelPlugin, ModelResource, ModelRoute } from '../../model/model.js';
import { schemaOf } from './json-schema.js';
import { names, phpFileName } from './naming.js';
import { docblock, fileHeader, php, raw, str, tabs, type PhpValue } from './writer.js';

const SANITIZE_CALLBACK: Record<string, PhpValue> = {
	schema: 'rest_sanitize_request_arg',
	text: raw("array( 'MVS_Sanitize', 'text' )"),
	textarea: raw("array( 'MVS_Sanitize', 'textarea' )"),
	key: raw("array( 'MVS_Sanitize', 'key' )"),
	slug: raw("array( 'MVS_Sanitize', 'slug' )"),
	html: raw("array( 'MVS_Sanitize', 'html' )"),
	email: raw("array( 'MVS_Sanitize', 'email' )"),
	url: raw("array( 'MVS_Sanitize', 'url' )"),
	id_list: raw("array( 'MVS_Sanitize', 'id_list' )"),
};

export function emitController(plugin: ModelPlugin, resource: ModelResource): { file: string; code: string } {
	const cls = names.controller(plugin, resource.name);
	const implemented = resource.routes.filter((r) => r.implemented);
	const handlers = resource.handlers.filter((h) => h.routes.some((r) => r.implemented));
	const usesOwners = resource.routes.some((r) => r.auth.kind === 'owner');
	const lookups = names.ownerLookups(plugin);

	const out: string[] = [];
	out.push(
		fileHeader({
			summary: `REST controller for ${plugin.namespace} ${resource.name}: ${resource.summary}`,
			sources: plugin.sources,
			packageName: names.packageName(plugin),
		}),
	);
	out.push('/**');
	out.push(` * Routes of the "${resource.name}" resource:`);
	out.push(' *');
	for (const r of resource.routes) out.push(` * - ${r.method} /${plugin.namespace}${r.path}${r.implemented ? '' : ' (501 until implemented)'}`);
	out.push(' */');
	out.push(`final class ${cls} extends MVS_REST_Controller {`);

	const ctorParams: string[] = [];
	const ctorDocs: string[] = [];
	for (const h of handlers) {
		const iface = names.handler(plugin, h.name);
		const grouped = resource.handlers.length > 1;
		out.push('');
		// The group's summary may itself hold a colon ("Stores new files: an upload, …"), so it leads.
		const what = grouped ? `${h.summary.replace(/\.$/, '')} (hand-written domain logic).` : 'Hand-written domain logic of this resource.';
		out.push(docblock([what, '', `@var ${iface}`]));
		out.push(`\tprivate $${h.property};`);
		ctorParams.push(`${iface} $${h.property}`);
		ctorDocs.push(`@param ${iface} $${h.property} ${grouped ? h.summary : 'Domain logic.'}`);
	}
	if (usesOwners) {
		out.push('');
		out.push(docblock(['Ownership lookups used by the permission checks.', '', `@var ${lookups}`]));
		out.push('\tprivate $owners;');
		ctorParams.push(`${lookups} $owners`);
		ctorDocs.push(`@param ${lookups} $owners Ownership lookups.`);
	}
	out.push('');
	const typeWidth = Math.max(0, ...ctorParams.map((p) => p.split(' ')[0]!.length));
	const nameWidth = Math.max(0, ...ctorParams.map((p) => p.split(' ')[1]!.length));
	const alignedDocs = ctorParams.map((p, i) => {
		const [type, name] = p.split(' ') as [string, string];
		return `@param ${type.padEnd(typeWidth)} ${name.padEnd(nameWidth)} ${ctorDocs[i]!.replace(/^@param \S+ \S+ /, '')}`;
	});
	out.push(docblock(['Sets the namespace and collaborators.', ...(alignedDocs.length ? ['', ...alignedDocs] : [])]));
	out.push(`\tpublic function __construct( ${ctorParams.join(', ')} ) {`.replace('(  )', '()'));
	const assignments: [string, string][] = [['$this->namespace', str(plugin.namespace)]];
	for (const h of handlers) assignments.push([`$this->${h.property}`, `$${h.property}`]);
	if (usesOwners) assignments.push(['$this->owners', '$owners']);
	const width = Math.max(...assignments.map(([left]) => left.length));
	for (const [left, right] of assignments) out.push(`\t\t${left.padEnd(width)} = ${right};`);
	out.push('\t}');

	if (implemented.length) {
		const declared = Object.fromEntries(implemented.map((r) => [r.name, [...r.errors]]));
		out.push('');
		out.push(
			docblock([
				'Error codes the handler may return, per route, as declared in the DSL.',
				'A handler error with any other code is reported through _doing_it_wrong()',
				'(see MVS_REST_Controller::declared()), so the declarations, and the',
				'OpenAPI document built from them, cannot silently drift.',
			]),
		);
		out.push(`\tconst HANDLER_ERRORS = ${php(declared, 1)};`);
	}
	out.push(emitRegisterRoutes(plugin, resource));
	if (resource.schema) out.push(emitItemSchema(plugin, resource.schema));
	for (const route of resource.routes) {
		out.push(emitPermissionCheck(plugin, route));
		out.push(emitCallback(plugin, route, resource.typedArgs, resource.handlers.find((h) => h.routes.includes(route))!.property));
	}
	out.push('}');
	out.push('');
	return { file: phpFileName('class', cls), code: out.join('\n') };
}

function emitRegisterRoutes(plugin: ModelPlugin, resource: ModelResource): string {
	const byPath = new Map<string, ModelRoute[]>();
	for (const r of resource.routes) byPath.set(r.wpPath, [...(byPath.get(r.wpPath) ?? []), r]);
	const lines: string[] = [''];
	lines.push(docblock(['Registers the routes of this resource.']));
	lines.push('\tpublic function register_routes() {');
	let first = true;
	for (const [wpPath, routes] of byPath) {
		if (!first) lines.push('');
		first = false;
		const pathArgs = routes[0]!.args.filter((a) => a.location === 'path');
		const definition: Record<string, PhpValue> = {};
		if (pathArgs.length) definition.args = Object.fromEntries(pathArgs.map((a) => [a.name, argDefinition(plugin, routes[0]!, a)]));
		const endpoints = routes.map((r) => endpoint(plugin, r));
		const body: string[] = [];
		// OPTIONS describes a path with the resource schema only where the path serves that resource.
		const servesItem = routes.some((r) => r.response.schema?.replace(/^list:/, '') === resource.schema);
		const withSchema = Boolean(resource.schema && servesItem);
		// 'args' lines up with 'schema' when the path has both (WPCS double-arrow alignment).
		if (definition.args) body.push(`${tabs(4)}'args'${withSchema ? '   ' : ' '}=> ${php(definition.args, 4)},`);
		for (const e of endpoints) body.push(`${tabs(4)}${php(e, 4)},`);
		if (withSchema) body.push(`${tabs(4)}'schema' => array( $this, 'get_public_item_schema' ),`);
		lines.push('\t\tregister_rest_route(');
		lines.push('\t\t\t$this->namespace,');
		lines.push(`\t\t\t${str(wpPath)},`);
		lines.push('\t\t\tarray(');
		lines.push(...body);
		lines.push('\t\t\t)');
		lines.push('\t\t);');
	}
	lines.push('\t}');
	return lines.join('\n');
}

function endpoint(plugin: ModelPlugin, route: ModelRoute): Record<string, PhpValue> {
	const args = route.args.filter((a) => a.location !== 'path' && a.spec.type !== 'file');
	return {
		methods: route.methods.join(', '),
		callback: raw(`array( $this, ${str(route.name)} )`),
		permission_callback: raw(`array( $this, ${str(`${route.name}_permissions_check`)} )`),
		args: Object.fromEntries(args.map((a) => [a.name, argDefinition(plugin, route, a)])),
	};
}

function argDefinition(plugin: ModelPlugin, route: ModelRoute, arg: ModelArg): Record<string, PhpValue> {
	const maximum =
		arg.pagination === 'per_page' ? `$this->pagination_max( ${route.paginate!.max}, ${str(route.name)} )` : undefined;
	const out = schemaOf(arg.spec, { textDomain: plugin.textDomain, maximum });
	// A field with its own missing-error code is checked in the callback instead.
	if (arg.spec.required && !arg.spec.missingError && arg.location !== 'path') out.required = true;
	// A canonical integer's spelling is checked before WordPress's schema check, which it then runs.
	out.validate_callback = arg.spec.canonical ? raw("array( 'MVS_Sanitize', 'canonical_int' )") : 'rest_validate_request_arg';
	const sanitizer = SANITIZE_CALLBACK[arg.spec.sanitize ?? 'schema'];
	if (!sanitizer) throw new Error(`route ${route.name}: no PHP sanitizer for ${arg.spec.sanitize}`);
	out.sanitize_callback = sanitizer;
	return out;
}

function emitItemSchema(plugin: ModelPlugin, schemaName: string): string {
	const spec = plugin.schemas.find((s) => s.name === schemaName);
	if (!spec) throw new Error(`unknown schema ${schemaName}`);
	const schema: Record<string, PhpValue> = {
		$schema: 'http://json-schema.org/draft-04/schema#',
		title: spec.name,
		type: 'object',
		properties: Object.fromEntries(
			Object.entries(spec.properties).map(([k, v]) => [
				k,
				{ ...schemaOf(v, { textDomain: plugin.textDomain }), context: ['view', 'edit'], readonly: true },
			]),
		),
	};
	return [
		'',
		docblock([`Schema of ${spec.name}: ${spec.summary}`, '', '@return array']),
		'\tpublic function get_item_schema() {',
		'\t\tif ( $this->schema ) {',
		'\t\t\treturn $this->add_additional_fields_schema( $this->schema );',
		'\t\t}',
		`\t\t$this->schema = ${php(schema, 2)};`,
		'\t\treturn $this->add_additional_fields_schema( $this->schema );',
		'\t}',
	].join('\n');
}

export function describeAuth(rule: AuthRule): string {
	switch (rule.kind) {
		case 'public':
			return 'public';
		case 'public_privacy':
			return 'public; the handler enforces the resource privacy';
		case 'authenticated':
			return 'any logged-in user';
		case 'capability':
			return `logged in with ${rule.anyOf.join(' or ')}`;
		case 'owner': {
			const own = rule.own ? ` holding ${rule.own}` : '';
			const others = rule.others ? `, or any holder of ${rule.others}` : '';
			const within = rule.within ? ` within {${rule.within}}` : '';
			return `${rule.lookup.replace(/_/g, ' ')} of {${rule.param}}${within}${own}${others}`;
		}
	}
}

function emitPermissionCheck(plugin: ModelPlugin, route: ModelRoute): string {
	// Each check is an expression returning true or a WP_Error; all but the
	// last return early on failure, the last one is returned as is.
	const setup: string[] = [];
	const checks: string[] = [];
	const rule = route.auth;
	switch (rule.kind) {
		case 'public':
		case 'public_privacy':
			break;
		case 'authenticated':
			checks.push('$this->require_login()');
			break;
		case 'capability': {
			// A list too long for one line goes on its own lines, as WPCS wants multi-line calls.
			const caps = php([...rule.anyOf], 3);
			checks.push(caps.includes('\n') ? `$this->require_capability(\n${tabs(3)}${caps}\n${tabs(2)})` : `$this->require_capability( ${caps} )`);
			break;
		}
		case 'owner':
			checks.push('$this->require_login()');
			// A DELETE of an absent target goes on to its handler, which answers deleted: false (model/delete-target.ts).
			checks.push(
				`$this->${absentTargetIsHandled(route) ? 'require_owner_or_absent' : 'require_owner_or_capability'}( $is_owner, ${str(rule.own ?? '')}, ${str(rule.others ?? '')} )`,
			);
			setup.push(
				rule.within
					? `\t\t$is_owner = $this->owners->${names.lookupMethod(rule.lookup)}( (int) $request[${str(rule.param)}], (int) $request[${str(rule.within)}], get_current_user_id() );`
					: `\t\t$is_owner = $this->owners->${names.lookupMethod(rule.lookup)}( (int) $request[${str(rule.param)}], get_current_user_id() );`,
			);
			break;
	}
	const body: string[] = [];
	checks.forEach((expr, i) => {
		if (i === checks.length - 1) {
			body.push(`\t\treturn ${expr};`);
			return;
		}
		body.push(`\t\t$allowed = ${expr};`);
		body.push('\t\tif ( true !== $allowed ) {');
		body.push('\t\t\treturn $allowed;');
		body.push('\t\t}');
		// The ownership lookup runs only once login is established.
		if (i === 0 && setup.length) body.push(...setup);
	});
	if (checks.length === 0) body.push('\t\treturn true;');
	return [
		'',
		docblock([
			`Permission check of ${route.method} ${route.path}: ${describeAuth(rule)}${absentTargetIsHandled(route) ? '; an absent target is left to the handler (deleted: false)' : ''}.`,
			'',
			'@param WP_REST_Request $request Full request.',
			'@return true|WP_Error',
		]),
		`\tpublic function ${route.name}_permissions_check( $request ) {`,
		...body,
		'\t}',
	].join('\n');
}

/** The docblock lines of a route's flood control. */
function rateLimitDoc(route: ModelRoute): string[] {
	if (route.rateLimitOff) return [`No rate limit: ${route.rateLimitOff}`];
	if (!route.rateLimit) return [];
	const { perMinute, perAddress } = route.rateLimit;
	const anonymous = route.auth.kind === 'public' || route.auth.kind === 'public_privacy';
	return [
		`Rate limit: ${perMinute} requests a minute per member${anonymous ? ' (per client address when anonymous)' : ''}` +
			(perAddress ? `, and ${perAddress} a minute per client address, members included.` : '.'),
	];
}

/**
 * @param handler The controller property holding the route's handler.
 */
function emitCallback(plugin: ModelPlugin, route: ModelRoute, typedArgs: boolean, handler: string): string {
	const body: string[] = [];
	if (route.rateLimit) {
		// Counted here, not in the permission check: WordPress also runs permission
		// checks to build the Allow header, which would count a request twice.
		const { perMinute, perAddress } = route.rateLimit;
		const figures = perAddress ? `${perMinute}, ${perAddress}` : `${perMinute}`;
		body.push(`\t\t$limited = $this->check_rate_limit( ${str(route.name)}, ${figures} );`);
		body.push('\t\tif ( true !== $limited ) {');
		body.push('\t\t\treturn $limited;');
		body.push('\t\t}');
	}
	for (const a of route.args) {
		if (!a.spec.missingError) continue;
		body.push(`\t\t$missing = $this->require_present( $request, ${str(a.name)}, ${str(a.spec.missingError)} );`);
		body.push('\t\tif ( is_wp_error( $missing ) ) {');
		body.push('\t\t\treturn $missing;');
		body.push('\t\t}');
	}
	for (const a of route.args) {
		if (!a.spec.requiredWhen) continue;
		const w = a.spec.requiredWhen;
		body.push(`\t\t$invalid = $this->require_when( $request, ${str(a.name)}, ${str(w.field)}, ${php(w.equals as PhpValue)} );`);
		body.push('\t\tif ( is_wp_error( $invalid ) ) {');
		body.push('\t\t\treturn $invalid;');
		body.push('\t\t}');
	}
	if (route.file) {
		body.push(`\t\t$file = $this->require_file( $request, ${str(route.file.name)} );`);
		body.push('\t\tif ( is_wp_error( $file ) ) {');
		body.push('\t\t\treturn $file;');
		body.push('\t\t}');
	}
	// Typed handlers get the upload as a property of their arguments; the others take it beside the request.
	const callArgs = typedArgs
		? [`${names.args(plugin, route.name)}::from_request( ${route.file ? '$request, $file' : '$request'} )`]
		: ['$request', ...(route.file ? ['$file'] : [])];
	if (!route.implemented) {
		body.push(`\t\treturn $this->not_implemented( ${str(route.name)} );`);
	} else {
		const call = `$this->declared( $this->${handler}->${route.name}( ${callArgs.join(', ')} ), ${str(route.name)} )`;
		if (route.paginate) {
			const p = route.paginate;
			body.push(
				'\t\treturn $this->respond_page(',
				`\t\t\t${call},`,
				'\t\t\t$request,',
				`\t\t\t${php({ per_page: p.param, total_header: p.totalHeader, envelope: p.envelope }, 3)}`,
				'\t\t);',
			);
		} else if (route.response.status === 201 && route.response.location) {
			const location = route.response.location.replace('{id}', '%d');
			body.push(`\t\treturn $this->respond_created( ${call}, ${str(location)} );`);
		} else {
			body.push(`\t\treturn $this->respond( ${call}, ${route.response.status} );`);
		}
	}
	return [
		'',
		docblock([
			`${route.method} ${route.path}: ${route.summary}`,
			...rateLimitDoc(route),
			...(route.methods.length > 1 ? [`Also answers ${route.methods.slice(1).join(' and ')} (convention 1).`] : []),
			`Since ${route.since}.`,
			'',
			'@param WP_REST_Request $request Full request.',
			'@return WP_REST_Response|WP_Error',
		]),
		`\tpublic function ${route.name}( $request ) {`,
		...body,
		'\t}',
	].join('\n');
}
