<?php
/**
 * Domain logic of the reaction routes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Reactions_Handler: one reaction per member
 * per item, of a type MVS_Reaction_Types allows. Every route answers the
 * item's ReactionSummary, so a client updates its counts from the answer.
 */
final class MVS_Reactions_Service implements MVS_Reactions_Handler {

	/**
	 * Reaction rows and the item counter.
	 *
	 * @var MVS_Reaction_Repository
	 */
	private $reactions;

	/**
	 * The item the route acts on.
	 *
	 * @var MVS_Engagement_Target
	 */
	private $target;

	/**
	 * Wires collaborators (defaults for production; tests may inject).
	 *
	 * @param MVS_Reaction_Repository|null $reactions Reaction rows.
	 * @param MVS_Engagement_Target|null   $target    Item lookup.
	 */
	public function __construct( ?MVS_Reaction_Repository $reactions = null, ?MVS_Engagement_Target $target = null ) {
		$this->reactions = $reactions ? $reactions : new MVS_Reaction_Repository();
		$this->target    = $target ? $target : new MVS_Engagement_Target();
	}

	/**
	 * GET /media/{id}/reactions: zero-filled counts of every allowed type.
	 *
	 * @param MVS_List_Media_Reactions_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function list_media_reactions( MVS_List_Media_Reactions_Args $args ) {
		$viewer = get_current_user_id();
		$row    = $this->target->find( $args->id, $viewer );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		return $this->summary( (int) $row->id, $viewer );
	}

	/**
	 * POST /media/{id}/reactions: adds or replaces the caller's reaction and
	 * announces it (`mvs_reaction_set`) unless the type did not change.
	 *
	 * @param MVS_Set_Media_Reaction_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function set_media_reaction( MVS_Set_Media_Reaction_Args $args ) {
		$viewer = get_current_user_id();
		$row    = $this->target->find( $args->id, $viewer );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		$type = $args->reaction_type;
		if ( ! MVS_Reaction_Types::allows( $type ) ) {
			return MVS_Errors::make(
				'mvs_invalid_param',
				/* translators: %s: comma-separated reaction slugs. */
				sprintf( __( 'Unknown reaction type. Allowed: %s.', 'media-community-service' ), implode( ', ', MVS_Reaction_Types::all() ) ),
				array( 'params' => array( 'reaction_type' ) )
			);
		}
		$media_id = (int) $row->id;
		$previous = $this->reactions->of_user( $media_id, $viewer );
		if ( ! $this->reactions->set( $media_id, $viewer, $type ) ) {
			return self::storage_failed();
		}
		if ( $previous !== $type ) {
			/**
			 * A member added a reaction or changed its type (not fired when the
			 * same type is sent again, nor on removal).
			 *
			 * @param int    $media_id      Media ID.
			 * @param int    $user_id       Member who reacted.
			 * @param string $type          New reaction slug.
			 * @param string $previous_type Former slug; '' for a new reaction.
			 */
			do_action( 'mvs_reaction_set', $media_id, $viewer, $type, $previous );
		}
		return $this->summary( $media_id, $viewer );
	}

	/**
	 * DELETE /media/{id}/reactions: idempotent; removing nothing is a success
	 * that says deleted: false (docs/api-conventions.md, "Retry-safe writes").
	 *
	 * @param MVS_Remove_Media_Reaction_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function remove_media_reaction( MVS_Remove_Media_Reaction_Args $args ) {
		$viewer = get_current_user_id();
		$row    = $this->target->find( $args->id, $viewer );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		$removed = $this->reactions->remove( (int) $row->id, $viewer );
		if ( false === $removed ) {
			return self::storage_failed();
		}
		return $this->summary( (int) $row->id, $viewer ) + array( 'deleted' => $removed > 0 );
	}

	/**
	 * ReactionSummary of an item for the viewer. `total` counts every
	 * reaction, also those of a type a filter has since removed, so it
	 * always equals the item's reactions_count.
	 *
	 * @param int $media_id Media ID.
	 * @param int $viewer   Viewer.
	 * @return array
	 */
	private function summary( int $media_id, int $viewer ): array {
		$summary = $this->reactions->summary( $media_id, $viewer );
		$counts  = array();
		foreach ( MVS_Reaction_Types::all() as $type ) {
			$counts[] = array(
				'type'  => $type,
				'count' => $summary['counts'][ $type ] ?? 0,
			);
		}
		return array(
			'media_id'        => $media_id,
			'counts'          => $counts,
			'total'           => (int) array_sum( $summary['counts'] ),
			'viewer_reaction' => '' !== $summary['mine'] ? $summary['mine'] : null,
		);
	}

	/**
	 * The answer when the database refused a write (rolled back).
	 *
	 * @return WP_Error
	 */
	private static function storage_failed(): WP_Error {
		return MVS_Errors::make( 'mvs_storage_failed', __( 'The reaction could not be saved.', 'media-community-service' ) );
	}
}
