/**
 * Emits the class map that builds and registers every controller of a plugin
 * (in the spirit of WooCommerce's Store API RoutesController).
 */
import type { ModelPlugin } from '../../model/model.js';
import { names, phpFileName } from './naming.js';
import { docblock, fileHeader, str } from './writer.js';

export function emitRoutes(plugin: ModelPlugin): { file: string; code: string } {
	const cls = names.routes(plugin);
	const lookups = names.ownerLookups(plugin);
	const hasLookups = plugin.ownerLookups.length > 0;
	const controllers = plugin.resources.map((r) => {
		const args: string[] = [];
		for (const h of r.handlers) if (h.routes.some((x) => x.implemented)) args.push(`new ${h.service}()`);
		if (r.routes.some((x) => x.auth.kind === 'owner')) args.push('$owners');
		return `\t\t\tnew ${names.controller(plugin, r.name)}(${args.length ? ` ${args.join(', ')} ` : ''}),`;
	});
	const param = hasLookups ? `${lookups} $owners` : '';
	const paramDoc = hasLookups ? ['', `@param ${lookups} $owners Ownership lookups for permission checks.`] : [];
	const out = [
		fileHeader({
			summary: `Class map of every ${plugin.namespace} controller.`,
			sources: plugin.sources,
			packageName: names.packageName(plugin),
		}),
		'/**',
		` * Builds and registers the ${plugin.routes.length} routes of ${plugin.namespace}.`,
		' */',
		`final class ${cls} {`,
		'',
		docblock(['REST namespace of this plugin.']),
		`\tconst REST_NAMESPACE = ${str(plugin.namespace)};`,
		'',
		docblock(['Number of routes declared in the DSL.']),
		`\tconst ROUTE_COUNT = ${plugin.routes.length};`,
		'',
		docblock(['Every controller, wired to its hand-written handler.', ...paramDoc, '@return MVS_REST_Controller[]']),
		`\tpublic static function controllers(${param ? ` ${param} ` : ''}): array {`,
		'\t\treturn array(',
		...controllers,
		'\t\t);',
		'\t}',
		'',
		docblock(['Registers every route; hooked on rest_api_init.', ...paramDoc]),
		`\tpublic static function register(${param ? ` ${param} ` : ''}): void {`,
		`\t\tforeach ( self::controllers(${hasLookups ? ' $owners ' : ''}) as $controller ) {`,
		'\t\t\t$controller->register_routes();',
		'\t\t}',
		'\t}',
	];
	if (plugin.gated) {
		out.push(
			'',
			docblock([
				'Adds this namespace to the private-community gate (filter mvs_rest_gated_route_prefixes).',
				'',
				'@param string[] $prefixes Gated route prefixes.',
				'@return string[]',
			]),
			'\tpublic static function gated_prefixes( $prefixes ): array {',
			"\t\t$prefixes   = (array) $prefixes;",
			`\t\t$prefixes[] = '/' . self::REST_NAMESPACE;`,
			'\t\treturn array_values( array_unique( $prefixes ) );',
			'\t}',
		);
	}
	out.push('}', '');
	return { file: phpFileName('class', cls), code: out.join('\n') };
}
