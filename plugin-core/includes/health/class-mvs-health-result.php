<?php
/**
 * The result array of a Site Health test.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Builds what WordPress's Site Health expects from a test, with the
 * plugin's badge, so every check reads the same (docs/site-health.md).
 */
final class MVS_Health_Result {

	const GOOD        = 'good';
	const RECOMMENDED = 'recommended';
	const CRITICAL    = 'critical';

	/**
	 * A test's result.
	 *
	 * @param string $test        The test's key.
	 * @param string $status      GOOD, RECOMMENDED or CRITICAL.
	 * @param string $label       Headline (plain text).
	 * @param string $description What it means (plain text, escaped here).
	 * @param string $actions     What to do (plain text, escaped here); '' for none.
	 * @param bool   $settings    Whether to link the plugin's settings screen.
	 * @return array
	 */
	public static function make( string $test, string $status, string $label, string $description, string $actions = '', bool $settings = false ): array {
		return array(
			'label'       => $label,
			'status'      => $status,
			'badge'       => array(
				'label' => __( 'Media Community Service', 'media-community-service' ),
				'color' => 'blue',
			),
			'description' => '<p>' . esc_html( $description ) . '</p>',
			'actions'     => ( '' === $actions ? '' : '<p>' . esc_html( $actions ) . '</p>' ) . ( $settings ? self::settings_link() : '' ),
			'test'        => $test,
		);
	}

	/**
	 * A link to the plugin's settings screen, for actions that change a setting.
	 *
	 * @return string
	 */
	private static function settings_link(): string {
		return sprintf(
			'<p><a href="%s">%s</a></p>',
			esc_url( admin_url( 'admin.php?page=' . MVS_Admin::SETTINGS_SLUG ) ),
			esc_html__( 'Open the Media Community settings', 'media-community-service' )
		);
	}
}
