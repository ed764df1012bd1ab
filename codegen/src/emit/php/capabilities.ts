/**
 * Emits the capability map: which roles get which capabilities on
 * activation, which roles the plugin creates, and the reverse for uninstall.
 */
import type { ModelPlugin } from '../../model/model.js';
import { names, phpFileName } from './naming.js';
import { docblock, fileHeader, php, raw, str, type PhpValue } from './writer.js';

export function emitCapabilities(plugin: ModelPlugin): { file: string; code: string } | undefined {
	if (plugin.roles.length === 0) return undefined;
	const cls = names.capabilities(plugin);
	const all = [...new Set(plugin.roles.flatMap((r) => r.caps))].sort();
	const grants: Record<string, PhpValue> = Object.fromEntries(plugin.roles.map((r) => [r.role, [...r.caps]]));
	const created: Record<string, PhpValue> = Object.fromEntries(
		plugin.roles
			.filter((r) => r.create)
			.map((r) => [
				r.role,
				{ label: raw(`__( ${str(r.create!.label)}, ${str(plugin.textDomain)} )`), inherit: [...r.create!.inherit] },
			]),
	);
	const out = [
		fileHeader({
			summary: `Capabilities of ${plugin.title} and the roles that hold them.`,
			sources: plugin.sources,
			packageName: names.packageName(plugin),
		}),
		'/**',
		' * Grants capabilities on activation and takes them back on uninstall.',
		' */',
		`final class ${cls} {`,
		'',
		docblock(['Every capability the plugin defines.']),
		`\tconst ALL = ${php(all, 1)};`,
		'',
		docblock(['Capabilities granted per role.', '', '@return array<string, string[]>']),
		'\tpublic static function grants(): array {',
		`\t\treturn ${php(grants, 2)};`,
		'\t}',
		'',
		docblock(['Roles the plugin creates (label, and the roles whose capabilities they start from).', '', '@return array<string, array>']),
		'\tpublic static function created_roles(): array {',
		`\t\treturn ${php(created, 2)};`,
		'\t}',
		'',
		docblock(['Creates the plugin roles and grants the capability map; safe to run again.']),
		'\tpublic static function grant(): void {',
		'\t\tforeach ( self::created_roles() as $role => $definition ) {',
		'\t\t\tif ( get_role( $role ) ) {',
		'\t\t\t\tcontinue;',
		'\t\t\t}',
		'\t\t\t$caps = array();',
		"\t\t\tforeach ( $definition['inherit'] as $parent ) {",
		'\t\t\t\t$parent_role = get_role( $parent );',
		'\t\t\t\tif ( $parent_role ) {',
		'\t\t\t\t\t$caps = array_merge( $caps, $parent_role->capabilities );',
		'\t\t\t\t} else {',
		'\t\t\t\t\t$caps[ $parent ] = true;',
		'\t\t\t\t}',
		'\t\t\t}',
		"\t\t\tadd_role( $role, $definition['label'], $caps );",
		'\t\t}',
		'\t\tforeach ( self::grants() as $role => $caps ) {',
		'\t\t\t$role_object = get_role( $role );',
		'\t\t\tif ( ! $role_object ) {',
		'\t\t\t\tcontinue;',
		'\t\t\t}',
		'\t\t\tforeach ( $caps as $cap ) {',
		'\t\t\t\t$role_object->add_cap( $cap );',
		'\t\t\t}',
		'\t\t}',
		'\t}',
		'',
		docblock(['Removes every plugin capability from every role, then the plugin roles (uninstall).']),
		'\tpublic static function revoke(): void {',
		'\t\tforeach ( wp_roles()->role_objects as $role_object ) {',
		'\t\t\tforeach ( self::ALL as $cap ) {',
		'\t\t\t\t$role_object->remove_cap( $cap );',
		'\t\t\t}',
		'\t\t}',
		'\t\tforeach ( array_keys( self::created_roles() ) as $role ) {',
		'\t\t\tremove_role( $role );',
		'\t\t}',
		'\t}',
		'}',
		'',
	];
	return { file: phpFileName('class', cls), code: out.join('\n') };
}
