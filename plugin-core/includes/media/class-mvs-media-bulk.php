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
 * half-applied state. Auth (logged in), the 100-ID cap, mvs_no_ids for a
 * missing or empty list, the rate limit and the conditional album_id/privacy
 * fields are enforced by the generated controller before this runs.
 */
final class MVS_Media_Bulk implements MVS_Media_Bulk_Handler {

	/**
	 * The one per-item delete routine.
	 *
	 * @var MVS_Media_Deleter
	 */
	private $deleter;

	/**
	 * Data access.
	 *
	 * @var MVS_Media_Repository
	 */
	private $media;

	/**
	 * Album placement.
	 *
	 * @var MVS_Album_Repository
	 */
	private $albums;

	/**
	 * The album check of a move.
	 *
	 * @var MVS_Media_Placement_Checks
	 */
	private $placement;

	/**
	 * Wires collaborators (defaults for production; tests may inject).
	 *
	 * @param MVS_Media_Repository|null $media   Data access.
	 * @param MVS_Album_Repository|null $albums  Album placement.
	 * @param MVS_Media_Deleter|null    $deleter The delete routine.
	 */
	public function __construct( ?MVS_Media_Repository $media = null, ?MVS_Album_Repository $albums = null, ?MVS_Media_Deleter $deleter = null ) {
		$this->media     = $media ? $media : new MVS_Media_Repository();
		$this->albums    = $albums ? $albums : new MVS_Album_Repository();
		$this->deleter   = $deleter ? $deleter : new MVS_Media_Deleter( $this->media, null, $this->albums );
		$this->placement = new MVS_Media_Placement_Checks( $this->albums );
	}

	/**
	 * POST /media/bulk: validates every ID, then applies the action to all of them or to none.
	 *
	 * @param MVS_Bulk_Media_Args $args Authorized, validated arguments.
	 * @return array|WP_Error
	 */
	public function bulk_media( MVS_Bulk_Media_Args $args ) {
		// Non-empty, positive and unique: the controller answers mvs_no_ids otherwise, MVS_Sanitize::id_list() dedupes.
		$ids    = array_map( 'intval', $args->media_ids );
		$action = $args->action;
		$viewer = get_current_user_id();

		$album_id = 0;
		if ( 'move_to_album' === $action ) {
			$album_id = (int) $args->album_id;
			$checked  = $this->placement->album( $album_id, $viewer );
			if ( is_wp_error( $checked ) ) {
				return $checked;
			}
		}
		if ( 'change_privacy' === $action && 'group' === $args->privacy ) {
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

		$applied = $this->apply( $action, $ids, $rows, $album_id, (string) $args->privacy );
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
		// Exactly what DELETE or PUT /media/{id} would allow for this item.
		$owner   = (int) $row->author_id;
		$allowed = 'delete' === $action ? MVS_Core_Owner_Rules::delete_media( $owner, $viewer ) : MVS_Core_Owner_Rules::update_media( $owner, $viewer );
		return $allowed ? null : 'mvs_forbidden';
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
		// One transaction for the whole action; each item's delete joins it.
		MVS_Transaction::begin();
		$ok = true;
		if ( 'delete' === $action ) {
			$this->deleter->begin_batch();
			foreach ( $ids as $id ) {
				if ( true !== $this->deleter->delete( $id ) ) {
					$ok = false;
					break;
				}
			}
		} elseif ( 'move_to_album' === $action ) {
			$position  = $this->albums->next_position( $album_id );
			$positions = array();
			foreach ( $ids as $id ) {
				$positions[ $id ] = $position++;
			}
			$ok = $this->albums->place( $album_id, $positions );
			if ( $ok ) {
				$albums = array_unique( array_merge( array( $album_id ), array_map( 'intval', wp_list_pluck( $rows, 'album_id' ) ) ) );
				foreach ( $albums as $album ) {
					$this->albums->refresh_count( (int) $album );
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
		$ok = MVS_Transaction::end( $ok );
		if ( 'delete' === $action ) {
			$this->deleter->finish_batch( $ok );
		}
		if ( $ok && 'change_privacy' === $action ) {
			foreach ( $rows as $row ) {
				if ( $row->privacy !== $privacy ) {
					/** This action is documented in includes/media/class-mvs-media-items-service.php */
					do_action( 'mvs_media_privacy_changed', $row, $privacy );
				}
			}
		}
		return $ok ? true : MVS_Errors::make( 'mvs_storage_failed', __( 'The change could not be saved; nothing was changed.', 'media-community-service' ) );
	}
}
