/**
 * Emits the implementation of a plugin's owner lookups interface: one
 * prepared, primary-key query per lookup, built from its declared source
 * (OWNER_LOOKUPS in dsl/auth.ts), so no lookup SQL is written by hand.
 */
import { SCOPED_LOOKUPS, type OwnerLookup } from '../../dsl/auth.js';
import type { ModelPlugin } from '../../model/model.js';
import { ownerSource } from '../../model/owner-lookups.js';
import { names, phpFileName } from './naming.js';
import { docblock, fileHeader, str } from './writer.js';

/** The lookup's query, its arguments (PHP variables) and its answer from `$row`. */
export function ownerQuery(lookup: string): { sql: string; args: string[]; answer: string } {
	const source = ownerSource(lookup);
	if (!source) throw new Error(`owner lookup ${lookup} has no source`);
	if ('members' in source) {
		const m = source.members;
		const status = m.left ? `m.${m.left.status}` : `m.${m.user}`;
		return {
			sql: `SELECT ${status} AS member FROM {$wpdb->${source.table}} r LEFT JOIN {$wpdb->${m.table}} m ON m.${m.key} = r.id AND m.${m.user} = %d WHERE r.id = %d`,
			args: ['$user_id', '$id'],
			answer: m.left ? `null !== $row->member && ${str(m.left.value)} !== $row->member` : 'null !== $row->member',
		};
	}
	const scope = SCOPED_LOOKUPS[lookup as OwnerLookup];
	return {
		sql: `SELECT ${source.column} AS owner FROM {$wpdb->${source.table}} WHERE id = %d${scope ? ` AND ${scope} = %d` : ''}`,
		args: ['$id', ...(scope ? [`$${scope}`] : [])],
		answer: '$user_id > 0 && (int) $row->owner === $user_id',
	};
}

export function emitOwnership(plugin: ModelPlugin): { file: string; code: string } | undefined {
	if (plugin.ownerLookups.length === 0) return undefined;
	const cls = names.ownership(plugin);
	const methods = plugin.ownerLookups.flatMap((lookup) => {
		const scope = SCOPED_LOOKUPS[lookup as OwnerLookup];
		const q = ownerQuery(lookup);
		const width = Math.max('user_id'.length, scope?.length ?? 0) + 1;
		const param = (name: string, text: string) => `@param int ${`$${name}`.padEnd(width)} ${text}`;
		return [
			'',
			docblock(['{@inheritDoc}', '', param('id', 'Resource ID.'), ...(scope ? [param(scope, 'Parent ID.')] : []), param('user_id', 'User ID.')]),
			`\tpublic function ${names.lookupMethod(lookup)}( int $id, ${scope ? `int $${scope}, ` : ''}int $user_id ): ?bool {`,
			'\t\tglobal $wpdb;',
			`\t\t$row = $this->row( $wpdb->prepare( "${q.sql}", ${q.args.join(', ')} ) );`,
			`\t\treturn null === $row ? null : ${q.answer};`,
			'\t}',
		];
	});
	const code = [
		fileHeader({
			summary: `Ownership lookups of the ${plugin.namespace} permission checks, one prepared query each.`,
			sources: plugin.sources,
			packageName: names.packageName(plugin),
		}),
		'/**',
		' * Each lookup reads one row by primary key; a row is read once per request',
		' * (see row()).',
		' */',
		`final class ${cls} implements ${names.ownerLookups(plugin)} {`,
		'',
		docblock(['Rows read during this request, by prepared query (null: no row).', '', '@var array<string, object|null>']),
		'\tprivate $rows = array();',
		'',
		docblock([
			'The row a prepared query selects, remembered for the rest of the request:',
			'WordPress\'s Allow header re-runs the permission check of every method of',
			'the matched route after the handler (PUT, PATCH, POST and DELETE of',
			'/media/{id}), which would read the same row again for each.',
			'',
			'@param string $query Prepared query.',
			'@return object|null',
		]),
		'\tprivate function row( string $query ) {',
		'\t\tglobal $wpdb;',
		'\t\tif ( ! array_key_exists( $query, $this->rows ) ) {',
		'\t\t\t$this->rows[ $query ] = $wpdb->get_row( $query ); // phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared -- prepared by the caller; the permission check needs the live row.',
		'\t\t}',
		'\t\treturn $this->rows[ $query ];',
		'\t}',
		...methods,
		'}',
		'',
	].join('\n');
	return { file: phpFileName('class', cls), code };
}
