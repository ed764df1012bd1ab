<?php
/**
 * Domain logic of the counter, stats, access and signed-URL routes of media.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * MVS_Media_Service delegates these routes here, with the item id its
 * arguments carry (the signed-URL route with its MVS_Get_Media_Signed_Url_Args).
 * The generated controller has already checked login, rate limits and input;
 * what is left is the per-item privacy decision and the counters.
 */
final class MVS_Media_Activity {

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
	 * Wires collaborators.
	 *
	 * @param MVS_Media_Repository $media    Data access.
	 * @param MVS_Media_Counters   $counters Counters.
	 */
	public function __construct( MVS_Media_Repository $media, MVS_Media_Counters $counters ) {
		$this->media    = $media;
		$this->counters = $counters;
	}

	/**
	 * POST /media/{id}/view, /download and /share: the item's stats after the event.
	 *
	 * @param int    $media_id   Media item.
	 * @param string $event      view | download | share.
	 * @param string $user_agent For a view: the caller's User-Agent, which tells anonymous viewers behind one address apart.
	 * @return array|WP_Error
	 */
	public function record( int $media_id, string $event, string $user_agent = '' ) {
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
	 * @param int $media_id Media item.
	 * @return array|WP_Error
	 */
	public function access( int $media_id ) {
		$row = $this->media->find( $media_id );
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
	 * @param int $media_id Media item.
	 * @return array|WP_Error
	 */
	public function stats( int $media_id ) {
		$row = $this->media->find_viewable( $media_id, get_current_user_id() );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		return $this->counters->item_stats( (int) $row->id );
	}

	/**
	 * GET /me/stats: sums over every item the caller uploaded, whatever its privacy.
	 *
	 * @return array
	 */
	public function my_stats(): array {
		return $this->counters->author_stats( get_current_user_id() );
	}

	/**
	 * GET /media/{id}/signed-url: a URL bound to the caller.
	 *
	 * @param MVS_Get_Media_Signed_Url_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function signed_url( MVS_Get_Media_Signed_Url_Args $args ) {
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
