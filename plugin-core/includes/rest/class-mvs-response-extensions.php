<?php
/**
 * Fields other plugins add to responses, under "extensions".
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The run-time side of extension fields (docs/api-conventions.md,
 * "Extension fields"): the generated registration of an extending plugin
 * (MVS_<Plugin>_Extension_Fields) records each field and its callback, and
 * the presenter of a schema adds them to every response of it as
 * extensions.<key>.<name>. The DSL declares the fields, so OpenAPI lists them.
 */
final class MVS_Response_Extensions {

	/**
	 * Callbacks by schema, extension key and field name.
	 *
	 * @var array<string, array<string, array<string, callable>>>
	 */
	private static $fields = array();

	/**
	 * Records a field (called by generated code only).
	 *
	 * @param string   $schema   Schema name, e.g. MediaItem.
	 * @param string   $key      Extension key, e.g. mvs-pro.
	 * @param string   $name     Field name.
	 * @param callable $callback Called with ( $row, $viewer_id ), returns the value.
	 */
	public static function register( string $schema, string $key, string $name, callable $callback ): void {
		self::$fields[ $schema ][ $key ][ $name ] = $callback;
	}

	/**
	 * One response object with the registered fields of its schema added.
	 *
	 * @param string $schema    Schema name.
	 * @param array  $data      The object as the presenter built it.
	 * @param object $row       The row it was built from.
	 * @param int    $viewer_id Viewer (0 when anonymous).
	 * @return array
	 */
	public static function add( string $schema, array $data, $row, int $viewer_id ): array {
		if ( empty( self::$fields[ $schema ] ) ) {
			return $data;
		}
		foreach ( self::$fields[ $schema ] as $key => $fields ) {
			foreach ( $fields as $name => $callback ) {
				$data['extensions'][ $key ][ $name ] = call_user_func( $callback, $row, $viewer_id );
			}
		}
		return $data;
	}
}
