<?php
/**
 * Quota enforcement inside core's upload pipeline.
 *
 * @package MediaCommunityServicePro
 */

defined( 'ABSPATH' ) || exit;

/**
 * On core's mvs_pre_store_upload (after every file check, before anything
 * is stored) reserves the upload's room in the member's usage row, or
 * refuses it with 403 mvs_quota_exceeded. The reservation is kept when core
 * reports the item created (mvs_media_created) or replaced
 * (mvs_media_replaced); one still open when the request ends (storage
 * failed, another extension refused) is given back. Deleting an item gives
 * its room back. docs/pro-quotas.md, "Enforcement".
 */
final class MVS_Pro_Quota_Enforcer {

	/**
	 * Reservations of this request not yet confirmed: owner, replaces, counts, bytes, log_id.
	 *
	 * @var array[]
	 */
	private static $pending = array();

	/**
	 * Hooks into core's upload pipeline.
	 */
	public static function register(): void {
		// Late, so an earlier refusal (another extension) is answered without reserving.
		add_filter( 'mvs_pre_store_upload', array( __CLASS__, 'check' ), 20, 2 );
		add_action( 'mvs_media_created', array( __CLASS__, 'created' ), 10, 2 );
		add_action( 'mvs_media_replaced', array( __CLASS__, 'replaced' ), 10, 2 );
		add_action( 'mvs_media_deleted', array( __CLASS__, 'deleted' ), 10, 2 );
		add_action( 'shutdown', array( __CLASS__, 'release_pending' ) );
	}

	/**
	 * Filter mvs_pre_store_upload: reserve, or refuse.
	 *
	 * @param WP_Error|null $refusal Earlier verdict.
	 * @param array         $facts   owner_id, size, media_type, replaces.
	 * @return WP_Error|null
	 */
	public static function check( $refusal, $facts ) {
		if ( is_wp_error( $refusal ) ) {
			return $refusal;
		}
		$owner    = (int) $facts['owner_id'];
		$type     = (string) $facts['media_type'];
		$replaces = (int) $facts['replaces'];
		$counts   = array( $type => 1 );
		$bytes    = (int) $facts['size'];
		if ( $replaces ) {
			$old = self::stored( $replaces );
			// A replacement changes storage, not counts, unless the type changes.
			$counts = $old->media_type === $type ? array() : array(
				$type            => 1,
				$old->media_type => -1,
			);
			$bytes -= (int) $old->file_size;
		}

		$usage    = new MVS_Pro_Usage_Store();
		$packages = new MVS_Pro_Member_Packages();
		$usage->row( $owner ); // Seeds the member's row the first time.
		$limits = user_can( $owner, 'manage_mvs_settings' )
			? MVS_Pro_Member_Packages::limits( array() )
			: MVS_Pro_Member_Packages::limits( $packages->for_user( $owner ) );
		$log_id = 0;
		if ( ! $usage->apply( $owner, $counts, $bytes, $limits ) ) {
			$counted = isset( $counts[ $type ] ) && $counts[ $type ] > 0 && in_array( $type, MVS_Pro_Usage_Store::COUNTED, true );
			$log_id  = $counted ? ( new MVS_Pro_Credit_Ledger( $usage ) )->spend_for_upload( $owner, $counts, $bytes, $limits, $type ) : 0;
			if ( ! $log_id ) {
				return self::refusal( $usage->row( $owner ), $type, $counts, $limits );
			}
		}
		self::$pending[] = array(
			'owner'    => $owner,
			'replaces' => $replaces,
			'counts'   => $counts,
			'bytes'    => $bytes,
			'type'     => $type,
			'log_id'   => $log_id,
		);
		return null;
	}

	/**
	 * Action mvs_media_created: the new item's reservation is kept.
	 *
	 * @param int $id      Media ID.
	 * @param int $user_id Uploader.
	 */
	public static function created( $id, $user_id ): void {
		self::confirm( (int) $user_id, 0, (int) $id );
	}

