<?php
/**
 * Domain logic of the counter, stats, access and signed-URL routes of media.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Media_Activity_Handler. The generated
 * controller has already checked login, rate limits and input; what is
 * left is the per-item privacy decision and the counters.
 */
final class MVS_Media_Activity implements MVS_Media_Activity_Handler {

	/**
	 * Data access.
	 *
	 * @var MVS_Media_Repository
	 */
	private $media;

	/**
	 * Counters.
	 *
	 * @var MVS_Media_Counters
	 */
	private $counters;

	/**
	 * Wires collaborators (defaults for production; tests may inject).
	 *
	 * @param MVS_Media_Repository|null $media    Data access.
	 * @param MVS_Media_Counters|null   $counters Counters.
	 */
	public function __construct( ?MVS_Media_Repository $media = null, ?MVS_Media_Counters $counters = null ) {
		$this->media    = $media ? $media : new MVS_Media_Repository();
		$this->counters = $counters ? $counters : new MVS_Media_Counters();
	}

	/**
	 * POST /media/{id}/view.
	 *
	 * @param MVS_Record_Media_View_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function record_media_view( MVS_Record_Media_View_Args $args ) {
		return $this->record( $args->id, 'view', (string) $args->user_agent );
	}

	/**
	 * POST /media/{id}/download.
	 *
	 * @param MVS_Record_Media_Download_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function record_media_download( MVS_Record_Media_Download_Args $args ) {
		return $this->record( $args->id, 'download' );
	}

	/**
	 * POST /media/{id}/share.
	 *
	 * @param MVS_Record_Media_Share_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function record_media_share( MVS_Record_Media_Share_Args $args ) {
		return $this->record( $args->id, 'share' );
	}

	/**
	 * One event of POST /media/{id}/view, /download or /share: the item's stats after it.
	 *
	 * @param int    $media_id   Media item.
	 * @param string $event      view | download | share.
	 * @param string $user_agent For a view: the caller's User-Agent, which tells anonymous viewers behind one address apart.
	 * @return array|WP_Error
	 */
	private function record( int $media_id, string $event, string $user_agent = '' ) {
		$row = $this->media->find_viewable( $media_id, get_current_user_id() );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		$id = (int) $row->id;
		if ( 'download' === $event && ! MVS_Media_Counters::downloads_allowed( $id ) ) {
			return MVS_Errors::make( 'mvs_forbidden', __( 'Downloads of this item are turned off.', 'media-community-service' ) );
		}
		$ok = 'view' === $event
			? $this->counters->record_view( $id, get_current_user_id(), $user_agent )
			: $this->counters->record( $id, $event, get_current_user_id() );
		if ( ! $ok ) {
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		return $this->counters->item_stats( $id );
	}

	/**
	 * GET /media/{id}/access.
	 *
	 * @param MVS_Get_Media_Access_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function get_media_access( MVS_Get_Media_Access_Args $args ) {
		$row = $this->media->find( $args->id );
		if ( ! $row ) {
			return MVS_Errors::make( 'mvs_not_found', __( 'Media item not found.', 'media-community-service' ) );
		}
		$viewer   = get_current_user_id();
		$is_owner = $viewer > 0 && (int) $row->author_id === $viewer;
		$can_view = MVS_Media_Visibility::can_view( $row, $viewer );
		// The contract: 403 when the caller can neither view nor owns the item.
		if ( ! $can_view && ! $is_owner ) {
			return MVS_Errors::make( 'mvs_forbidden', __( 'You are not allowed to view this media item.', 'media-community-service' ) );
		}
		return array(
			'media_id' => (int) $row->id,
			'can_view' => $can_view,
			'privacy'  => (string) $row->privacy,
			'is_owner' => $is_owner,
		);
	}

	/**
	 * GET /media/{id}/stats.
	 *
	 * @param MVS_Get_Media_Stats_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function get_media_stats( MVS_Get_Media_Stats_Args $args ) {
		$row = $this->media->find_viewable( $args->id, get_current_user_id() );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		return $this->counters->item_stats( (int) $row->id );
	}

	/**
	 * GET /me/stats: sums over every item the caller uploaded, whatever its privacy.
	 *
	 * @param MVS_Get_My_Stats_Args $args The route takes no arguments.
	 * @return array
	 */
	public function get_my_stats( MVS_Get_My_Stats_Args $args ) {
		return $this->counters->author_stats( get_current_user_id() );
	}

	/**
	 * GET /media/{id}/signed-url: a URL bound to the caller.
	 *
	 * @param MVS_Get_Media_Signed_Url_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function get_media_signed_url( MVS_Get_Media_Signed_Url_Args $args ) {
		$row = $this->media->find_viewable( $args->id, get_current_user_id() );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		$download = $args->download;
		if ( $download && ! MVS_Media_Counters::downloads_allowed( (int) $row->id ) ) {
			return MVS_Errors::make( 'mvs_forbidden', __( 'Downloads of this item are turned off.', 'media-community-service' ) );
		}
		$expires = time() + MVS_Url_Signer::ttl( $args->ttl );
		return array(
			'url'     => MVS_Url_Signer::url( (int) $row->id, get_current_user_id(), $expires, (string) $args->size, $download ),
			'expires' => $expires,
		);
	}
}
