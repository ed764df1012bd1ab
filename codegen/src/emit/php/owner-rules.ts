/**
 * Emits the owner rules of the implemented routes as plain functions of
 * (owner id, user id), so hand-written code that must answer "would this
 * route let that user in?" for a user other than the current one (a
 * response's can_edit, a batch's per-item check) reads the DSL's rule instead
 * of restating its capabilities.
 */
import type { AuthRule } from '../../dsl/auth.js';
import type { ModelPlugin } from '../../model/model.js';
import { describeAuth } from './controller.js';
import { names, phpFileName } from './naming.js';
import { docblock, fileHeader, str } from './writer.js';

type OwnerRule = Extract<AuthRule, { kind: 'owner' }>;

export function emitOwnerRules(plugin: ModelPlugin): { file: string; code: string } | undefined {
	const routes = plugin.routes.filter((r) => r.implemented && r.auth.kind === 'owner');
	if (routes.length === 0) return undefined;
	const cls = names.ownerRules(plugin);
	const methods = routes.flatMap((route) => {
		const rule = route.auth as OwnerRule;
		const body: string[] = ['\t\tif ( $user_id <= 0 ) {', '\t\t\treturn false;', '\t\t}'];
		if (rule.others) {
			body.push(`\t\tif ( user_can( self::user( $user_id ), ${str(rule.others)} ) ) {`, '\t\t\treturn true;', '\t\t}');
		}
		body.push(
			rule.own
				? `\t\treturn $owner_id === $user_id && user_can( self::user( $user_id ), ${str(rule.own)} );`
				: '\t\treturn $owner_id === $user_id;',
		);
		return [
			'',
			docblock([
				`Whether the permission check of ${route.method} ${route.path} lets the user in, for a`,
				`resource that exists and belongs to $owner_id: ${describeAuth(rule)}.`,
				'',
				'@param int $owner_id Owner of the resource.',
				'@param int $user_id  User asking; 0 for a visitor.',
				'@return bool',
			]),
			`\tpublic static function ${route.name}( int $owner_id, int $user_id ): bool {`,
			...body,
			'\t}',
		];
	});
	const usesCapabilities = routes.some((route) => {
		const rule = route.auth as OwnerRule;
		return Boolean(rule.others || rule.own);
	});
	const userHelper = [
		'',
		docblock([
			'The user to ask user_can() about: the current user\'s own WP_User when the',
			'id is theirs (a list asks once per item, and user_can() given an id',
			'builds a fresh WP_User with its roles and capabilities every time).',
			'',
			'@param int $user_id User asking.',
			'@return WP_User|int',
		]),
		'\tprivate static function user( int $user_id ) {',
		'\t\treturn get_current_user_id() === $user_id ? wp_get_current_user() : $user_id;',
		'\t}',
	];
	const code = [
		fileHeader({
			summary: `Owner rules of the implemented ${plugin.namespace} routes, for any user.`,
			sources: plugin.sources,
			packageName: names.packageName(plugin),
		}),
		'/**',
		' * The generated permission checks decide for the current user; these answer',
		' * the same question for any user id (user_can instead of current_user_can).',
		' */',
		`final class ${cls} {`,
		...methods,
		...(usesCapabilities ? userHelper : []),
		'}',
		'',
	].join('\n');
	return { file: phpFileName('class', cls), code };
}
