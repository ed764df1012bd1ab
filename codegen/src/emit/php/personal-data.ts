/**
 * Emits the account-erasure plan of a plugin: for each table, the user ID
 * columns and what erasing an account does to them (declared on the columns
 * in the DSL). MVS_Account_Eraser carries it out; the e2e lifecycle spec
 * holds a deleted member's rows to it.
 */
import type { ModelPlugin } from '../../model/model.js';
import { names, phpFileName } from './naming.js';
import { docblock, fileHeader, php, raw, str, type PhpValue } from './writer.js';

/** Actions carried out per user ID column; with_row and keep columns need nothing done. */
const CARRIED_OUT = new Set(['content', 'delete_rows', 'anonymize']);

/** A table's name as the export's group label: mvs_access_grants → "Access grants". */
const label = (name: string) => {
	const words = name.replace(/^mvs_(pro_)?/, '').replace(/_/g, ' ');
	return words.charAt(0).toUpperCase() + words.slice(1);
};

export function emitPersonalDataPlan(plugin: ModelPlugin): { file: string; code: string } | undefined {
	const plan: PhpValue[] = [];
	for (const table of [...plugin.tables].sort((a, b) => a.name.localeCompare(b.name))) {
		for (const [column, spec] of Object.entries(table.columns)) {
			const action = spec.personal?.action;
			if (!action || !CARRIED_OUT.has(action)) continue;
			// The personal-data export (MVS_Personal_Data_Exporter) reads the same plan;
			// an entry left out of it carries the erasure's three fields only.
			const exported = spec.personal?.exported !== false;
			const exportSpec: Record<string, PhpValue> = exported
				? {
						label: raw(`__( ${str(label(table.name))}, ${str(plugin.textDomain)} )`),
						key: [...table.primaryKey],
						fields: Object.entries(table.columns).filter(([, c]) => c.personal?.action !== 'keep').map(([name]) => name),
					}
				: {};
			plan.push({ table: table.name, column, action, export: exported, ...exportSpec });
		}
	}
	if (plan.length === 0) return undefined;
	const cls = names.personalData(plugin);
	const code = [
		fileHeader({ summary: `What erasing a member's account does to the tables of ${plugin.title}.`, sources: plugin.sources, packageName: names.packageName(plugin) }),
		'/**',
		' * The user ID columns of the plugin\'s tables and their declared erasure',
		` * (see docs/generated/personal-data-${plugin.id}.md in the repository for the reasons).`,
		' */',
		`final class ${cls} {`,
		'',
		docblock([
			'Erasure plan: table name without the prefix, user ID column, and action:',
			'content (delete or reassign the member\'s content), delete_rows, anonymize (set to 0);',
			'for the personal-data export: whether its rows are exported, the table\'s group',
			'label, its primary key (the export\'s order) and the columns exported (exported entries only).',
			'',
			'@return array<int, array{table: string, column: string, action: string, export: bool, label?: string, key?: string[], fields?: string[]}>',
		]),
		'\tpublic static function plan(): array {',
		`\t\treturn ${php(plan, 2)};`,
		'\t}',
		'}',
		'',
	].join('\n');
	return { file: phpFileName('class', cls), code };
}
