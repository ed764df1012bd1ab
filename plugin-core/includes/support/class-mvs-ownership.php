<?php
/**
 * Ownership lookups for the generated permission checks.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * One indexed, prepared query per lookup: primary-key reads, so a
 * permission check costs a single fast query, and a row's owner is read
 * once per request (see owner_is()).
 */
final class MVS_Ownership implements MVS_Core_Owner_Lookups {

	/**
	 * Owners read during this request: template => id => owner id (null
	 * when the row is missing).
	 *
	 * @var array<string, array<int, string|null>>
	 */
	private $owners = array();

	/**
	 * Compares an owner column with the user, null when the row is missing.
	 *
	 * The owner is remembered for the rest of the request: WordPress's Allow
	 * header re-runs the permission check of every method of the matched
	 * route after the handler (PUT, PATCH, POST and DELETE of /media/{id}),
	 * which read the same row three more times on every GET.
	 *
	 * @param string $sql     Prepared-statement template selecting one owner id.
	 * @param int    $id      Resource ID.
	 * @param int    $user_id User ID.
	 * @return bool|null
	 */
	private function owner_is( string $sql, int $id, int $user_id ): ?bool {
		global $wpdb;
		if ( ! isset( $this->owners[ $sql ] ) || ! array_key_exists( $id, $this->owners[ $sql ] ) ) {
			$this->owners[ $sql ][ $id ] = $wpdb->get_var( $wpdb->prepare( $sql, $id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared,WordPress.DB.DirectDatabaseQuery -- templates below are constants.
		}
		$owner = $this->owners[ $sql ][ $id ];
		if ( null === $owner ) {
			return null;
		}
		return $user_id > 0 && (int) $owner === $user_id;
	}

	/**
	 * {@inheritDoc}
	 *
	 * @param int $id      Media ID.
	 * @param int $user_id User ID.
	 */
	public function is_media_owner( int $id, int $user_id ): ?bool {
		global $wpdb;
		return $this->owner_is( "SELECT author_id FROM {$wpdb->mvs_media} WHERE id = %d", $id, $user_id );
	}

	/**
	 * {@inheritDoc}
	 *
	 * @param int $id      Album ID.
	 * @param int $user_id User ID.
	 */
	public function is_album_owner( int $id, int $user_id ): ?bool {
		global $wpdb;
		return $this->owner_is( "SELECT author_id FROM {$wpdb->mvs_albums} WHERE id = %d", $id, $user_id );
	}

	/**
	 * {@inheritDoc}
	 *
	 * @param int $id      Collection ID.
	 * @param int $user_id User ID.
	 */
	public function is_collection_owner( int $id, int $user_id ): ?bool {
		global $wpdb;
		return $this->owner_is( "SELECT author_id FROM {$wpdb->mvs_collections} WHERE id = %d", $id, $user_id );
	}

	/**
	 * {@inheritDoc} A comment of another item is answered as missing, so
	 * /media/{id}/comments/{comment_id} never reaches a comment through the
	 * URL of an item it was not written on.
	 *
	 * @param int $id       Comment ID.
	 * @param int $media_id Item of the route.
	 * @param int $user_id  User ID.
	 */
	public function is_comment_author( int $id, int $media_id, int $user_id ): ?bool {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- custom table; the permission check needs the live row.
		$author = $wpdb->get_var( $wpdb->prepare( "SELECT user_id FROM {$wpdb->mvs_comments} WHERE id = %d AND media_id = %d", $id, $media_id ) );
		if ( null === $author ) {
			return null;
		}
		return $user_id > 0 && (int) $author === $user_id;
	}

	/**
	 * {@inheritDoc}
	 *
	 * @param int $id      Message ID.
	 * @param int $user_id User ID.
	 */
	public function is_message_sender( int $id, int $user_id ): ?bool {
		global $wpdb;
		return $this->owner_is( "SELECT sender_id FROM {$wpdb->mvs_messages} WHERE id = %d", $id, $user_id );
	}

	/**
	 * Participants who left a conversation no longer belong to it.
	 *
	 * @param int $id      Conversation ID.
	 * @param int $user_id User ID.
	 * @return bool|null
	 */
	public function is_conversation_participant( int $id, int $user_id ): ?bool {
		global $wpdb;
		// phpcs:disable WordPress.DB.DirectDatabaseQuery
		$row = $wpdb->get_row(
			$wpdb->prepare(
				"SELECT c.id, m.status FROM {$wpdb->mvs_conversations} c LEFT JOIN {$wpdb->mvs_conversation_members} m ON m.conversation_id = c.id AND m.user_id = %d WHERE c.id = %d",
				$user_id,
				$id
			)
		);
		// phpcs:enable
		if ( null === $row ) {
			return null;
		}
		return null !== $row->status && 'left' !== $row->status;
	}
}
