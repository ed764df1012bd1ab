<?php
/**
 * POST /media/bulk: delete, move to an album, or change privacy of up to 100 items.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * All or nothing. Every ID is checked first (exists, visible to the caller,
 * and the caller holds the action's capability for it: the owner's own
 * capability or the "others" one); if any fails nothing is applied and the
 * answer lists each ID's outcome. Otherwise the changes run inside one
 * database transaction, so a failure half-way rolls back and never leaves
 * half-applied state. Auth (logged in), the 100-ID cap, the rate limit and
 * the conditional album_id/privacy fields are enforced by the generated
 * controller before this runs.
 *
 * phpcs:disable WordPress.DB.DirectDatabaseQuery -- transaction statements.
 */
final class MVS_Media_Bulk {

	/**
	 * Media service (its delete_item() is the one per-item delete routine).
	 *
	 * @var MVS_Media_Service
	 */
	private $service;

	/**
	 * Data access.
	 *
	 * @var MVS_Media_Repository
	 */
	private $media;

	/**
	 * Wires collaborators.
	 *
	 * @param MVS_Media_Service    $service Media service.
	 * @param MVS_Media_Repository $media   Data access.
	 */
	public function __construct( MVS_Media_Service $service, MVS_Media_Repository $media ) {
		$this->service = $service;
		$this->media   = $media;
	}

	/**
	 * Validates every ID, then applies the action to all of them or to none.
	 *
	 * @param WP_REST_Request $request Authorized, validated request.
	 * @return array|WP_Error
	 */
	public function run( WP_REST_Request $request ) {
		$ids = array_values( array_unique( array_filter( array_map( 'absint', (array) $request['media_ids'] ) ) ) );
		if ( ! $ids ) {
			return MVS_Errors::make( 'mvs_no_ids', __( 'Send at least one media ID in media_ids.', 'media-community-service' ) );
		}
		$action = (string) $request['action'];
		$viewer = get_current_user_id();

		$album_id = 0;
		if ( 'move_to_album' === $action ) {
			$album_id = (int) $request['album_id'];
			$author   = $this->media->album_author( $album_id );
			$may_edit = null !== $author && ( user_can( $viewer, 'edit_others_mvs_medias' ) || ( $author === $viewer && user_can( $viewer, 'edit_mvs_medias' ) ) );
			if ( ! $may_edit ) {
				return MVS_Errors::make(
					'mvs_invalid_param',
					__( 'That album does not exist or is not yours.', 'media-community-service' ),
					array( 'params' => array( 'album_id' ) )
				);
			}
		}
		if ( 'change_privacy' === $action && 'group' === $request['privacy'] ) {
			// The bulk body has no group_id, and a group item without a group would be hidden from everyone.
			return MVS_Errors::make(
				'mvs_invalid_param',
				__( 'Group privacy needs a group; change it per item with PUT /media/{id}.', 'media-community-service' ),
				array( 'params' => array( 'privacy' ) )
			);
		}

		$rows     = $this->media->find_many( $ids );
		$results  = array();
		$rejected = array();
		foreach ( $ids as $id ) {
			$code = $this->refusal( $rows[ $id ] ?? null, $action, $viewer );
			if ( null === $code ) {
				$results[] = array(
					'id' => $id,
					'ok' => true,
				);
			} else {
				$rejected[ $code ] = true;
				$results[]         = array(
					'id'   => $id,
					'ok'   => false,
					'code' => $code,
				);
			}
		}
		if ( $rejected ) {
			// Nothing applied; say which IDs blocked the batch and why.
			$code = isset( $rejected['mvs_forbidden'] ) ? 'mvs_forbidden' : 'mvs_not_found';
			return MVS_Errors::make(
				$code,
				__( 'Nothing was changed: some items do not exist or you may not change them.', 'media-community-service' ),
				array(
					'applied' => false,
					'results' => $results,
				)
			);
		}

		$applied = $this->apply( $action, $ids, $rows, $album_id, (string) $request['privacy'] );
		if ( is_wp_error( $applied ) ) {
			return $applied;
		}
		return array(
			'action'  => $action,
			'applied' => true,
			'count'   => count( $ids ),
			'results' => $results,
		);
	}

	/**
	 * Why the caller may not apply the action to an item, or null when they may.
	 * An item the caller cannot even see is reported as missing, so bulk
	 * requests cannot probe for other members' private items.
	 *
	 * @param object|null $row    mvs_media row.
	 * @param string      $action Bulk action.
	 * @param int         $viewer Caller.
	 * @return string|null Error code.
	 */
	private function refusal( $row, string $action, int $viewer ): ?string {
		if ( ! $row || ! MVS_Media_Visibility::can_view( $row, $viewer ) ) {
			return 'mvs_not_found';
		}
		$own    = 'delete' === $action ? 'delete_mvs_medias' : 'edit_mvs_medias';
		$others = 'delete' === $action ? 'delete_others_mvs_medias' : 'edit_others_mvs_medias';
		if ( user_can( $viewer, $others ) ) {
			return null;
		}
		if ( (int) $row->author_id === $viewer && user_can( $viewer, $own ) ) {
			return null;
		}
		return 'mvs_forbidden';
	}

	/**
	 * Applies the action inside one transaction.
	 *
	 * @param string              $action   Bulk action.
	 * @param int[]               $ids      Validated media IDs.
	 * @param array<int, object>  $rows     Their rows.
	 * @param int                 $album_id Target album (move_to_album).
	 * @param string              $privacy  Target privacy (change_privacy).
	 * @return true|WP_Error
	 */
	private function apply( string $action, array $ids, array $rows, int $album_id, string $privacy ) {
		global $wpdb;
		$wpdb->query( 'START TRANSACTION' );
		$ok = true;
		if ( 'delete' === $action ) {
			$this->service->begin_batch();
			foreach ( $ids as $id ) {
				if ( true !== $this->service->delete_item( $id ) ) {
					$ok = false;
					break;
				}
			}
		} elseif ( 'move_to_album' === $action ) {
			$position  = $this->media->next_album_position( $album_id );
			$positions = array();
			foreach ( $ids as $id ) {
				$positions[ $id ] = $position++;
			}
			$ok = $this->media->place_in_album( $album_id, $positions );
			if ( $ok ) {
				$albums = array_unique( array_merge( array( $album_id ), array_map( 'intval', wp_list_pluck( $rows, 'album_id' ) ) ) );
				foreach ( $albums as $album ) {
					$this->media->refresh_album_count( (int) $album );
				}
			}
		} else {
			$ok = $this->media->update_many(
				$ids,
				array(
					'privacy'    => $privacy,
					'group_id'   => 0,
					'updated_at' => current_time( 'mysql', true ),
				)
			);
		}
		$wpdb->query( $ok ? 'COMMIT' : 'ROLLBACK' );
		if ( 'delete' === $action ) {
			$this->service->finish_batch( $ok );
		}
		if ( $ok && 'change_privacy' === $action ) {
			foreach ( $rows as $row ) {
				if ( $row->privacy !== $privacy ) {
					/** This action is documented in includes/media/class-mvs-media-service.php */
					do_action( 'mvs_media_privacy_changed', $row, $privacy );
				}
			}
		}
		return $ok ? true : MVS_Errors::make( 'mvs_storage_failed', __( 'The change could not be saved; nothing was changed.', 'media-community-service' ) );
	}
}
