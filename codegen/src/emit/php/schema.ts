/**
 * Emits the dbDelta migration of a plugin's tables. dbDelta is picky: one
 * column per line, two spaces after PRIMARY KEY, KEY (not INDEX), lowercase
 * types. It adds missing tables, columns and indexes and widens changed
 * columns, which is how an existing install upgrades in place. It never
 * changes an existing index, so the migration first drops every index whose
 * declared columns changed, and dbDelta adds it back in the new shape.
 */
import { createHash } from 'node:crypto';
import type { ColumnSpec, TableSpec } from '../../dsl/table.js';
import type { ModelPlugin } from '../../model/model.js';
import { names, phpFileName } from './naming.js';
import { docblock, fileHeader, php, str } from './writer.js';

export function columnSql(name: string, c: ColumnSpec): string {
	const t = c.type;
	let type: string;
	switch (t.sql) {
		case 'bigint':
			type = `bigint(20)${t.unsigned ? ' unsigned' : ''}`;
			break;
		case 'int':
			type = `int(11)${t.unsigned ? ' unsigned' : ''}`;
			break;
		case 'tinyint':
			type = 'tinyint(1)';
			break;
		case 'decimal':
			type = `decimal(${t.precision},${t.scale})`;
			break;
		case 'varchar':
		case 'char':
			type = `${t.sql}(${t.length})`;
			break;
		case 'double':
		case 'text':
		case 'longtext':
		case 'datetime':
			type = t.sql;
			break;
		default:
			throw new Error(`column ${name}: unknown type ${(t as { sql: string }).sql}`);
	}
	const parts = [name, type, c.nullable ? 'NULL' : 'NOT NULL'];
	if (c.autoIncrement) parts.push('AUTO_INCREMENT');
	else if (c.default !== undefined && !['text', 'longtext'].includes(t.sql)) {
		parts.push(`DEFAULT ${c.default === null ? 'NULL' : typeof c.default === 'number' ? c.default : `'${c.default}'`}`);
	}
	return parts.join(' ');
}

export function createTableSql(t: TableSpec): string {
	const lines = Object.entries(t.columns).map(([n, c]) => `  ${columnSql(n, c)}`);
	lines.push(`  PRIMARY KEY  (${t.primaryKey.join(',')})`);
	for (const idx of t.indexes ?? []) lines.push(`  ${idx.unique ? 'UNIQUE KEY' : 'KEY'} ${idx.name} (${idx.columns.join(',')})`);
	return `(\n${lines.join(',\n')}\n)`;
}

/**
 * The schema version: a hash of the tables exactly as dbDelta receives them
 * (names, column definitions, keys), so it changes whenever the declared
 * shape does and never when only prose (summaries) changes. Nobody can forget
 * to bump it. Table order does not matter; the version is compared for
 * equality only, since dbDelta converges on the declared shape from any
 * older (or newer) one without dropping anything.
 */
export function schemaVersion(tables: readonly TableSpec[]): string {
	const shape = tables
		.map((t) => `${t.name} ${createTableSql(t)}`)
		.sort()
		.join('\n');
	return createHash('sha256').update(shape).digest('hex').slice(0, 16);
}

