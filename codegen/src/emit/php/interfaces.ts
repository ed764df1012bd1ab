/**
 * Emits the interfaces hand-written PHP implements: one handler interface per
 * resource or route group with implemented routes, and the owner lookups of
 * a plugin. A
 * missing method is then a fatal error when the class loads, not a silent gap.
 */
import type { ModelHandler, ModelPlugin, ModelResource, ModelRoute } from '../../model/model.js';
import { SCOPED_LOOKUPS, type OwnerLookup } from '../../dsl/auth.js';
import { names, phpFileName } from './naming.js';
import { docblock, fileHeader } from './writer.js';

function returnType(route: ModelRoute): string {
	if (route.paginate) return 'MVS_Page|WP_Error';
	return 'array|WP_REST_Response|WP_Error';
}

export function emitHandlerInterface(plugin: ModelPlugin, resource: ModelResource, handler: ModelHandler): { file: string; code: string } | undefined {
	const routes = handler.routes.filter((r) => r.implemented);
	if (routes.length === 0) return undefined;
	const name = names.handler(plugin, handler.name);
	const grouped = handler.name !== resource.name;
	const out: string[] = [
		fileHeader({
			summary: `Domain logic contract of ${plugin.namespace} ${grouped ? `${resource.name} (${handler.name})` : resource.name}, implemented by ${handler.service}.`,
			sources: plugin.sources,
			packageName: names.packageName(plugin),
		}),
		'/**',
		...(grouped ? [` * ${handler.summary}`, ' *'] : []),
		` * What ${names.controller(plugin, resource.name)} calls once a request is authorized and valid.`,
		' */',
		`interface ${name} {`,
	];
	routes.forEach((route, i) => {
		if (i > 0) out.push('');
		const input = resource.typedArgs
			? { type: names.args(plugin, route.name), name: '$args', about: 'The validated arguments of the route.' }
			: { type: 'WP_REST_Request', name: '$request', about: 'Authorized, validated and sanitized request.' };
		const entries = [input];
		if (route.file && !resource.typedArgs) entries.push({ type: 'array', name: '$file', about: `The uploaded "${route.file.name}" (name, type, tmp_name, size), present and error-free.` });
		const tw = Math.max(...entries.map((e) => e.type.length));
		const nw = Math.max(...entries.map((e) => e.name.length));
		const params = entries.map((e) => `@param ${e.type.padEnd(tw)} ${e.name.padEnd(nw)} ${e.about}`);
		const sig = entries.map((e) => `${e.type} ${e.name}`);
		const result = route.paginate
			? 'One page of items and the total.'
			: route.response.status === 201
				? 'The created object (the controller answers 201 with a Location header).'
				: 'The response data.';
		out.push(docblock([`${route.method} ${route.path}: ${route.summary}`, '', ...params, `@return ${returnType(route)} ${result}`]));
		out.push(`\tpublic function ${route.name}( ${sig.join(', ')} );`);
	});
	out.push('}', '');
	return { file: phpFileName('interface', name), code: out.join('\n') };
}

export function emitOwnerLookups(plugin: ModelPlugin): { file: string; code: string } | undefined {
	if (plugin.ownerLookups.length === 0) return undefined;
	const name = names.ownerLookups(plugin);
	const out: string[] = [
		fileHeader({
			summary: `Ownership lookups that the ${plugin.namespace} permission checks call.`,
			sources: plugin.sources,
			packageName: names.packageName(plugin),
		}),
		'/**',
		' * Each method answers whether a user stands in the named relation to a',
		' * resource: true or false, or null when the resource does not exist (404).',
		' */',
		`interface ${name} {`,
	];
	plugin.ownerLookups.forEach((lookup, i) => {
		if (i > 0) out.push('');
		const scope = SCOPED_LOOKUPS[lookup as OwnerLookup];
		if (scope) {
			const width = Math.max(scope.length, 'user_id'.length) + 1;
			const param = (variable: string, text: string) => `@param int ${`$${variable}`.padEnd(width)} ${text}`;
			out.push(
				docblock([
					`Whether the user is the ${lookup.replace(/_/g, ' ')} of the resource, which must belong to the parent ${scope}.`,
					'',
					param('id', 'Resource ID from the route.'),
					param(scope, 'Parent ID from the route.'),
					param('user_id', 'Current user ID (never 0: login is checked first).'),
					'@return bool|null Null when the resource does not exist or belongs to another parent.',
				]),
			);
			out.push(`\tpublic function ${names.lookupMethod(lookup)}( int $id, int $${scope}, int $user_id ): ?bool;`);
			return;
		}
		out.push(
			docblock([
				`Whether the user is the ${lookup.replace(/_/g, ' ')} of the resource.`,
				'',
				'@param int $id      Resource ID from the route.',
				'@param int $user_id Current user ID (never 0: login is checked first).',
				'@return bool|null Null when the resource does not exist.',
			]),
		);
		out.push(`\tpublic function ${names.lookupMethod(lookup)}( int $id, int $user_id ): ?bool;`);
	});
	out.push('}', '');
	return { file: phpFileName('interface', name), code: out.join('\n') };
}
