<?php
/**
 * wp-admin screens: the "Media Community" menu, its Moderation and Settings
 * pages, and the React apps built from admin-ui/ into build/admin/.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Menu, page shells and asset loading. The screens themselves are React apps
 * that talk only to the plugin's REST routes; PHP renders an empty root.
 */
final class MVS_Admin {

	const MODERATION_SLUG = 'mvs-moderation';
	const SETTINGS_SLUG   = 'mvs-settings';
	const OVERVIEW_SLUG   = 'mvs-overview';

	/**
	 * Hook suffixes of our pages, keyed by app name (moderation, overview, settings).
	 *
	 * @var array<string, string>
	 */
	private static $pages = array();

	/**
	 * Wires the hooks.
	 */
	public static function register(): void {
		add_action( 'admin_menu', array( __CLASS__, 'menu' ) );
		add_action( 'admin_enqueue_scripts', array( __CLASS__, 'register_jsx_runtime' ), 1 );
		add_action( 'admin_enqueue_scripts', array( __CLASS__, 'enqueue' ) );
		add_filter( 'login_redirect', array( __CLASS__, 'login_redirect' ), 10, 3 );
		MVS_Admin_Queue_Count::register();
	}

	/**
	 * The capability the settings page needs: WordPress menus take one, the
	 * route accepts either manage_mvs_settings or manage_options.
	 *
	 * @return string
	 */
	private static function settings_cap(): string {
		return current_user_can( 'manage_mvs_settings' ) ? 'manage_mvs_settings' : 'manage_options';
	}

	/**
	 * Slug of the top-level menu for the current user: its first page is the
	 * first one they may see. Extensions add their pages under it.
	 *
	 * @return string
	 */
	public static function menu_parent(): string {
		return current_user_can( 'moderate_mvs_media' ) ? self::MODERATION_SLUG : self::SETTINGS_SLUG;
	}

	/**
	 * Sends moderators who do not run the site to the moderation desk after
	 * login, where WordPress would send them to Profile (they cannot edit
	 * posts). Only when the login asked for no page of its own, or for the
	 * dashboard: a redirect_to of another page is kept.
	 *
	 * @param string           $redirect_to Where WordPress sends the user.
	 * @param string           $requested   The redirect_to the login asked for.
	 * @param WP_User|WP_Error $user        The user, or why the login failed.
	 * @return string
	 */
	public static function login_redirect( $redirect_to, $requested, $user ) {
		if ( ! $user instanceof WP_User || ! $user->has_cap( 'moderate_mvs_media' ) || $user->has_cap( 'manage_options' ) ) {
			return $redirect_to;
		}
		if ( '' !== (string) $requested && admin_url() !== $requested && 'wp-admin/' !== $requested ) {
			return $redirect_to;
		}
		return admin_url( 'admin.php?page=' . self::MODERATION_SLUG );
	}

	/**
	 * Adds the top-level menu and its two pages. The top-level entry opens
	 * the first page the user may see, so a settings-only admin still gets it.
	 */
	public static function menu(): void {
		$can_moderate = current_user_can( 'moderate_mvs_media' );
		$parent       = self::menu_parent();
		$bubble       = '';
		if ( $can_moderate ) {
			$count = MVS_Admin_Queue_Count::count();
			if ( $count > 0 ) {
				$bubble = sprintf(
					' <span class="awaiting-mod count-%1$d"><span class="pending-count" aria-hidden="true">%2$s</span><span class="screen-reader-text">%3$s</span></span>',
					$count,
					esc_html( number_format_i18n( $count ) ),
					/* translators: %s: number of items awaiting moderation. */
					esc_html( sprintf( _n( '%s item awaiting moderation', '%s items awaiting moderation', $count, 'media-community-service' ), number_format_i18n( $count ) ) )
				);
			}
		}
		add_menu_page(
			__( 'Media Community', 'media-community-service' ),
			__( 'Media Community', 'media-community-service' ) . $bubble,
			$can_moderate ? 'moderate_mvs_media' : self::settings_cap(),
			$parent,
			$can_moderate ? array( __CLASS__, 'render_moderation' ) : array( __CLASS__, 'render_settings' ),
			'dashicons-format-gallery',
			26
		);
		$moderation = add_submenu_page(
			$parent,
			__( 'Moderation', 'media-community-service' ),
			__( 'Moderation', 'media-community-service' ) . $bubble,
			'moderate_mvs_media',
			self::MODERATION_SLUG,
			array( __CLASS__, 'render_moderation' )
		);
		$overview   = add_submenu_page(
			$parent,
			__( 'Community overview', 'media-community-service' ),
			__( 'Overview', 'media-community-service' ),
			'moderate_mvs_media',
			self::OVERVIEW_SLUG,
			array( __CLASS__, 'render_overview' )
		);
		$settings   = add_submenu_page(
			$parent,
			__( 'Media Community Settings', 'media-community-service' ),
			__( 'Settings', 'media-community-service' ),
			self::settings_cap(),
			self::SETTINGS_SLUG,
			array( __CLASS__, 'render_settings' )
		);
		if ( $moderation ) {
			self::$pages['moderation'] = $moderation;
		}
		if ( $settings ) {
			self::$pages['settings'] = $settings;
		}
		if ( $overview ) {
			self::$pages['overview'] = $overview;
		}
	}

