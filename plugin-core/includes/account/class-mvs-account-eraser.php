<?php
/**
 * What deleting a WordPress user does to the plugin's rows.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Carries out the erasure plan declared on the tables (generated as
 * MVS_Core_Personal_Data, documented in docs/generated/personal-data-core.md) when a
 * user is deleted, whoever deletes them (wp-admin, /wp/v2/users, a plugin):
 * their media are deleted with their files, or attributed to the user an
 * administrator names ("attribute all content to"); rows that are theirs go;
 * rows others depend on keep no trace of them. Everything but the files
 * happens in one transaction; files go once it has committed.
 */
final class MVS_Account_Eraser {

	/**
	 * Wires the hook.
	 */
	public static function register(): void {
		add_action( 'delete_user', array( __CLASS__, 'on_delete_user' ), 10, 2 );
	}

	/**
	 * Action delete_user: runs before WordPress deletes the user's row.
	 *
	 * @param int      $user_id  User being deleted.
	 * @param int|null $reassign User who receives the content, or null to delete it.
	 */
	public static function on_delete_user( $user_id, $reassign = null ): void {
		$user_id  = (int) $user_id;
		$reassign = (int) $reassign;
		if ( $user_id <= 0 ) {
			return;
		}
		( new self() )->erase( $user_id, $reassign > 0 && $reassign !== $user_id ? $reassign : 0 );
	}

	/**
	 * The plan of every active plugin of the family: the core's, and what
	 * extensions add through the filter.
	 *
	 * @return array<int, array{table: string, column: string, action: string}>
	 */
	public static function plan(): array {
		/**
		 * Filters the account-erasure plan (extensions add their tables' entries).
		 *
		 * @param array $plan Entries: table (without prefix), column, action (content, delete_rows, anonymize).
		 */
		$plan = (array) apply_filters( 'mvs_account_erasure_plan', MVS_Core_Personal_Data::plan() );
		return array_values(
			array_filter(
				$plan,
				static function ( $entry ) {
					// Identifiers go into SQL: only well-formed names of the family's tables.
					return is_array( $entry )
						&& isset( $entry['table'], $entry['column'], $entry['action'] )
						&& preg_match( '/^mvs_[a-z_]+$/', (string) $entry['table'] )
						&& preg_match( '/^[a-z_]+$/', (string) $entry['column'] )
						&& in_array( $entry['action'], array( 'content', 'delete_rows', 'anonymize' ), true );
				}
			)
		);
	}

