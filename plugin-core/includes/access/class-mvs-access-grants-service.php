<?php
/**
 * The access grant routes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Access_Grants_Handler: one row per (item,
 * member) in mvs_access_grants, upserted on that unique key, written in one
 * transaction with the item's access_scoped flag, and the caller's own
 * grants. docs/access-rules-and-grants.md.
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- every fragment is built from placeholders and passed through prepare().
 */
final class MVS_Access_Grants_Service implements MVS_Access_Grants_Handler {

	/**
	 * The allowed grant sources.
	 *
	 * @return string[]
	 */
	public static function sources(): array {
		/**
		 * Filters the allowed sources of an access grant (an extension that
		 * sells or codes access adds its own, and grants with it).
		 *
		 * @param string[] $sources Source keys; manual is the default.
		 */
		$sources = (array) apply_filters( 'mvs_access_grant_sources', array( 'manual' ) );
		return array_values( array_unique( array_filter( $sources, fn( $s ) => is_string( $s ) && '' !== $s && sanitize_key( $s ) === $s && strlen( $s ) <= 40 ) ) );
	}

	/**
	 * POST /media/{media_id}/grant: grants again update the source and expiry.
	 *
	 * @param MVS_Grant_Media_Access_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function grant_media_access( MVS_Grant_Media_Access_Args $args ) {
		if ( ! get_userdata( $args->user_id ) ) {
			return MVS_Errors::make( 'mvs_user_not_found' );
		}
		if ( ! in_array( $args->source, self::sources(), true ) ) {
			return MVS_Errors::make( 'mvs_invalid_param', __( 'Unknown grant source.', 'media-community-service' ), array( 'params' => array( 'source' ) ) );
		}
		$expires = null;
		if ( null !== $args->expires_at && '' !== $args->expires_at ) {
			$time = rest_parse_date( $args->expires_at );
			if ( false === $time || $time <= time() ) {
				return MVS_Errors::make( 'mvs_invalid_param', __( 'expires_at must be a time in the future.', 'media-community-service' ), array( 'params' => array( 'expires_at' ) ) );
			}
			$expires = gmdate( 'Y-m-d H:i:s', $time );
		}
		$saved = self::upsert( $args->media_id, $args->user_id, $args->source, $expires );
		if ( null === $saved ) {
			return MVS_Errors::make( 'mvs_not_found' );
		}
		if ( false === $saved ) {
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		return self::present( $saved );
	}

	/**
	 * Writes a grant and the item's flag in one transaction (for extensions
	 * granting with their own source too).
	 *
	 * @param int         $media_id Item.
	 * @param int         $user_id  Member.
	 * @param string      $source   An allowed source.
	 * @param string|null $expires  UTC DATETIME, or null for never.
	 * @return object|false|null The grant row; null when the item is gone; false when the write failed.
	 */
	public static function upsert( int $media_id, int $user_id, string $source, ?string $expires ) {
		global $wpdb;
		$missing = false;
		$done    = MVS_Transaction::run(
			function () use ( $wpdb, $media_id, $user_id, $source, $expires, &$missing ) {
				$missing = false;
				if ( ! $wpdb->get_var( $wpdb->prepare( "SELECT id FROM {$wpdb->mvs_media} WHERE id = %d FOR UPDATE", $media_id ) ) ) {
					$missing = true;
					return false;
				}
				$now     = current_time( 'mysql', true );
				$updated = $wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->mvs_access_grants} SET source = %s, expires_at = " . ( null === $expires ? 'NULL' : '%s' ) . ' WHERE media_id = %d AND user_id = %d', array_merge( array( $source ), null === $expires ? array() : array( $expires ), array( $media_id, $user_id ) ) ) );
				if ( false === $updated ) {
					return false;
				}
				$exists = $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->mvs_access_grants} WHERE media_id = %d AND user_id = %d", $media_id, $user_id ) );
				// The item's row lock serialises writers of its grants, so the insert cannot race another.
				if ( ! (int) $exists && false === $wpdb->insert(
					$wpdb->mvs_access_grants,
					array(
						'media_id'   => $media_id,
						'user_id'    => $user_id,
						'source'     => $source,
						'expires_at' => $expires,
						'created_at' => $now,
					)
				) ) {
					return false;
				}
				return MVS_Access_Flag::refresh( $media_id );
			}
		);
		if ( $missing ) {
			return null;
		}
		if ( ! $done ) {
			return false;
		}
		return $wpdb->get_row( $wpdb->prepare( "SELECT media_id, user_id, source, expires_at, created_at FROM {$wpdb->mvs_access_grants} WHERE media_id = %d AND user_id = %d", $media_id, $user_id ) );
	}

	/**
	 * DELETE /media/{media_id}/grant/{user_id}: deleted false when there was
	 * none (docs/api-conventions.md, "Retry-safe writes"). The member's
	 * outstanding signed URLs stop working with it: /serve decides again.
	 *
	 * @param MVS_Revoke_Media_Access_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function revoke_media_access( MVS_Revoke_Media_Access_Args $args ) {
		global $wpdb;
		$media_id = $args->media_id;
		$user_id  = $args->user_id;
		$removed  = MVS_Transaction::run(
			function () use ( $wpdb, $media_id, $user_id ) {
				$removed = $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_access_grants} WHERE media_id = %d AND user_id = %d", $media_id, $user_id ) );
				return false === $removed || ! MVS_Access_Flag::refresh( $media_id ) ? false : (int) $removed;
			}
		);
		if ( false === $removed ) {
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		return array(
			'media_id' => $media_id,
			'user_id'  => $user_id,
			'deleted'  => $removed > 0,
		);
	}

	/**
	 * GET /me/grants: newest first, two queries whatever per_page is. Only
	 * grants to approved items of authors without a block between them and
	 * the caller are listed (nothing else can open); the item's title shows
	 * only while the caller may see it (the shared predicate, in the SQL).
	 *
	 * @param MVS_List_My_Grants_Args $args Arguments.
	 * @return MVS_Page
	 */
	public function list_my_grants( MVS_List_My_Grants_Args $args ) {
		global $wpdb;
		$me                             = get_current_user_id();
		$per_page                       = max( 1, $args->per_page );
		$offset                         = ( max( 1, $args->page ) - 1 ) * $per_page;
		list( $blocks, $block_args )    = MVS_Media_Visibility::blocks_clause( $me, 'm.author_id' );
		list( $visible, $visible_args ) = MVS_Media_Visibility::viewer_predicate( $me, 'm' );
		$where                          = "FROM {$wpdb->mvs_access_grants} g INNER JOIN {$wpdb->mvs_media} m ON m.id = g.media_id WHERE g.user_id = %d AND m.moderation_status = 'approved'{$blocks}";
		$where_args                     = array_merge( array( $me ), $block_args );
		if ( $args->active_only ) {
			$where       .= ' AND ( g.expires_at IS NULL OR g.expires_at > %s )';
			$where_args[] = gmdate( 'Y-m-d H:i:s' );
		}
		$rows  = (array) $wpdb->get_results(
			$wpdb->prepare(
				"SELECT g.media_id, g.user_id, g.source, g.expires_at, g.created_at, m.title, m.media_type, CASE WHEN {$visible} THEN 1 ELSE 0 END AS visible {$where} ORDER BY g.created_at DESC, g.media_id DESC LIMIT %d OFFSET %d",
				array_merge( $visible_args, $where_args, array( $per_page, $offset ) )
			)
		);
		$total = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) {$where}", $where_args ) );
		$items = array();
		foreach ( $rows as $row ) {
			$item          = self::present( $row );
			$item['media'] = (int) $row->visible ? array(
				'id'         => (int) $row->media_id,
				'title'      => (string) $row->title,
				'media_type' => (string) $row->media_type,
			) : null;
			$items[]       = $item;
		}
		return new MVS_Page( $items, $total );
	}

	/**
	 * A grant row as the routes answer it.
	 *
	 * @param object $row media_id, user_id, source, expires_at, created_at.
	 * @return array
	 */
	private static function present( $row ): array {
		$expires = null === $row->expires_at || '' === $row->expires_at ? null : (string) $row->expires_at;
		return array(
			'media_id'   => (int) $row->media_id,
			'user_id'    => (int) $row->user_id,
			'source'     => (string) $row->source,
			'expires_at' => MVS_Time::to_iso8601( $expires ),
			'created_at' => MVS_Time::to_iso8601( $row->created_at ),
			'active'     => null === $expires || strtotime( $expires . ' UTC' ) > time(),
		);
	}
}
