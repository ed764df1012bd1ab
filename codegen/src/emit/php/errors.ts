/**
 * Emits MVS_Errors: the stable error codes, their HTTP statuses and default
 * messages, and a factory for WP_Error objects in the spec's error body.
 */
import type { Model, ModelPlugin } from '../../model/model.js';
import { names, phpFileName } from './naming.js';
import { docblock, fileHeader, php, str } from './writer.js';

export function emitErrors(model: Model, plugin: ModelPlugin): { file: string; code: string } {
	const cls = names.errors();
	const statuses = Object.fromEntries(model.errors.map((e) => [e.code, e.status]));
	const messages = model.errors.map(
		(e) => `\t\t\tcase ${str(e.code)}:\n\t\t\t\treturn __( ${str(e.meaning)}, ${str(plugin.textDomain)} );`,
	);
	const out = [
		fileHeader({
			summary: 'Stable error codes of the REST API and their HTTP statuses.',
			sources: plugin.sources,
			packageName: names.packageName(plugin),
		}),
		'/**',
		' * Builds WP_Error objects whose REST body is {code, message, data: {status}}.',
		' */',
		`final class ${cls} {`,
		'',
		docblock(['HTTP status per error code.']),
		`\tconst STATUS = ${php(statuses, 1)};`,
		'',
		docblock([
			'A WP_Error with the status of its code.',
			'',
			'@param string $code    One of the codes of self::STATUS.',
			'@param string $message Human-readable, translated message; the default message when empty.',
			'@param array  $data    Extra data merged into the error data.',
			'@return WP_Error',
		]),
		"\tpublic static function make( string $code, string $message = '', array $data = array() ): WP_Error {",
		'\t\tif ( ! isset( self::STATUS[ $code ] ) ) {',
		"\t\t\t_doing_it_wrong( __METHOD__, esc_html( 'Unknown error code ' . $code ), '1.0.0' );",
		'\t\t}',
		"\t\t$status = self::STATUS[ $code ] ?? 500;",
		"\t\treturn new WP_Error( $code, '' !== $message ? $message : self::message( $code ), array_merge( $data, array( 'status' => $status ) ) );",
		'\t}',
		'',
		docblock(['Default, translated message of a code.', '', '@param string $code Error code.', '@return string']),
		'\tpublic static function message( string $code ): string {',
		'\t\tswitch ( $code ) {',
		...messages,
		'\t\t\tdefault:',
		`\t\t\t\treturn __( 'Request failed.', ${str(plugin.textDomain)} );`,
		'\t\t}',
		'\t}',
		'}',
		'',
	];
	return { file: phpFileName('class', cls), code: out.join('\n') };
}
