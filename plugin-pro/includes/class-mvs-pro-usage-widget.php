<?php
/**
 * The member's quota usage on the upload page and the media dashboard.
 *
 * @package MediaCommunityServicePro
 */

defined( 'ABSPATH' ) || exit;

/**
 * Prints the signed-in member's usage against their limits on the
 * contract's mvs_before_upload_form and mvs_dashboard_after_content
 * actions, from the same read as GET /me/quota; nothing for visitors.
 * docs/pro-quotas.md, "Usage widget".
 */
final class MVS_Pro_Usage_Widget {

	/**
	 * Attaches to the page hooks.
	 */
	public static function register(): void {
		add_action( 'mvs_before_upload_form', array( __CLASS__, 'render' ) );
		add_action( 'mvs_dashboard_after_content', array( __CLASS__, 'render' ) );
	}

	/**
	 * Prints the widget for the current member.
	 */
	public static function render(): void {
		$user_id = get_current_user_id();
		if ( ! $user_id ) {
			return;
		}
		$quota  = ( new MVS_Pro_Quotas_Service() )->report( $user_id );
		$usage  = $quota['usage'];
		$limits = $quota['limits'];
		$rows   = array(
			'image'   => array( __( 'Images', 'media-community-service-pro' ), number_format_i18n( $usage['image_count'] ), $limits['image_limit'] ? number_format_i18n( $limits['image_limit'] ) : '' ),
			'video'   => array( __( 'Videos', 'media-community-service-pro' ), number_format_i18n( $usage['video_count'] ), $limits['video_limit'] ? number_format_i18n( $limits['video_limit'] ) : '' ),
			'audio'   => array( __( 'Audio', 'media-community-service-pro' ), number_format_i18n( $usage['audio_count'] ), $limits['audio_limit'] ? number_format_i18n( $limits['audio_limit'] ) : '' ),
			'storage' => array( __( 'Storage', 'media-community-service-pro' ), self::bytes( $usage['storage_bytes'] ), $limits['storage_bytes'] ? self::bytes( $limits['storage_bytes'] ) : '' ),
		);
		echo '<div class="mvs-pro-usage"><h2 class="mvs-pro-usage__title">' . esc_html__( 'Your uploads', 'media-community-service-pro' ) . '</h2><ul class="mvs-pro-usage__list">';
		foreach ( $rows as $dimension => list( $label, $used, $limit ) ) {
			$figure = ( '' === $limit || $quota['bypass'] )
				/* translators: %s: what the member uses, e.g. "3" or "12 MB". */
				? sprintf( __( '%s (no limit)', 'media-community-service-pro' ), $used )
				/* translators: 1: what the member uses, e.g. "3" or "12 MB"; 2: their limit. */
				: sprintf( __( '%1$s of %2$s', 'media-community-service-pro' ), $used, $limit );
			$used_raw   = 'storage' === $dimension ? $usage['storage_bytes'] : $usage[ $dimension . '_count' ];
			$limit_raw  = 'storage' === $dimension ? $limits['storage_bytes'] : $limits[ $dimension . '_limit' ];
			$attributes = array(
				'class'      => 'mvs-pro-usage__item mvs-pro-usage__item--' . $dimension,
				'data-used'  => (string) $used_raw,
				'data-limit' => (string) $limit_raw,
			);
			echo '<li';
			foreach ( $attributes as $name => $value ) {
				echo ' ' . esc_attr( $name ) . '="' . esc_attr( $value ) . '"';
			}
			echo '><span class="mvs-pro-usage__label">' . esc_html( $label ) . '</span> <span class="mvs-pro-usage__figure">' . esc_html( $figure ) . '</span></li>';
		}
		echo '</ul>';
		$credits = array_filter( $quota['credits'] );
		if ( $credits ) {
			$parts = array();
			foreach ( $credits as $type => $count ) {
				$parts[] = $rows[ $type ][0] . ' ' . number_format_i18n( $count );
			}
			/* translators: %s: credit balances per type, e.g. "Images 2, Videos 1". */
			echo '<p class="mvs-pro-usage__credits">' . esc_html( sprintf( __( 'Extra upload credits: %s', 'media-community-service-pro' ), implode( ', ', $parts ) ) ) . '</p>';
		}
		echo '</div>';
	}

	/**
	 * A size for people: whole bytes and kilobytes, one decimal above.
	 *
	 * @param int $bytes Raw bytes.
	 * @return string
	 */
	private static function bytes( int $bytes ): string {
		return (string) size_format( $bytes, $bytes < MB_IN_BYTES ? 0 : 1 );
	}
}
