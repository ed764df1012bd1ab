<?php
/**
 * Credit balances and their log (mvs_credit_log).
 *
 * @package MediaCommunityServicePro
 */

defined( 'ABSPATH' ) || exit;

/**
 * Every change of a balance and its log row happen in one transaction: the
 * balance moves by a conditional UPDATE (which locks the member's usage
 * row until commit), the value it left is read back and logged as
 * balance_after, so concurrent changes log a gapless sequence.
 * docs/pro-quotas.md, "Credits".
 */
final class MVS_Pro_Credit_Ledger {

	/**
	 * Usage rows, where the balances live.
	 *
	 * @var MVS_Pro_Usage_Store
	 */
	private $usage;

	/**
	 * Wires the usage store.
	 *
	 * @param MVS_Pro_Usage_Store|null $usage Usage rows.
	 */
	public function __construct( ?MVS_Pro_Usage_Store $usage = null ) {
		$this->usage = $usage ? $usage : new MVS_Pro_Usage_Store();
	}

	/**
	 * Changes a balance and logs it.
	 *
	 * @param int    $user_id   Member.
	 * @param string $type      image, video or audio.
	 * @param int    $amount    Non-zero change.
	 * @param string $source    Origin (manual, upload, upload_refund).
	 * @param string $reference Optional reference.
	 * @param string $note      Free text.
	 * @return array|WP_Error The CreditLogEntry, mvs_insufficient_credits or mvs_storage_failed.
	 */
	public function adjust( int $user_id, string $type, int $amount, string $source, string $reference, string $note ) {
		$this->usage->row( $user_id );
		$usage = $this->usage;
		$short = false;
		$id    = MVS_Transaction::run(
			function () use ( $usage, $user_id, $type, $amount, $source, $reference, $note, &$short ) {
				if ( ! $usage->add_credits( $user_id, $type, $amount ) ) {
					$short = true;
					return false;
				}
				return $this->log( $user_id, $type, $amount, $source, $reference, $note );
			}
		);
		if ( $short ) {
			return MVS_Errors::make(
				'mvs_insufficient_credits',
				__( 'The member does not have that many credits of this type.', 'media-community-service-pro' ),
				array( 'balance' => $this->usage->credits( $user_id, $type ) )
			);
		}
		if ( false === $id ) {
			return MVS_Errors::make( 'mvs_storage_failed', __( 'The credits could not be changed.', 'media-community-service-pro' ) );
		}
		return self::present( $this->find( (int) $id ) );
	}

	/**
	 * Reserves room for an upload past its package limit by spending one
	 * credit of its type, logged, in one transaction.
	 *
	 * @param int                $user_id Member (whose row exists).
	 * @param array<string, int> $counts  Media type => +1 or -1.
	 * @param int                $bytes   Storage change.
	 * @param array<string, int> $limits  The member's limits.
	 * @param string             $type    The type whose credit pays.
	 * @return int Log row ID, 0 when there was no credit (or the storage limit stands).
	 */
	public function spend_for_upload( int $user_id, array $counts, int $bytes, array $limits, string $type ): int {
		$usage = $this->usage;
		$id    = MVS_Transaction::run(
			function () use ( $usage, $user_id, $counts, $bytes, $limits, $type ) {
				if ( ! $usage->apply( $user_id, $counts, $bytes, $limits, $type ) ) {
					return false;
				}
				return $this->log( $user_id, $type, -1, 'upload', '', '' );
			}
		);
		return false === $id ? 0 : (int) $id;
	}

	/**
	 * Points an upload's log row at the item it paid for.
	 *
	 * @param int $log_id   Log row.
	 * @param int $media_id Media ID.
	 */
	public function set_reference( int $log_id, int $media_id ): void {
		global $wpdb;
		$wpdb->update( $wpdb->mvs_credit_log, array( 'reference' => 'media:' . $media_id ), array( 'id' => $log_id ) );
	}

	/**
	 * A page of a member's log, newest first: two queries whatever the page size.
	 *
	 * @param int $user_id  Member.
	 * @param int $page     Page (1-based).
	 * @param int $per_page Rows per page.
	 * @return MVS_Page
	 */
	public function page( int $user_id, int $page, int $per_page ): MVS_Page {
		global $wpdb;
		$rows  = (array) $wpdb->get_results(
			$wpdb->prepare(
				"SELECT * FROM {$wpdb->mvs_credit_log} WHERE user_id = %d ORDER BY id DESC LIMIT %d OFFSET %d",
				$user_id,
				$per_page,
				( max( 1, $page ) - 1 ) * $per_page
			)
		);
		$total = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->mvs_credit_log} WHERE user_id = %d", $user_id ) );
		return new MVS_Page( array_map( array( __CLASS__, 'present' ), $rows ), $total );
	}

	/**
	 * Filter mvs_usage_ledger_page: a page of the credit log as the core's
	 * usage ledger (GET /me/transactions), same order and queries as page().
	 *
	 * @param MVS_Page|null $supplied A page another extension supplied.
	 * @param int           $user_id  Member.
	 * @param int           $page     Page (1-based).
	 * @param int           $per_page Entries per page.
	 * @return MVS_Page
	 */
	public static function usage_ledger_page( $supplied, int $user_id, int $page, int $per_page ): MVS_Page {
		if ( $supplied instanceof MVS_Page ) {
			return $supplied;
		}
		$log   = ( new self() )->page( $user_id, $page, $per_page );
		$items = array();
		foreach ( $log->items as $entry ) {
			$items[] = MVS_Usage_Ledger::entry( (object) $entry, $entry['credit_type'] );
		}
		return new MVS_Page( $items, $log->total );
	}

	/**
	 * Writes a log row with the balance the change left (read inside the
	 * transaction that holds the row lock).
	 *
	 * @param int    $user_id   Member.
	 * @param string $type      Credit type.
	 * @param int    $amount    Change.
	 * @param string $source    Origin.
	 * @param string $reference Reference.
	 * @param string $note      Note.
	 * @return int|false Log row ID.
	 */
	private function log( int $user_id, string $type, int $amount, string $source, string $reference, string $note ) {
		global $wpdb;
		$ok = $wpdb->insert(
			$wpdb->mvs_credit_log,
			array(
				'user_id'       => $user_id,
				'credit_type'   => $type,
				'amount'        => $amount,
				'balance_after' => $this->usage->credits( $user_id, $type ),
				'source'        => $source,
				'reference'     => $reference,
				'note'          => $note,
				'created_at'    => current_time( 'mysql', true ),
			)
		);
		return $ok ? (int) $wpdb->insert_id : false;
	}

	/**
	 * One log row.
	 *
	 * @param int $id Log row ID.
	 * @return object|null
	 */
	private function find( int $id ) {
		global $wpdb;
		return $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$wpdb->mvs_credit_log} WHERE id = %d", $id ) );
	}

	/**
	 * The CreditLogEntry shape.
	 *
	 * @param object $row Log row.
	 * @return array
	 */
	public static function present( $row ): array {
		return array(
			'id'            => (int) $row->id,
			'user_id'       => (int) $row->user_id,
			'credit_type'   => (string) $row->credit_type,
			'amount'        => (int) $row->amount,
			'balance_after' => (int) $row->balance_after,
			'source'        => (string) $row->source,
			'reference'     => '' !== (string) $row->reference ? (string) $row->reference : null,
			'note'          => (string) $row->note,
			'created_at'    => MVS_Time::to_iso8601( $row->created_at ),
		);
	}
}
