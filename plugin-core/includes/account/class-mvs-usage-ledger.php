<?php
/**
 * The usage ledger behind GET /me/transactions.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The core keeps no credits, so it records nothing itself: a page comes from
 * the extension that keeps them (Pro answers the filter from its credit log),
 * else from the mvs_usage_ledger table, where an extension without a log of
 * its own may write. Two queries whatever the page size.
 * docs/account-erasure.md, "The usage ledger".
 */
final class MVS_Usage_Ledger {

	/**
	 * A page of the member's entries, newest first.
	 *
	 * @param int $user_id  Member.
	 * @param int $page     Page (1-based).
	 * @param int $per_page Entries per page.
	 * @return MVS_Page Items are LedgerEntry arrays.
	 */
	public function page( int $user_id, int $page, int $per_page ): MVS_Page {
		/**
		 * Supplies the page of an extension's ledger (LedgerEntry arrays and the total) instead of the core table's.
		 *
		 * @param MVS_Page|null $page     Null: the core table answers.
		 * @param int           $user_id  Member.
		 * @param int           $page_no  Page (1-based).
		 * @param int           $per_page Entries per page.
		 */
		$supplied = apply_filters( 'mvs_usage_ledger_page', null, $user_id, $page, $per_page );
		if ( $supplied instanceof MVS_Page ) {
			return $supplied;
		}
		global $wpdb;
		$rows  = (array) $wpdb->get_results(
			$wpdb->prepare(
				"SELECT id, amount, reference, note, created_at FROM {$wpdb->mvs_usage_ledger} WHERE user_id = %d ORDER BY id DESC LIMIT %d OFFSET %d",
				$user_id,
				$per_page,
				( max( 1, $page ) - 1 ) * $per_page
			)
		);
		$total = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->mvs_usage_ledger} WHERE user_id = %d", $user_id ) );
		return new MVS_Page( array_map( array( __CLASS__, 'entry' ), $rows ), $total );
	}

	/**
	 * A LedgerEntry.
	 *
	 * @param object $row         id, amount, reference, note, created_at.
	 * @param string $credit_type What the credit pays for, '' when untyped.
	 * @return array
	 */
	public static function entry( object $row, string $credit_type = '' ): array {
		$amount = (int) $row->amount;
		return array(
			'id'          => (int) $row->id,
			'entry_type'  => $amount > 0 ? 'granted' : 'consumed',
			'amount'      => $amount,
			'credit_type' => '' === $credit_type ? null : $credit_type,
			'reference'   => '' === (string) $row->reference ? null : (string) $row->reference,
			'note'        => (string) $row->note,
			'created_at'  => MVS_Time::to_iso8601( (string) $row->created_at ),
		);
	}
}