export function emitSchema(plugin: ModelPlugin): { file: string; code: string } {
	const cls = names.schema(plugin);
	const version = schemaVersion(plugin.tables);
	const keyWidth = Math.max(...plugin.tables.map((t) => str(t.name).length));
	const statements = plugin.tables.map(
		(t) =>
			`\t\t\t${str(t.name).padEnd(keyWidth)} => 'CREATE TABLE ' . $prefix . ${str(`${t.name} ${createTableSql(t)} `)} . $charset_collate . ';',`,
	);
	const out = [
		fileHeader({
			summary: `Tables of ${plugin.title} and their dbDelta migration.`,
			sources: plugin.sources,
			packageName: names.packageName(plugin),
		}),
		'/**',
		' * Creates and upgrades the tables in place; drops them on uninstall.',
		' */',
		`final class ${cls} {`,
		'',
		docblock([
			'Schema version of this code: a hash of the declared tables, so it changes',
			'with every change of their shape (there is no number to forget to bump).',
		]),
		`\tconst VERSION = ${str(version)};`,
		'',
		docblock(['Option holding the installed schema version.']),
		`\tconst VERSION_OPTION = ${str(`mvs_${plugin.id}_schema_version`)};`,
		'',
		docblock(['Table names, without the site prefix.']),
		`\tconst TABLES = ${php(plugin.tables.map((t) => t.name), 1)};`,
		'',
		docblock([
			'Secondary indexes as declared: table => index name => its columns, as',
			'SHOW INDEX lists them (a prefix length in parentheses).',
		]),
		`\tconst INDEXES = ${php(Object.fromEntries(plugin.tables.map((t) => [t.name, Object.fromEntries((t.indexes ?? []).map((i) => [i.name, i.columns.join(',')]))])), 1)};`,
		'',
		docblock([
			'CREATE TABLE statements in the form dbDelta expects.',
			'',
			'@param string $prefix          Table prefix of the site.',
			'@param string $charset_collate Charset and collation clause.',
			'@return array<string, string> Statements keyed by table name.',
		]),
		'\tpublic static function statements( string $prefix, string $charset_collate ): array {',
		'\t\treturn array(',
		...statements,
		'\t\t);',
		'\t}',
		'',
		docblock([
			'Exposes the tables as $wpdb properties ($wpdb->mvs_media ...), which the',
			'metadata API needs for the mvs_media meta type.',
		]),
		'\tpublic static function register_tables(): void {',
		'\t\tglobal $wpdb;',
		'\t\tforeach ( self::TABLES as $table ) {',
		'\t\t\t$wpdb->$table = $wpdb->prefix . $table;',
		'\t\t}',
		'\t}',
		'',
		docblock([
			'Creates or upgrades the tables when the installed version differs from',
			'this code\'s (an older integer version counts as different). Cheap when',
			'up to date: one autoloaded option read.',
			'',
			'@return bool Whether a migration ran.',
		]),
		'\tpublic static function migrate(): bool {',
		"\t\t$installed = (string) get_option( self::VERSION_OPTION, '' );",
		'\t\tif ( self::VERSION === $installed ) {',
		'\t\t\treturn false;',
		'\t\t}',
		'\t\tglobal $wpdb;',
		"\t\trequire_once ABSPATH . 'wp-admin/includes/upgrade.php';",
		"\t\tif ( '' !== $installed ) {",
		'\t\t\tself::drop_changed_indexes();',
		'\t\t}',
		'\t\tdbDelta( array_values( self::statements( $wpdb->prefix, $wpdb->get_charset_collate() ) ) );',
		'\t\tupdate_option( self::VERSION_OPTION, self::VERSION, true );',
		'\t\t/**',
		'\t\t * Fires after the tables were created or upgraded.',
		'\t\t *',
		'\t\t * @param string $plugin    Plugin id.',
		"\t\t * @param string $installed Previously installed schema version ('' on first install).",
		'\t\t * @param string $version   New schema version.',
		'\t\t */',
		`\t\tdo_action( 'mvs_schema_migrated', ${str(plugin.id)}, $installed, self::VERSION );`,
		'\t\treturn true;',
		'\t}',
		'',
		docblock([
			'Drops the indexes whose columns differ from the declared ones, for',
			'dbDelta to add them back as declared (it only adds missing indexes). One',
			'query for all tables, on upgrades only; a missing table, or an engine',
			'without information_schema (SQLite), lists nothing and is left to dbDelta.',
		]),
		'\tprivate static function drop_changed_indexes(): void {',
		'\t\tglobal $wpdb;',
		'\t\t$suppress = $wpdb->suppress_errors();',
		'\t\t$rows     = (array) $wpdb->get_results(',
		'\t\t\t$wpdb->prepare(',
		"\t\t\t\t'SELECT TABLE_NAME AS t, INDEX_NAME AS i, SEQ_IN_INDEX AS n, COLUMN_NAME AS c, SUB_PART AS p FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME LIKE %s',",
		"\t\t\t\t$wpdb->esc_like( $wpdb->prefix ) . '%'",
		'\t\t\t)',
		'\t\t);',
		'\t\t$wpdb->suppress_errors( $suppress );',
		'\t\t$current = array();',
		'\t\tforeach ( $rows as $row ) {',
		"\t\t\t$current[ $row->t ][ $row->i ][ (int) $row->n ] = $row->p ? $row->c . '(' . $row->p . ')' : $row->c;",
		'\t\t}',
		'\t\tforeach ( self::INDEXES as $table => $declared ) {',
		'\t\t\t$existing = $current[ $wpdb->prefix . $table ] ?? array();',
		'\t\t\tforeach ( $declared as $name => $columns ) {',
		'\t\t\t\tif ( ! isset( $existing[ $name ] ) ) {',
		'\t\t\t\t\tcontinue;',
		'\t\t\t\t}',
		'\t\t\t\tksort( $existing[ $name ] );',
		"\t\t\t\tif ( implode( ',', $existing[ $name ] ) !== $columns ) {",
		"\t\t\t\t\t$wpdb->query( $wpdb->prepare( 'ALTER TABLE %i DROP INDEX %i', $wpdb->prefix . $table, $name ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.UnsupportedPlaceholder,WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- %i (identifier, WordPress 6.2) is newer than this WPCS.",
		'\t\t\t\t}',
		'\t\t\t}',
		'\t\t}',
		'\t}',
		'',
		docblock(['Drops every table of this plugin and forgets the schema version (uninstall).']),
		'\tpublic static function drop_tables(): void {',
		'\t\tglobal $wpdb;',
		'\t\tforeach ( self::TABLES as $table ) {',
		"\t\t\t$wpdb->query( $wpdb->prepare( 'DROP TABLE IF EXISTS %i', $wpdb->prefix . $table ) ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.UnsupportedPlaceholder,WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- %i (identifier, WordPress 6.2) is newer than this WPCS.",
		'\t\t}',
		'\t\tdelete_option( self::VERSION_OPTION );',
		'\t}',
		'}',
		'',
	];
	return { file: phpFileName('class', cls), code: out.join('\n') };
}
