/**
 * Emits a plugin's closed value sets (dsl/values.ts) as one PHP class: a
 * constant per set, and the two checks hand-written code needs (membership,
 * placeholders of a prepared IN list), so no PHP restates a value list.
 */
import type { ModelPlugin } from '../../model/model.js';
import { names, phpFileName } from './naming.js';
import { docblock, fileHeader, php } from './writer.js';

export function emitEnums(plugin: ModelPlugin): { file: string; code: string } | undefined {
	if (plugin.valueSets.length === 0) return undefined;
	const cls = names.enums(plugin);
	const constants = plugin.valueSets.flatMap((set) => ['', docblock([set.summary]), `\tconst ${set.name.toUpperCase()} = ${php([...set.values], 1)};`]);
	const code = [
		fileHeader({
			summary: `Closed value sets of ${plugin.title}: columns and route fields hold one of these.`,
			sources: plugin.sources,
			packageName: names.packageName(plugin),
		}),
		'/**',
		` * Use ${cls}::PRIVACY and the like instead of restating values; the`,
		' * REST schemas already refuse anything else, so these serve hand-written',
		' * queries, rules and settings.',
		' */',
		`final class ${cls} {`,
		...constants,
		'',
		docblock(['Whether a value is one of a set.', '', '@param string[] $set   One of the constants.', '@param mixed    $value Value to check.', '@return bool']),
		'\tpublic static function is_valid( array $set, $value ): bool {',
		'\t\treturn is_string( $value ) && in_array( $value, $set, true );',
		'\t}',
		'',
		docblock([
			'Placeholders for the values of a set in a prepared IN list: `%s, %s`.',
			'',
			'@param string[] $set One of the constants (or a part of one).',
			'@return string',
		]),
		'\tpublic static function placeholders( array $set ): string {',
		"\t\treturn implode( ', ', array_fill( 0, count( $set ), '%s' ) );",
		'\t}',
		'}',
		'',
	].join('\n');
	return { file: phpFileName('class', cls), code };
}
