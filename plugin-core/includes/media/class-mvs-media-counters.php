<?php
/**
 * View, download and share counters, and the stats read from them.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Every SQL statement of the counters.
 *
 * Counters are only ever changed by one atomic statement each
 * (`SET n = n + 1`, or an upsert for the mvs_media_stats row), never read,
 * changed in PHP and written back, so concurrent requests cannot lose counts.
 *
 * - views:     a row in mvs_media_views per counted view, and mvs_media.views + 1;
 * - downloads, shares: mvs_media_stats (one row per item, created by the first event);
 * - each counts at most once per viewer, item and 30-minute window (MVS_Event_Marks),
 *   however often the route, a signed download URL or a Range request is called;
 * - trending:  mvs_media.trending_score grows by a weight per event, on a
 *   scale where older events weigh less (MVS_Trending_Score), so it ranks recent engagement.
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared -- only placeholders and a whitelisted column are interpolated.
 */
final class MVS_Media_Counters {

	const PURGE_VIEWS_HOOK = 'mvs_purge_view_log';

	/**
	 * Rows deleted per statement, and statements per cron run, when purging
	 * old view records: short statements keep locks short on a busy table,
	 * and a backlog is worked off over several runs instead of one long one.
	 */
	const PURGE_BATCH   = 2000;
	const PURGE_BATCHES = 25;

	/**
	 * Trending weight of each event (fixed point: 100 = one view).
	 */
	const WEIGHTS = array(
		'view'     => 100,
		'download' => 300,
		'share'    => 500,
	);

	/**
	 * Records a view: a row in mvs_media_views and an atomic increment, once
	 * per viewer and item in each window (MVS_Event_Marks). Repeats answer
	 * normally and count nothing, so reloading or scripting a page cannot
	 * inflate counts.
	 *
	 * @param int    $media_id   Media ID.
	 * @param int    $user_id    Viewer (0 when anonymous).
	 * @param string $user_agent The caller's User-Agent header ('' when absent).
	 * @return bool Whether nothing failed (a repeat is not a failure).
	 */
	public function record_view( int $media_id, int $user_id, string $user_agent ): bool {
		global $wpdb;
		$first = MVS_Event_Marks::claim( $media_id, 'view', $user_id, $user_agent );
		if ( true !== $first ) {
			return null !== $first;
		}
		$logged  = $wpdb->insert(
			$wpdb->mvs_media_views,
			array(
				'media_id'   => $media_id,
				'user_id'    => $user_id,
				'ip_hash'    => MVS_Client_Address::hash(),
				'created_at' => current_time( 'mysql', true ),
			),
			array( '%d', '%d', '%s', '%s' )
		);
		$counted = MVS_Trending_Score::add( $media_id, self::WEIGHTS['view'], 'views = views + 1, ' );
		return false !== $logged && $counted;
	}

	/**
	 * Records a download or a share: an atomic upsert of the item's stats
	 * row, once per viewer and item in each window (MVS_Event_Marks).
	 *
	 * @param int    $media_id Media ID.
	 * @param string $event    download | share.
	 * @param int    $user_id  Viewer: the caller, or the member a signed URL is bound to (0: anonymous).
	 * @return bool Whether nothing failed (a repeat is not a failure).
	 */
	public function record( int $media_id, string $event, int $user_id ): bool {
		global $wpdb;
		$first = MVS_Event_Marks::claim( $media_id, $event, $user_id );
		if ( true !== $first ) {
			return null !== $first;
		}
		$column = 'share' === $event ? 'shares' : 'downloads';
		// One statement creates the row or increments it (the SQLite integration translates the upsert).
		$counted = $wpdb->query(
			$wpdb->prepare(
				"INSERT INTO {$wpdb->mvs_media_stats} (media_id, downloads, shares) VALUES (%d, %d, %d) ON DUPLICATE KEY UPDATE {$column} = {$column} + 1",
				$media_id,
				'downloads' === $column ? 1 : 0,
				'shares' === $column ? 1 : 0
			)
		);
		return false !== $counted && MVS_Trending_Score::add( $media_id, self::WEIGHTS[ $event ] );
	}

