<?php
/**
 * Plugin Name: MVS e2e extension points (test sites only, never shipped)
 * Description: Stand-ins for what other plugins plug into the core's extension points.
 *
 * Mounted with the test harness (e2e/site/harness.mjs), switched per request
 * by X-MVS-Test-* headers:
 * - X-MVS-Test-Hide-Media: <id> registers a visibility rule
 *   (mvs_visibility_rules) that hides that item from everyone but its owner
 *   and moderators, one the lean /serve entry cannot run
 *   (visibility-rules.site-wide.spec.ts; registered per request only here:
 *   a real rule is registered on every request and decides per row);
 * - X-MVS-Test-Refuse-Upload: <code> refuses every upload on
 *   mvs_pre_store_upload with that error code (uploads.spec.ts), and
 *   reports the facts the hook received in X-MVS-Test-Upload-Facts.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * A header of this request, or ''.
 *
 * @param string $name $_SERVER key.
 * @return string
 */
function mvs_test_extension_header( string $name ): string {
	return isset( $_SERVER[ $name ] ) ? sanitize_text_field( wp_unslash( $_SERVER[ $name ] ) ) : '';
}

add_filter(
	'mvs_visibility_rules',
	static function ( $rules ) {
		$hidden = mvs_test_extension_header( 'HTTP_X_MVS_TEST_HIDE_MEDIA' );
		if ( ! ctype_digit( $hidden ) ) {
			return $rules;
		}
		// Declared here, not at load time: the core's interfaces autoload once the plugins are loaded.
		$rules[] = new class( (int) $hidden ) implements MVS_Visibility_Rule {
			/**
			 * The hidden item.
			 *
			 * @var int
			 */
			private $id;
			/**
			 * Hides one item.
			 *
			 * @param int $id Media ID.
			 */
			public function __construct( int $id ) {
				$this->id = $id;
			}
			public function allows( $row, int $viewer_id ): bool { // phpcs:ignore Squiz.Commenting.FunctionComment.Missing
				return (int) $row->id !== $this->id;
			}
			public function predicate( int $viewer_id, string $alias ): array { // phpcs:ignore Squiz.Commenting.FunctionComment.Missing
				return array( "{$alias}.id <> %d", array( $this->id ) );
			}
			public function lean_safe(): bool { // phpcs:ignore Squiz.Commenting.FunctionComment.Missing
				return false;
			}
		};
		return $rules;
	}
);

add_filter(
	'mvs_pre_store_upload',
	static function ( $refusal, $facts ) {
		$code = mvs_test_extension_header( 'HTTP_X_MVS_TEST_REFUSE_UPLOAD' );
		if ( '' === $code ) {
			return $refusal;
		}
		header( 'X-MVS-Test-Upload-Facts: ' . wp_json_encode( $facts ) );
		return new WP_Error( $code, 'Refused by the test extension.', array( 'status' => 507, 'limit' => 'storage_bytes' ) );
	},
	10,
	2
);