	/**
	 * Action mvs_media_replaced: the replacement's reservation is kept.
	 *
	 * @param int    $id  Media ID.
	 * @param object $row The row before the replacement.
	 */
	public static function replaced( $id, $row ): void {
		self::confirm( (int) $row->author_id, (int) $id, (int) $id );
	}

	/**
	 * Action mvs_media_deleted: the item's room comes back.
	 *
	 * @param int    $id  Media ID.
	 * @param object $row The deleted row.
	 */
	public static function deleted( $id, $row ): void {
		if ( ! is_object( $row ) ) {
			return;
		}
		( new MVS_Pro_Usage_Store() )->apply( (int) $row->author_id, array( (string) $row->media_type => -1 ), - (int) $row->file_size, MVS_Pro_Member_Packages::limits( array() ) );
	}

	/**
	 * Action shutdown: reservations whose file was never stored go back,
	 * with the credit they spent.
	 */
	public static function release_pending(): void {
		$usage = new MVS_Pro_Usage_Store();
		foreach ( self::$pending as $reservation ) {
			$undo = array_map(
				static function ( $delta ) {
					return -$delta;
				},
				$reservation['counts']
			);
			$usage->apply( $reservation['owner'], $undo, -$reservation['bytes'], MVS_Pro_Member_Packages::limits( array() ) );
			if ( $reservation['log_id'] ) {
				( new MVS_Pro_Credit_Ledger( $usage ) )->adjust( $reservation['owner'], $reservation['type'], 1, 'upload_refund', 'log:' . $reservation['log_id'], '' );
			}
		}
		self::$pending = array();
	}

	/**
	 * Keeps the open reservation of an upload.
	 *
	 * @param int $owner    Owner of the item.
	 * @param int $replaces Replaced item, 0 for a new one.
	 * @param int $media_id The item.
	 */
	private static function confirm( int $owner, int $replaces, int $media_id ): void {
		foreach ( self::$pending as $index => $reservation ) {
			if ( $reservation['owner'] !== $owner || $reservation['replaces'] !== $replaces ) {
				continue;
			}
			if ( $reservation['log_id'] ) {
				( new MVS_Pro_Credit_Ledger() )->set_reference( $reservation['log_id'], $media_id );
			}
			unset( self::$pending[ $index ] );
			return;
		}
	}

	/**
	 * The refusal: which limit, its value and the usage against it.
	 *
	 * @param object             $row    Usage row as it is now.
	 * @param string             $type   Media type of the upload.
	 * @param array<string, int> $counts Count changes asked for.
	 * @param array<string, int> $limits The member's limits.
	 * @return WP_Error
	 */
	private static function refusal( $row, string $type, array $counts, array $limits ): WP_Error {
		$dimension = 'storage';
		$limit     = (int) $limits['storage_bytes'];
		$used      = (int) $row->storage_bytes;
		if ( ! empty( $counts[ $type ] ) && $counts[ $type ] > 0 && in_array( $type, MVS_Pro_Usage_Store::COUNTED, true ) ) {
			$count_limit = (int) $limits[ $type . '_limit' ];
			$count       = (int) $row->{$type . '_count'};
			if ( $count_limit > 0 && $count >= $count_limit ) {
				$dimension = $type;
				$limit     = $count_limit;
				$used      = $count;
			}
		}
		$message = 'storage' === $dimension
			? __( 'This upload would exceed your storage quota.', 'media-community-service-pro' )
			/* translators: %s: media type (image, video or audio). */
			: sprintf( __( 'You have reached your %s upload limit.', 'media-community-service-pro' ), $dimension );
		return new WP_Error(
			'mvs_quota_exceeded',
			$message,
			array(
				'dimension' => $dimension,
				'limit'     => $limit,
				'usage'     => $used,
			)
		);
	}

	/**
	 * Type, size and owner of a stored item.
	 *
	 * @param int $id Media ID.
	 * @return object media_type, file_size, author_id (empty values when absent).
	 */
	private static function stored( int $id ) {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( "SELECT media_type, file_size, author_id FROM {$wpdb->mvs_media} WHERE id = %d", $id ) );
		return $row ? $row : (object) array(
			'media_type' => '',
			'file_size'  => 0,
			'author_id'  => 0,
		);
	}
}
