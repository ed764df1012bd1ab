<?php
/**
 * The welcome banner of the plugin's wp-admin screens.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Shown on the plugin's own screens (Moderation, Settings) to each user
 * until that user dismisses it; the Dismiss button calls
 * POST /mvs/v1/admin/welcome/dismiss, so the choice holds on every browser.
 */
final class MVS_Admin_Welcome {

	/**
	 * Wires the hooks.
	 */
	public static function register(): void {
		add_action( 'admin_notices', array( __CLASS__, 'render' ) );
	}

	/**
	 * Whether the current screen is one of the plugin's.
	 *
	 * @return bool
	 */
	private static function on_plugin_screen(): bool {
		$screen = function_exists( 'get_current_screen' ) ? get_current_screen() : null;
		if ( ! $screen ) {
			return false;
		}
		foreach ( array( MVS_Admin::MODERATION_SLUG, MVS_Admin::SETTINGS_SLUG ) as $slug ) {
			$suffix = '_page_' . $slug;
			if ( substr( (string) $screen->id, -strlen( $suffix ) ) === $suffix ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Prints the banner and its Dismiss behaviour.
	 */
	public static function render(): void {
		if ( ! self::on_plugin_screen() || MVS_Dismissals::has( get_current_user_id(), MVS_Dismissals::ADMIN_WELCOME ) ) {
			return;
		}
		wp_enqueue_script( 'wp-api-fetch' );
		wp_add_inline_script(
			'wp-api-fetch',
			'document.addEventListener("click",function(e){var b=e.target.closest(".mvs-welcome-dismiss");if(!b){return;}b.disabled=true;'
			. 'wp.apiFetch({path:"/mvs/v1/admin/welcome/dismiss",method:"POST"}).then(function(){b.closest(".mvs-welcome").remove();},function(){b.disabled=false;});});'
		);
		echo '<div class="notice notice-info mvs-welcome"><p><strong>' . esc_html__( 'Welcome to Media Community', 'media-community-service' ) . '</strong></p>';
		// Only what this user can open: a moderator is not pointed at Settings.
		if ( current_user_can( 'moderate_mvs_media' ) ) {
			printf(
				'<p>%s</p>',
				sprintf(
					/* translators: %s: link to the Moderation screen. */
					esc_html__( '%s lists uploads waiting for a decision and items flagged by reports or analysis.', 'media-community-service' ),
					'<a href="' . esc_url( admin_url( 'admin.php?page=' . MVS_Admin::MODERATION_SLUG ) ) . '">' . esc_html__( 'Moderation', 'media-community-service' ) . '</a>'
				)
			);
		}
		if ( current_user_can( 'manage_mvs_settings' ) || current_user_can( 'manage_options' ) ) {
			printf(
				'<p>%s</p>',
				sprintf(
					/* translators: %s: link to the Settings screen. */
					esc_html__( '%s holds privacy, upload, file delivery, moderation, AI, account and comment settings.', 'media-community-service' ),
					'<a href="' . esc_url( admin_url( 'admin.php?page=' . MVS_Admin::SETTINGS_SLUG ) ) . '">' . esc_html__( 'Settings', 'media-community-service' ) . '</a>'
				)
			);
		}
		echo '<p><button type="button" class="button mvs-welcome-dismiss">' . esc_html__( 'Dismiss', 'media-community-service' ) . '</button></p></div>';
	}
}
