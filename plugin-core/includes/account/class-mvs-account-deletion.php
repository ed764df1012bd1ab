<?php
/**
 * Member-initiated account deletion requests (mvs_deletion_requests).
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * One row per member with a request: `pending` during the grace period
 * (cancelling deletes the row), `executing` once the deletion job has begun
 * (no way back). The erasure removes the row with the member.
 * docs/account-erasure.md, "Deleting one's own account".
 */
final class MVS_Account_Deletion {

	/**
	 * Whether the member has asked for their account to be deleted (pending or
	 * executing): for guards such as sign-in (docs/account-erasure.md).
	 *
	 * @param int $user_id Member.
	 * @return bool
	 */
	public static function is_pending( int $user_id ): bool {
		return $user_id > 0 && null !== ( new self() )->find( $user_id );
	}

	/**
	 * Whether the deletion job has begun on the member's account: from then
	 * on it cannot be cancelled, and sign-in refuses them (docs/sign-in.md).
	 *
	 * @param int $user_id Member.
	 * @return bool
	 */
	public static function is_executing( int $user_id ): bool {
		$row = $user_id > 0 ? ( new self() )->find( $user_id ) : null;
		return null !== $row && 'executing' === $row->status;
	}

	/**
	 * The member's request.
	 *
	 * @param int $user_id Member.
	 * @return object|null Row (id, user_id, status, requested_at, execute_after), null when none.
	 */
	public function find( int $user_id ): ?object {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( "SELECT id, user_id, status, requested_at, execute_after FROM {$wpdb->mvs_deletion_requests} WHERE user_id = %d", $user_id ) );
		return $row ? $row : null;
	}

	/**
	 * Records a request unless one exists (a repeat, or a concurrent call,
	 * keeps the first one and its schedule).
	 *
	 * @param int $user_id    Member.
	 * @param int $grace_days Days before it runs; 0 runs it at the next WP-Cron run.
	 * @return object|null The member's request, null when it could not be stored.
	 */
	public function request( int $user_id, int $grace_days ): ?object {
		global $wpdb;
		$now  = time();
		$when = $now + max( 0, $grace_days ) * DAY_IN_SECONDS;
		$wpdb->query(
			$wpdb->prepare(
				"INSERT IGNORE INTO {$wpdb->mvs_deletion_requests} ( user_id, status, requested_at, execute_after ) VALUES ( %d, 'pending', %s, %s )",
				$user_id,
				gmdate( 'Y-m-d H:i:s', $now ),
				gmdate( 'Y-m-d H:i:s', $when )
			)
		);
		return $this->find( $user_id );
	}

	/**
	 * Cancels a pending request.
	 *
	 * @param int $user_id Member.
	 * @return bool False when the deletion has already begun (the row stays).
	 */
	public function cancel( int $user_id ): bool {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_deletion_requests} WHERE user_id = %d AND status = 'pending'", $user_id ) );
		return null === $this->find( $user_id );
	}

	/**
	 * The request due first (pending past its time, or begun and left
	 * unfinished by a run that ran out of time or died), through the `due` index.
	 *
	 * @param int $now Unix time.
	 * @return object|null
	 */
	public function next_due( int $now ): ?object {
		global $wpdb;
		$row = $wpdb->get_row(
			$wpdb->prepare(
				"SELECT id, user_id, status, requested_at, execute_after FROM {$wpdb->mvs_deletion_requests} WHERE status IN ( 'executing', 'pending' ) AND execute_after <= %s ORDER BY status, execute_after LIMIT 1",
				gmdate( 'Y-m-d H:i:s', $now )
			)
		);
		return $row ? $row : null;
	}

	/**
	 * Marks a request begun: from here on it cannot be cancelled.
	 *
	 * @param int $id Request ID.
	 * @return bool Whether the request is (now) executing; false when it was cancelled meanwhile.
	 */
	public function claim( int $id ): bool {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_deletion_requests} SET status = 'executing' WHERE id = %d AND status = 'pending'", $id ) );
		return 'executing' === $wpdb->get_var( $wpdb->prepare( "SELECT status FROM {$wpdb->mvs_deletion_requests} WHERE id = %d", $id ) );
	}

	/**
	 * Removes a request whose member is gone already (deleted another way).
	 *
	 * @param int $id Request ID.
	 */
	public function forget( int $id ): void {
		global $wpdb;
		$wpdb->delete( $wpdb->mvs_deletion_requests, array( 'id' => $id ), array( '%d' ) );
	}

	/**
	 * The DeletionRequest response.
	 *
	 * @param object|null $row Request or null.
	 * @return array
	 */
	public static function present( ?object $row ): array {
		return array(
			'status'       => $row ? (string) $row->status : 'none',
			'requested_at' => $row ? MVS_Time::to_iso8601( (string) $row->requested_at ) : null,
			'scheduled_at' => $row ? MVS_Time::to_iso8601( (string) $row->execute_after ) : null,
		);
	}
}
