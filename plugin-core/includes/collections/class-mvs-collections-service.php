<?php
/**
 * Domain logic of the collection routes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Collections_Handler. Only the owner edits
 * (the generated controller checks it); a collection the caller may not see
 * is a 404, like albums. Manual collections list the items their owner
 * filed (POST /media/{id}/favorite with collection_id); smart ones resolve
 * their rules (MVS_Collection_Rules) in SQL for each caller.
 */
final class MVS_Collections_Service implements MVS_Collections_Handler {

	/**
	 * Collection rows and their items.
	 *
	 * @var MVS_Collection_Repository
	 */
	private $collections;

	/**
	 * The one MediaItem shape.
	 *
	 * @var MVS_Media_Presenter
	 */
	private $items;

	/**
	 * Wires collaborators (defaults for production; tests may inject).
	 *
	 * @param MVS_Collection_Repository|null $collections Collection rows.
	 * @param MVS_Media_Presenter|null       $items       MediaItem presenter.
	 */
	public function __construct( ?MVS_Collection_Repository $collections = null, ?MVS_Media_Presenter $items = null ) {
		$this->collections = $collections ? $collections : new MVS_Collection_Repository();
		$this->items       = $items ? $items : new MVS_Media_Presenter();
	}

	/**
	 * GET /collections: the caller's own, newest first; three queries whatever per_page.
	 *
	 * @param MVS_List_Collections_Args $args Arguments.
	 * @return MVS_Page
	 */
	public function list_collections( MVS_List_Collections_Args $args ) {
		$viewer               = get_current_user_id();
		list( $rows, $total ) = $this->collections->of_author( $viewer, $args->page, $args->per_page );
		$counts               = $this->collections->counts( $rows, $viewer );
		$list                 = array();
		foreach ( $rows as $row ) {
			$list[] = self::present( $row, $viewer, $counts[ (int) $row->id ] ?? 0 );
		}
		return new MVS_Page( $list, $total );
	}