	/**
	 * Moderation page shell.
	 */
	public static function render_moderation(): void {
		self::render_shell( 'moderation', __( 'Moderation', 'media-community-service' ) );
	}

	/**
	 * Community overview page shell (docs/community-overview.md).
	 */
	public static function render_overview(): void {
		self::render_shell( 'overview', __( 'Community overview', 'media-community-service' ) );
	}

	/**
	 * Settings page shell.
	 */
	public static function render_settings(): void {
		self::render_shell( 'settings', __( 'Media Community Settings', 'media-community-service' ) );
	}

	/**
	 * The page heading and the empty root the React app mounts into.
	 *
	 * @param string $app   App name.
	 * @param string $title Translated page title.
	 */
	private static function render_shell( string $app, string $title ): void {
		echo '<div class="wrap mvs-admin">';
		echo '<h1>' . esc_html( $title ) . '</h1>';
		if ( ! is_readable( self::asset_file( $app ) ) ) {
			// The build output is not committed: say how to make it instead of an empty page.
			echo '<div class="notice notice-error"><p>' . esc_html__( 'The admin screens are not built. Run "npm run build" in the plugin repository.', 'media-community-service' ) . '</p></div>';
		}
		echo '<div id="' . esc_attr( 'mvs-' . $app . '-root' ) . '"></div>';
		echo '</div>';
	}

	/**
	 * Path of an app's .asset.php (dependencies and version written by the build).
	 *
	 * @param string $app App name.
	 * @return string
	 */
	private static function asset_file( string $app ): string {
		return MVS_PLUGIN_DIR . '/build/admin/' . $app . '.asset.php';
	}

	/**
	 * Registers the `react-jsx-runtime` handle when WordPress lacks it (6.5;
	 * core has it from 6.6), so the built scripts' dependency resolves.
	 */
	public static function register_jsx_runtime(): void {
		if ( wp_script_is( 'react-jsx-runtime', 'registered' ) ) {
			return;
		}
		wp_register_script(
			'react-jsx-runtime',
			plugins_url( 'includes/admin/js/react-jsx-runtime.js', MVS_PLUGIN_FILE ),
			array( 'react' ),
			MVS_VERSION,
			true
		);
	}

	/**
	 * Loads the app of the current page with the dependencies the build listed.
	 *
	 * @param string $hook_suffix Current admin page.
	 */
	public static function enqueue( $hook_suffix ): void {
		$app = array_search( $hook_suffix, self::$pages, true );
		if ( false === $app || ! is_readable( self::asset_file( $app ) ) ) {
			return;
		}
		$asset  = require self::asset_file( $app );
		$handle = 'mvs-admin-' . $app;
		wp_enqueue_script(
			$handle,
			plugins_url( 'build/admin/' . $app . '.js', MVS_PLUGIN_FILE ),
			$asset['dependencies'],
			$asset['version'],
			true
		);
		wp_set_script_translations( $handle, 'media-community-service', MVS_PLUGIN_DIR . '/languages' );
		// Both screens share one stylesheet, built from admin-ui/src/style.scss.
		$css = 'build/admin/style-admin-style.css';
		if ( is_readable( MVS_PLUGIN_DIR . '/' . $css ) ) {
			wp_enqueue_style( 'mvs-admin', plugins_url( $css, MVS_PLUGIN_FILE ), array( 'wp-components' ), $asset['version'] );
			wp_style_add_data( 'mvs-admin', 'rtl', 'replace' );
			wp_style_add_data( 'mvs-admin', 'suffix', '' );
		} else {
			wp_enqueue_style( 'wp-components' );
		}
		// A screen's own styles (the overview's charts), when its build has some.
		$own = 'build/admin/' . $app . '.css';
		if ( is_readable( MVS_PLUGIN_DIR . '/' . $own ) ) {
			wp_enqueue_style( $handle, plugins_url( $own, MVS_PLUGIN_FILE ), array(), $asset['version'] );
			wp_style_add_data( $handle, 'rtl', 'replace' );
			wp_style_add_data( $handle, 'suffix', '' );
		}
	}
}
