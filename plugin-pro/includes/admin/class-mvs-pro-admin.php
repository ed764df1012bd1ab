<?php
/**
 * The Quotas screen: a page under core's "Media Community" menu and the
 * React app built from admin-ui/src/quotas.tsx into build/admin/.
 *
 * @package MediaCommunityServicePro
 */

defined( 'ABSPATH' ) || exit;

/**
 * Page shell and asset loading of the Quotas screen (manage_mvs_settings).
 * The screen talks only to REST routes; PHP renders an empty root that
 * carries the site's roles, which no REST route lists. docs/pro-quotas.md,
 * "The Quotas screen".
 */
final class MVS_Pro_Admin {

	const SLUG   = 'mvs-quotas';
	const HANDLE = 'mvs-pro-admin-quotas';

	/**
	 * Hook suffix of the page, once added.
	 *
	 * @var string
	 */
	private static $page = '';

	/**
	 * Wires the hooks. After core's admin_menu (10), whose menu it joins.
	 */
	public static function register(): void {
		add_action( 'admin_menu', array( __CLASS__, 'menu' ), 20 );
		add_action( 'admin_enqueue_scripts', array( __CLASS__, 'enqueue' ) );
	}

	/**
	 * Adds the Quotas page under core's menu.
	 */
	public static function menu(): void {
		$page       = add_submenu_page(
			MVS_Admin::menu_parent(),
			__( 'Quotas', 'media-community-service-pro' ),
			__( 'Quotas', 'media-community-service-pro' ),
			'manage_mvs_settings',
			self::SLUG,
			array( __CLASS__, 'render' )
		);
		self::$page = $page ? $page : '';
	}

	/**
	 * The heading and the root the app mounts into, with the roles a package
	 * can be tied to (slug => translated name).
	 */
	public static function render(): void {
		$roles = array();
		foreach ( wp_roles()->get_names() as $slug => $name ) {
			$roles[] = array(
				'slug' => $slug,
				'name' => translate_user_role( $name ),
			);
		}
		echo '<div class="wrap mvs-admin">';
		echo '<h1>' . esc_html__( 'Quotas', 'media-community-service-pro' ) . '</h1>';
		if ( ! is_readable( self::asset_file() ) ) {
			// The build output is not committed: say how to make it instead of an empty page.
			echo '<div class="notice notice-error"><p>' . esc_html__( 'The Quotas screen is not built. Run "npm run build" in the plugin repository.', 'media-community-service-pro' ) . '</p></div>';
		}
		echo '<div id="mvs-quotas-root" data-roles="' . esc_attr( (string) wp_json_encode( $roles ) ) . '"></div>';
		echo '</div>';
	}

	/**
	 * Path of the app's .asset.php (dependencies and version written by the build).
	 *
	 * @return string
	 */
	private static function asset_file(): string {
		return MVS_PRO_PLUGIN_DIR . '/build/admin/quotas.asset.php';
	}

	/**
	 * Loads the app on its page, with the dependencies the build listed and
	 * Pro's script translations.
	 *
	 * @param string $hook_suffix Current admin page.
	 */
	public static function enqueue( $hook_suffix ): void {
		if ( '' === self::$page || self::$page !== $hook_suffix || ! is_readable( self::asset_file() ) ) {
			return;
		}
		$asset = require self::asset_file();
		wp_enqueue_script(
			self::HANDLE,
			plugins_url( 'build/admin/quotas.js', MVS_PRO_PLUGIN_FILE ),
			$asset['dependencies'],
			$asset['version'],
			true
		);
		wp_set_script_translations( self::HANDLE, 'media-community-service-pro', MVS_PRO_PLUGIN_DIR . '/languages' );
		$css = 'build/admin/quotas.css';
		if ( is_readable( MVS_PRO_PLUGIN_DIR . '/' . $css ) ) {
			wp_enqueue_style( self::HANDLE, plugins_url( $css, MVS_PRO_PLUGIN_FILE ), array( 'wp-components' ), $asset['version'] );
			wp_style_add_data( self::HANDLE, 'rtl', 'replace' );
			wp_style_add_data( self::HANDLE, 'suffix', '' );
		} else {
			wp_enqueue_style( 'wp-components' );
		}
	}
}
