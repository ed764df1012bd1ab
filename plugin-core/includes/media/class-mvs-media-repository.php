<?php
/**
 * Storage of media rows: read, insert, update and delete items.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Prepared statements on mvs_media rows by ID and the tables hanging off
 * an item; every write goes through MVS_Media_Totals. Lists are
 * MVS_Media_List_Query's, album placement MVS_Album_Repository's.
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- every fragment is built from placeholders and passed through prepare(); the sniffs cannot follow them or count their placeholders.
 */
final class MVS_Media_Repository {

	/**
	 * Rows a caller read before handing this instance on (remember()), by ID.
	 *
	 * @var array<int, object>
	 */
	private $remembered = array();

	/**
	 * Lets find() answer with a row the caller has just read, instead of
	 * reading it again: the lean /serve entry decides on the row before the
	 * handler it runs looks it up (MVS_Serve_Lean).
	 *
	 * @param object $row mvs_media row, as find() returns it.
	 */
	public function remember( $row ): void {
		$this->remembered[ (int) $row->id ] = $row;
	}

	/**
	 * One row by ID.
	 *
	 * @param int $id Media ID.
	 * @return object|null
	 */
	public function find( int $id ) {
		if ( isset( $this->remembered[ $id ] ) ) {
			return $this->remembered[ $id ];
		}
		global $wpdb;
		return $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$wpdb->mvs_media} WHERE id = %d", $id ) );
	}

	/**
	 * One row by ID, when it exists and the viewer may see it: the check every
	 * single-item route makes before anything else.
	 *
	 * @param int $id     Media ID.
	 * @param int $viewer User ID (0: anonymous).
	 * @return object|WP_Error 404 mvs_not_found or 403 mvs_forbidden.
	 */
	public function find_viewable( int $id, int $viewer ) {
		$row = $this->find( $id );
		if ( ! $row ) {
			return MVS_Errors::make( 'mvs_not_found', __( 'Media item not found.', 'media-community-service' ) );
		}
		if ( ! MVS_Media_Visibility::can_view( $row, $viewer ) ) {
			return MVS_Errors::make( 'mvs_forbidden', __( 'You are not allowed to view this media item.', 'media-community-service' ) );
		}
		return $row;
	}

	/**
	 * Whether the author already has an item with this content hash.
	 *
	 * Scoped to the author on purpose: a global check would reveal that
	 * someone else uploaded the same (possibly private) file.
	 *
	 * @param int    $author_id Author.
	 * @param string $hash      SHA-256 of the content.
	 * @return int|null ID of the author's existing item.
	 */
	public function find_own_duplicate( int $author_id, string $hash ): ?int {
		global $wpdb;
		$id = $wpdb->get_var( $wpdb->prepare( "SELECT id FROM {$wpdb->mvs_media} WHERE file_hash = %s AND author_id = %d ORDER BY id LIMIT 1", $hash, $author_id ) );
		return null === $id ? null : (int) $id;
	}

	/**
	 * Inserts a row.
	 *
	 * @param array $data Column => value.
	 * @return int|null New ID, null on failure.
	 */
	public function insert( array $data ): ?int {
		global $wpdb;
		// A new item has no terms yet; MVS_Media_Terms::apply() writes its copy when it gets some.
		$data += array( 'terms_copy' => MVS_Media_Terms_Copy::EMPTY_COPY );
		$id    = MVS_Media_Totals::create(
			static function () use ( $wpdb, $data ) {
				return false === $wpdb->insert( $wpdb->mvs_media, $data ) ? false : (int) $wpdb->insert_id;
			}
		);
		return false === $id ? null : (int) $id;
	}

	/**
	 * Updates columns of one row.
	 *
	 * @param int   $id   Media ID.
	 * @param array $data Column => value.
	 * @return bool
	 */
	public function update( int $id, array $data ): bool {
		global $wpdb;
		return false !== MVS_Media_Totals::change(
			array( $id ),
			static function () use ( $wpdb, $data, $id ) {
				return $wpdb->update( $wpdb->mvs_media, $data, array( 'id' => $id ) );
			}
		);
	}

	/**
	 * Deletes an item, and deletes or detaches every row that references it
	 * as its table declares (the generated MVS_Core_Media_Delete_Plan).
	 *
	 * @param int $id Media ID.
	 * @return int|false Rows deleted (0 when a concurrent request deleted it first), false on a database error.
	 */
	public function delete( int $id ) {
		global $wpdb;
		return MVS_Media_Totals::change(
			array( $id ),
			static function () use ( $wpdb, $id ) {
				if ( ! MVS_Core_Media_Delete_Plan::run( array( $id ) ) ) {
					return false;
				}
				// phpcs:ignore WordPress.CodeAnalysis.AssignmentInCondition.Found -- a statement of a closure passed as an argument, which this release reads as a condition.
				$deleted = $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_media} WHERE id = %d", $id ) );
				// After the row: its terms' removal finds no copy to empty and schedules no refill.
				wp_delete_object_term_relationships( $id, MVS_Taxonomies::MEDIA );
				return false === $deleted ? false : (int) $deleted;
			}
		);
	}

	/**
	 * Several rows by ID in one query (bulk actions validate every ID first).
	 *
	 * @param int[] $ids Media IDs.
	 * @return array<int, object> Rows keyed by ID; missing IDs are absent.
	 */
	public function find_many( array $ids ): array {
		global $wpdb;
		if ( ! $ids ) {
			return array();
		}
		$in   = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$wpdb->mvs_media} WHERE id IN ({$in})", array_map( 'intval', $ids ) ) );
		$by   = array();
		foreach ( (array) $rows as $row ) {
			$by[ (int) $row->id ] = $row;
		}
		return $by;
	}

	/**
	 * The rows among $ids the viewer may see, in one query (the shared
	 * visibility predicate inside it: lists that name their items, such as
	 * the activity feeds).
	 *
	 * @param int[] $ids    Media IDs.
	 * @param int   $viewer Viewer (0: anonymous).
	 * @return object[] Rows, in no particular order.
	 */
	public function find_many_viewable( array $ids, int $viewer ): array {
		global $wpdb;
		$ids = array_values( array_unique( array_map( 'intval', $ids ) ) );
		if ( ! $ids ) {
			return array();
		}
		list( $where, $args ) = MVS_Media_Visibility::viewer_predicate( $viewer, 'm' );
		$in                   = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		// phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- $in is placeholders, $where the predicate's own.
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT m.* FROM {$wpdb->mvs_media} m WHERE m.id IN ({$in}) AND {$where}", array_merge( $ids, $args ) ) );
		return $rows ? $rows : array();
	}

	/**
	 * Sets the same columns on several rows in one statement.
	 *
	 * @param int[] $ids  Media IDs.
	 * @param array $data Column => value (strings and ints).
	 * @return bool
	 */
	public function update_many( array $ids, array $data ): bool {
		global $wpdb;
		if ( ! $ids || ! $data ) {
			return true;
		}
		$sets = array();
		$args = array();
		foreach ( $data as $column => $value ) {
			$sets[] = sanitize_key( $column ) . ' = ' . ( is_int( $value ) ? '%d' : '%s' );
			$args[] = $value;
		}
		$in  = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		$sql = $wpdb->prepare( "UPDATE {$wpdb->mvs_media} SET " . implode( ', ', $sets ) . " WHERE id IN ({$in})", array_merge( $args, array_map( 'intval', $ids ) ) );
		return false !== MVS_Media_Totals::change(
			$ids,
			static function () use ( $wpdb, $sql ) {
				return $wpdb->query( $sql );
			}
		);
	}
}