	/**
	 * POST /collections: rules (object shape) are validated before anything
	 * is stored; rules on a manual collection are a 400, never silently dropped.
	 *
	 * @param MVS_Create_Collection_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function create_collection( MVS_Create_Collection_Args $args ) {
		$rules = array();
		if ( null !== $args->rules && array() !== $args->rules ) {
			if ( 'smart' !== $args->type ) {
				return MVS_Errors::make( 'mvs_invalid_param', __( 'Only smart collections have rules.', 'media-community-service' ), array( 'params' => array( 'rules' ) ) );
			}
			$rules = MVS_Collection_Rules::from_object( $args->rules );
			if ( is_wp_error( $rules ) ) {
				return $rules;
			}
		}
		$now = current_time( 'mysql', true );
		$id  = $this->collections->insert(
			array(
				'author_id'  => get_current_user_id(),
				'title'      => $args->title,
				'type'       => $args->type,
				'rules'      => wp_json_encode( $rules ),
				'privacy'    => $args->privacy,
				'created_at' => $now,
				'updated_at' => $now,
			)
		);
		if ( null === $id ) {
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		return $this->full( $this->collections->find( $id ), 1, 20 );
	}

	/**
	 * GET /collections/{id}: one page of the items the caller may see.
	 *
	 * @param MVS_Get_Collection_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function get_collection( MVS_Get_Collection_Args $args ) {
		$row = $this->collections->find_visible( $args->id, get_current_user_id() );
		if ( ! $row ) {
			return MVS_Errors::make( 'mvs_not_found', __( 'Collection not found.', 'media-community-service' ) );
		}
		return $this->full( $row, $args->page, $args->per_page );
	}

	/**
	 * PUT /collections/{id}: title, privacy, type. Switching to manual
	 * clears the rules; switching to smart starts without rules (no items)
	 * until PUT /collections/{id}/rules sets them. The item list of a manual
	 * collection is kept either way.
	 *
	 * @param MVS_Update_Collection_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function update_collection( MVS_Update_Collection_Args $args ) {
		$row = $this->collections->find( $args->id );
		if ( ! $row ) {
			return MVS_Errors::make( 'mvs_not_found', __( 'Collection not found.', 'media-community-service' ) );
		}
		$changes = array_filter(
			array(
				'title'   => $args->title,
				'privacy' => $args->privacy,
				'type'    => $args->type,
			),
			'is_string'
		);
		if ( isset( $changes['type'] ) && $changes['type'] !== $row->type ) {
			$changes['rules'] = wp_json_encode( array() );
		}
		if ( $changes ) {
			$changes['updated_at'] = current_time( 'mysql', true );
			if ( ! $this->collections->update( (int) $row->id, $changes ) ) {
				return MVS_Errors::make( 'mvs_storage_failed' );
			}
		}
		return $this->full( $this->collections->find( (int) $row->id ), 1, 20 );
	}

	/**
	 * DELETE /collections/{id}: the collection and its item list go; the
	 * media items and the favorites stay. An absent collection (a retry, or
	 * a lost race) is deleted: false (docs/api-conventions.md, "Retry-safe writes").
	 *
	 * @param MVS_Delete_Collection_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function delete_collection( MVS_Delete_Collection_Args $args ) {
		// The controller let through the owner only, or anyone when the collection is absent (nothing to delete then).
		$deleted = $this->collections->delete( $args->id, get_current_user_id() );
		if ( false === $deleted ) {
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		return array(
			'deleted' => $deleted > 0,
			'id'      => $args->id,
		);
	}

	/**
	 * PUT /collections/{id}/rules: replaces the rules of a smart collection
	 * (an empty array clears them) and answers the resolved first page.
	 *
	 * @param MVS_Set_Collection_Rules_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function set_collection_rules( MVS_Set_Collection_Rules_Args $args ) {
		$row = $this->collections->find( $args->id );
		if ( ! $row ) {
			return MVS_Errors::make( 'mvs_not_found', __( 'Collection not found.', 'media-community-service' ) );
		}
		if ( 'smart' !== $row->type ) {
			return MVS_Errors::make( 'mvs_invalid_param', __( 'Only smart collections have rules.', 'media-community-service' ), array( 'params' => array( 'rules' ) ) );
		}
		$rules = MVS_Collection_Rules::normalise( $args->rules );
		if ( is_wp_error( $rules ) ) {
			return $rules;
		}
		$changed = $this->collections->update(
			(int) $row->id,
			array(
				'rules'      => wp_json_encode( $rules ),
				'updated_at' => current_time( 'mysql', true ),
			)
		);
		if ( ! $changed ) {
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		return $this->full( $this->collections->find( (int) $row->id ), 1, 20 );
	}

	/**
	 * CollectionWithItems for the caller.
	 *
	 * @param object $row      mvs_collections row.
	 * @param int    $page     Page of the items.
	 * @param int    $per_page Items per page.
	 * @return array
	 */
	private function full( $row, int $page, int $per_page ): array {
		$viewer               = get_current_user_id();
		list( $rows, $total ) = $this->collections->items( $row, $viewer, $page, $per_page );
		return array_merge(
			self::present( $row, $viewer, $total ),
			array(
				'items' => $this->items->items( $rows, $viewer ),
				'page'  => $page,
				'pages' => (int) ceil( $total / max( 1, $per_page ) ),
			)
		);
	}

	/**
	 * Collection record.
	 *
	 * @param object $row    mvs_collections row.
	 * @param int    $viewer Viewer.
	 * @param int    $count  Items the viewer may see.
	 * @return array
	 */
	private static function present( $row, int $viewer, int $count ): array {
		return array(
			'id'         => (int) $row->id,
			'title'      => (string) $row->title,
			'type'       => 'smart' === $row->type ? 'smart' : 'manual',
			'privacy'    => (string) $row->privacy,
			'author_id'  => (int) $row->author_id,
			'rules'      => MVS_Collection_Rules::decode( $row->rules ),
			'item_count' => $count,
			'can_edit'   => MVS_Core_Owner_Rules::update_collection( (int) $row->author_id, $viewer ),
			'created_at' => MVS_Time::to_iso8601( $row->created_at ),
			'updated_at' => MVS_Time::to_iso8601( $row->updated_at ? $row->updated_at : $row->created_at ),
		);
	}
}
