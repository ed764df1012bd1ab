<?php
/**
 * GET /app/config: what a native client reads at start.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_App_Config_Handler from the appearance
 * settings, the feature toggles and whether Pro is active. The choices
 * (null for unset, which features are on) are in docs/native-app.md.
 */
final class MVS_App_Config_Service implements MVS_App_Config_Handler {

	/**
	 * The mvs_dm_access values that turn messaging off (the contract's list;
	 * the setting declares only `nobody` of them).
	 */
	const DM_OFF = array( 'nobody', 'disabled', 'none' );

	/**
	 * GET /app/config.
	 *
	 * @param MVS_Get_App_Config_Args $args Arguments (none).
	 * @return array
	 */
	public function get_app_config( MVS_Get_App_Config_Args $args ) {
		$accent = (string) MVS_Settings::get( 'app_accent_color' );
		return array(
			'accent_color'      => '' === $accent ? null : strtolower( $accent ),
			'logo_url'          => self::url( 'app_logo_url' ),
			'login_bg_url'      => self::url( 'app_login_bg_url' ),
			'dark_mode_default' => (bool) MVS_Settings::get( 'app_dark_mode_default' ),
			'layout'            => (string) MVS_Settings::get( 'app_layout' ),
			'pro_active'        => defined( 'MVS_PRO_VERSION' ),
			'features'          => self::features(),
		);
	}

	/**
	 * A URL setting, null when empty.
	 *
	 * @param string $key Setting key.
	 * @return string|null
	 */
	private static function url( string $key ): ?string {
		$url = esc_url_raw( (string) MVS_Settings::get( $key ) );
		return '' === $url ? null : $url;
	}

	/**
	 * The contract's toggles, then the extensions' (filter
	 * mvs_app_config_features), every value a boolean.
	 *
	 * @return array<string, bool>
	 */
	private static function features(): array {
		$features = array(
			'messaging'     => ! in_array( (string) MVS_Settings::get( 'dm_access' ), self::DM_OFF, true ),
			'reactions'     => true,
			'comments'      => true,
			'favorites'     => true,
			'albums'        => true,
			'collections'   => true,
			'follows'       => true,
			'notifications' => true,
			'activity'      => true,
		);
		/**
		 * Filters the feature toggles of GET /mvs/v1/app/config, e.g. to add
		 * an extension's (battles, stories) or turn one off. Values are cast
		 * to booleans; the contract's toggles stay present.
		 *
		 * @param array<string, bool> $features Toggle name => on.
		 */
		$filtered = apply_filters( 'mvs_app_config_features', $features );
		foreach ( is_array( $filtered ) ? $filtered : array() as $name => $on ) {
			if ( is_string( $name ) && '' !== $name ) {
				$features[ $name ] = (bool) $on;
			}
		}
		return $features;
	}
}