	/**
	 * Counters of one item, in one query.
	 *
	 * @param int $media_id Media ID.
	 * @return array|null MediaStats, null when the item does not exist.
	 */
	public function item_stats( int $media_id ): ?array {
		global $wpdb;
		$row = $wpdb->get_row(
			$wpdb->prepare(
				"SELECT m.views, m.reactions_count, m.comments_count, COALESCE(s.downloads, 0) AS downloads, COALESCE(s.shares, 0) AS shares
				FROM {$wpdb->mvs_media} m LEFT JOIN {$wpdb->mvs_media_stats} s ON s.media_id = m.id WHERE m.id = %d",
				$media_id
			)
		);
		return $row ? self::shape( $row ) : null;
	}

	/**
	 * Sums over every item of an author, in one query.
	 *
	 * @param int $author_id Author.
	 * @return array MediaStats.
	 */
	public function author_stats( int $author_id ): array {
		global $wpdb;
		$row = $wpdb->get_row(
			$wpdb->prepare(
				"SELECT COALESCE(SUM(m.views), 0) AS views, COALESCE(SUM(m.reactions_count), 0) AS reactions_count,
				COALESCE(SUM(m.comments_count), 0) AS comments_count, COALESCE(SUM(s.downloads), 0) AS downloads, COALESCE(SUM(s.shares), 0) AS shares
				FROM {$wpdb->mvs_media} m LEFT JOIN {$wpdb->mvs_media_stats} s ON s.media_id = m.id WHERE m.author_id = %d",
				$author_id
			)
		);
		return self::shape( $row ? $row : (object) array() );
	}

	/**
	 * Whether an item may be downloaded: the site allows downloads and the
	 * item's allow_download meta is not '0'.
	 *
	 * @param int $media_id Media ID.
	 * @return bool
	 */
	public static function downloads_allowed( int $media_id ): bool {
		if ( ! MVS_Settings::get( 'allow_downloads' ) ) {
			return false;
		}
		return '0' !== (string) get_metadata( 'mvs_media', $media_id, 'allow_download', true );
	}

	/**
	 * Daily clean-up (WP-Cron) of view records older than the setting
	 * `view_log_days` (0 keeps them): a view's row is only needed for later
	 * analysis, and it holds a hashed IP, which should not be kept forever.
	 * Counters live on the media row and are not touched.
	 *
	 * Each batch selects ids through the created_at index, then deletes them
	 * by primary key (portable: no DELETE … LIMIT, which SQLite lacks). When
	 * a run ends with rows left, one more run is scheduled a minute later.
	 *
	 * @return int Rows deleted.
	 */
	public static function purge_view_log(): int {
		global $wpdb;
		MVS_Event_Marks::purge();
		$days = (int) MVS_Settings::get( 'view_log_days' );
		if ( $days <= 0 ) {
			return 0;
		}
		$cutoff  = gmdate( 'Y-m-d H:i:s', time() - $days * DAY_IN_SECONDS );
		$deleted = 0;
		for ( $batch = 0; $batch < self::PURGE_BATCHES; $batch++ ) {
			$ids = array_map(
				'intval',
				$wpdb->get_col(
					$wpdb->prepare( "SELECT id FROM {$wpdb->mvs_media_views} WHERE created_at < %s ORDER BY created_at LIMIT %d", $cutoff, self::PURGE_BATCH )
				)
			);
			if ( ! $ids ) {
				return $deleted;
			}
			$placeholders = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
			// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- one %d per id.
			$deleted += (int) $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_media_views} WHERE id IN ($placeholders)", $ids ) );
			if ( count( $ids ) < self::PURGE_BATCH ) {
				return $deleted;
			}
		}
		$next = wp_next_scheduled( self::PURGE_VIEWS_HOOK );
		if ( ! $next || $next > time() + MINUTE_IN_SECONDS ) {
			wp_schedule_single_event( time() + MINUTE_IN_SECONDS, self::PURGE_VIEWS_HOOK );
		}
		return $deleted;
	}

	/**
	 * The MediaStats shape.
	 *
	 * @param object $row Query row.
	 * @return array
	 */
	private static function shape( $row ): array {
		return array(
			'views'     => (int) ( $row->views ?? 0 ),
			'reactions' => (int) ( $row->reactions_count ?? 0 ),
			'comments'  => (int) ( $row->comments_count ?? 0 ),
			'downloads' => (int) ( $row->downloads ?? 0 ),
			'shares'    => (int) ( $row->shares ?? 0 ),
		);
	}
}
