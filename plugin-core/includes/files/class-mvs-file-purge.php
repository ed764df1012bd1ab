<?php
/**
 * Tells CDN integrations which cached file URLs to drop.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Public, approved items are served through one URL per hour that anyone
 * may fetch (MVS_Url_Signer::file_url()), with Cache-Control that lets
 * browsers keep it up to serve_cache_max_age and shared caches (CDNs) up to
 * SHARED_MAX_AGE. When such an item stops being public (private, members,
 * group, pending, flagged, rejected, deleted) or its bytes change
 * (replace), the action mvs_purge_file_urls is fired so that a CDN
 * integration can purge it at once rather than wait for the shared max-age.
 */
final class MVS_File_Purge {

	/**
	 * Seconds a shared cache may keep a public file (s-maxage): the longest a
	 * CDN without a purge integration keeps serving an item after it went private.
	 */
	const SHARED_MAX_AGE = 300;

	/**
	 * Hooks the item events after which public URLs must go.
	 */
	public static function register(): void {
		add_action( 'mvs_media_deleted', array( __CLASS__, 'on_deleted' ), 10, 2 );
		add_action( 'mvs_media_replaced', array( __CLASS__, 'on_replaced' ), 10, 2 );
		add_action( 'mvs_media_privacy_changed', array( __CLASS__, 'on_privacy_changed' ), 10, 2 );
		add_action( 'mvs_media_moderated', array( __CLASS__, 'on_moderated' ), 10, 3 );
	}

	/**
	 * After a delete.
	 *
	 * @param int    $id  Media ID.
	 * @param object $row The row as it was.
	 */
	public static function on_deleted( $id, $row ): void {
		self::purge( $row, 'deleted' );
	}

	/**
	 * After a replace (same id, new bytes).
	 *
	 * @param int    $id  Media ID.
	 * @param object $row The row as it was.
	 */
	public static function on_replaced( $id, $row ): void {
		self::purge( $row, 'replaced' );
	}

	/**
	 * After a privacy change away from public.
	 *
	 * @param object $row     The row as it was.
	 * @param string $privacy New privacy.
	 */
	public static function on_privacy_changed( $row, $privacy ): void {
		if ( 'public' !== $privacy ) {
			self::purge( $row, 'privacy' );
		}
	}

	/**
	 * After a moderation decision that takes an approved item out of view.
	 *
	 * @param int    $id   Media ID.
	 * @param string $to   New moderation status.
	 * @param string $from Previous status.
	 */
	public static function on_moderated( $id, $to, $from ): void {
		if ( 'approved' === $from && 'approved' !== $to ) {
			$was_public = (object) array(
				'id'                => (int) $id,
				'privacy'           => 'public',
				'moderation_status' => 'approved',
			);
			self::purge( $was_public, 'moderation', false );
		}
	}

	/**
	 * Fires mvs_purge_file_urls for an item that was served publicly.
	 *
	 * @param object $row       The row before the change.
	 * @param string $reason    deleted | replaced | privacy | moderation.
	 * @param bool   $check_row Whether to check that the row was public and approved.
	 */
	private static function purge( $row, string $reason, bool $check_row = true ): void {
		if ( ! is_object( $row ) || ( $check_row && ( 'public' !== $row->privacy || 'approved' !== $row->moderation_status ) ) ) {
			return;
		}
		$public = (object) array(
			'id'                => (int) $row->id,
			'privacy'           => 'public',
			'moderation_status' => 'approved',
		);
		$urls   = array( MVS_Url_Signer::file_url( $public, 0 ) );
		foreach ( array_keys( MVS_Image_Sizes::definitions() ) as $size ) {
			$urls[] = MVS_Url_Signer::file_url( $public, 0, (string) $size );
		}
		/**
		 * Fires when the public URLs of an item must leave every cache: it
		 * went private, members-only or group, was held or rejected by
		 * moderation, deleted, or its file was replaced. $urls are the URLs
		 * issued for the current hour; earlier hours' URLs differ only in
		 * mvs_exp and mvs_sig, so integrations that can should purge every
		 * /serve URL with this mvs_id.
		 *
		 * @param string[] $urls     Public URLs of the original and each size.
		 * @param int      $media_id Media ID.
		 * @param string   $reason   deleted | replaced | privacy | moderation.
		 */
		do_action( 'mvs_purge_file_urls', $urls, (int) $row->id, $reason );
	}
}