	/**
	 * Erases one member.
	 *
	 * @param int $user_id  Member.
	 * @param int $reassign Member who receives the content, 0 to delete it.
	 * @return bool Whether every change was committed.
	 */
	public function erase( int $user_id, int $reassign ): bool {
		global $wpdb;
		$deleter = new MVS_Media_Deleter();
		// Items whose counters the member's reactions and comments are part of.
		$touched = $this->touched_items( $user_id );
		// Their message attachments' files, removed once their rows are gone for good.
		$attachment_files = ( new MVS_Message_Attachment_Repository() )->files_of_user( $user_id );

		// Each item's delete joins this transaction.
		MVS_Transaction::begin();
		$deleter->begin_batch();
		$ok = true;
		if ( ! $reassign ) {
			// Media first, through the one delete routine: files, sizes, meta and every row hanging off each item.
			$ok = $this->delete_media_of( $user_id, $deleter );
		}
		// Their follows leave the other members' counts first (the plan then finds no row left).
		$ok = $ok && MVS_Follow_Graph::forget_user( $user_id );
		foreach ( self::plan() as $entry ) {
			if ( ! $ok ) {
				break;
			}
			$table  = $wpdb->prefix . $entry['table'];
			$column = $entry['column'];
			switch ( $entry['action'] ) {
				case 'content':
					$ok = false !== ( $reassign
						? $wpdb->query( $wpdb->prepare( "UPDATE {$table} SET {$column} = %d WHERE {$column} = %d", $reassign, $user_id ) ) // phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared -- identifiers from the generated plan, checked in plan().
						: $wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE {$column} = %d", $user_id ) ) ); // phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared -- as above.
					break;
				case 'delete_rows':
					$ok = false !== $wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE {$column} = %d", $user_id ) ); // phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared -- as above.
					break;
				case 'anonymize':
					$ok = false !== $wpdb->query( $wpdb->prepare( "UPDATE {$table} SET {$column} = 0 WHERE {$column} = %d", $user_id ) ); // phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared -- as above.
					break;
			}
		}
		if ( $ok && $touched ) {
			$ok = $this->recount( $touched );
		}
		$ok = MVS_Transaction::end( $ok );
		$deleter->finish_batch( $ok );
		if ( $ok ) {
			$storage = MVS_Storage::driver();
			foreach ( $attachment_files as $file ) {
				$storage->delete( (string) $file );
			}
		}
		// WordPress deletes the user and their meta whatever happened above: their avatar's files go too.
		( new MVS_Avatar_Files() )->remove( $user_id );

		/**
		 * Fires after a member's rows were erased (or the erasure rolled back).
		 *
		 * @param int  $user_id  Member.
		 * @param int  $reassign Member who received the content, 0 when it was deleted.
		 * @param bool $ok       Whether every change was committed.
		 */
		do_action( 'mvs_account_erased', $user_id, $reassign, $ok );
		return $ok;
	}

	/**
	 * Deletes every media item of the member, a page at a time.
	 *
	 * @param int               $user_id Member.
	 * @param MVS_Media_Deleter $deleter The one delete routine.
	 * @return bool
	 */
	private function delete_media_of( int $user_id, MVS_Media_Deleter $deleter ): bool {
		global $wpdb;
		$last = 0;
		do {
			$ids = $wpdb->get_col( $wpdb->prepare( "SELECT id FROM {$wpdb->mvs_media} WHERE author_id = %d AND id > %d ORDER BY id LIMIT 100", $user_id, $last ) );
			foreach ( $ids as $id ) {
				$last    = (int) $id;
				$deleted = $deleter->delete( $last );
				// Gone already (a concurrent delete) is as good as deleted.
				if ( is_wp_error( $deleted ) && 'mvs_not_found' !== $deleted->get_error_code() ) {
					return false;
				}
			}
			$full = 100 === count( $ids );
		} while ( $full );
		return true;
	}

	/**
	 * Items the member reacted to or commented on (other members' items keep
	 * counters that included them).
	 *
	 * @param int $user_id Member.
	 * @return int[]
	 */
	private function touched_items( int $user_id ): array {
		global $wpdb;
		return array_map(
			'intval',
			$wpdb->get_col(
				$wpdb->prepare(
					"SELECT media_id FROM {$wpdb->mvs_reactions} WHERE user_id = %d UNION SELECT media_id FROM {$wpdb->mvs_comments} WHERE user_id = %d",
					$user_id,
					$user_id
				)
			)
		);
	}

	/**
	 * Recomputes the reaction and comment counters of the given items in one
	 * statement per chunk, each counter by its repository's definition.
	 *
	 * @param int[] $ids Item IDs.
	 * @return bool
	 */
	private function recount( array $ids ): bool {
		global $wpdb;
		$reactions = MVS_Reaction_Repository::count_sql();
		$comments  = MVS_Comment_Repository::count_sql();
		foreach ( array_chunk( $ids, 500 ) as $chunk ) {
			$in = implode( ',', array_fill( 0, count( $chunk ), '%d' ) );
			// phpcs:disable WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- $in is a list of %d placeholders; the counters' SQL has none.
			$done = $wpdb->query(
				$wpdb->prepare(
					"UPDATE {$wpdb->mvs_media} m SET m.reactions_count = {$reactions}, m.comments_count = {$comments} WHERE m.id IN ( {$in} )",
					$chunk
				)
			);
			// phpcs:enable
			if ( false === $done ) {
				return false;
			}
		}
		return true;
	}
}
