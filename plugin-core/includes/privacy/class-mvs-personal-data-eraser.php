<?php
/**
 * The personal-data eraser of WordPress's privacy tools.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Erases a member's data as deleting their account does, but keeps the
 * WordPress account: their media go a batch per page through the account
 * deletion job's routine, then every other row of the plan in one
 * transaction through MVS_Account_Eraser, files once it has committed.
 * docs/account-erasure.md, "WordPress's privacy tools".
 */
final class MVS_Personal_Data_Eraser {

	/** Media items a page deletes at most. */
	const ITEMS_PER_PAGE = 50;

	/** Seconds a page works on media before answering. */
	const TIME_BUDGET = 10;

	/**
	 * Eraser callback: WordPress calls pages from 1 until done.
	 *
	 * @param string $email E-mail address of the request.
	 * @param int    $page  Page, from 1.
	 * @return array{items_removed: bool, items_retained: bool, messages: string[], done: bool}
	 */
	public function erase( $email, $page = 1 ): array {
		$user    = get_user_by( 'email', (string) $email );
		$user_id = $user ? (int) $user->ID : 0;
		if ( ! $user_id ) {
			return $this->answer( false, false, array(), true );
		}
		$media = $this->media_count( $user_id );
		$job   = new MVS_Account_Deletion_Job();
		if ( ! $job->delete_media( $user_id, self::ITEMS_PER_PAGE, microtime( true ) + self::TIME_BUDGET ) ) {
			$left = $this->media_count( $user_id );
			if ( $left < $media ) {
				// Media left after this page's budget: the next page goes on.
				return $this->answer( true, false, array(), false );
			}
			// Not one item went: stop rather than have WordPress ask forever.
			return $this->answer( false, true, array( $this->failed() ), true );
		}
		$had_media = $media > 0;
		$named     = $this->rows_naming( $user_id );
		if ( ! ( new MVS_Account_Eraser() )->erase( $user_id, 0 ) ) {
			return $this->answer( $had_media, true, array( $this->failed() ), true );
		}
		return $this->answer( $had_media || $named, false, array(), true );
	}

	/**
	 * The member's media items.
	 *
	 * @param int $user_id Member.
	 * @return int
	 */
	private function media_count( int $user_id ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->mvs_media} WHERE author_id = %d", $user_id ) );
	}

	/**
	 * The message of a failed erasure.
	 *
	 * @return string
	 */
	private function failed(): string {
		return __( 'Media Community Service could not erase all of this member\'s data (a storage or database error); what remains is intact. Run the erasure again.', 'media-community-service' );
	}

	/**
	 * Whether a row of the plan names the member.
	 *
	 * @param int $user_id Member.
	 * @return bool
	 */
	private function rows_naming( int $user_id ): bool {
		global $wpdb;
		foreach ( MVS_Account_Eraser::plan() as $entry ) {
			$table  = $wpdb->prefix . $entry['table'];
			$column = $entry['column'];
			if ( $wpdb->get_var( $wpdb->prepare( "SELECT 1 FROM {$table} WHERE {$column} = %d LIMIT 1", $user_id ) ) ) { // phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared -- identifiers of the plan, checked by MVS_Account_Eraser::plan().
				return true;
			}
		}
		return false;
	}

	/**
	 * WordPress's eraser answer.
	 *
	 * @param bool     $removed  Whether something was removed.
	 * @param bool     $retained Whether something was kept.
	 * @param string[] $messages Messages for the administrator.
	 * @param bool     $done     Whether this was the last page.
	 * @return array
	 */
	private function answer( bool $removed, bool $retained, array $messages, bool $done ): array {
		return array(
			'items_removed'  => $removed,
			'items_retained' => $retained,
			'messages'       => $messages,
			'done'           => $done,
		);
	}
}
