<?php
/**
 * Pages of activity events the viewer may see, with their exact total.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Two statements per page for the three sources (the whole site, one member,
 * the viewer's following inbox): the bound of the source's newest WINDOW
 * events, then those of them the viewer may see now, newest first, with how
 * many they are. What an event shows is decided here, at read time, never
 * when it was written: the
 * item through MVS_Media_Visibility::viewer_predicate(), the album through the
 * albums' own rule, blocks both ways on the actor and the owner, and the
 * comment or reaction still existing. Why a window, and the plans:
 * docs/activity-and-feed.md.
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared -- every fragment is built from placeholders and table names and passed through prepare().
 */
final class MVS_Activity_Query {

	/**
	 * Events of a source a list reaches back to (filter mvs_activity_window).
	 */
	const WINDOW = 1000;

	/**
	 * How many of a source's newest events a list covers.
	 *
	 * @return int
	 */
	public static function window(): int {
		/**
		 * Filters how many of a feed's newest events its pages and total cover.
		 *
		 * @param int $window Events (default 1000).
		 */
		return max( 1, (int) apply_filters( 'mvs_activity_window', self::WINDOW ) );
	}

	/**
	 * A page of visible events and the total.
	 *
	 * @param string $source   'public', 'user' or 'following'.
	 * @param int    $subject  The member of 'user', the viewer of 'following'; 0 for 'public'.
	 * @param int    $viewer   Viewer (0 when anonymous).
	 * @param int    $page     Page (1-based).
	 * @param int    $per_page Events per page.
	 * @return array{0: object[], 1: int} mvs_activity rows (id, user_id, type, media_id, album_id, created_at) and the total.
	 */
	public function page( string $source, int $subject, int $viewer, int $page, int $per_page ): array {
		global $wpdb;
		list( $from, $args ) = $this->from( $source, $subject, $viewer );
		$per_page            = max( 1, $per_page );
		$offset              = ( max( 1, $page ) - 1 ) * $per_page;
		$count               = "SELECT COUNT(*) {$from}";
		$rows                = $wpdb->get_results(
			// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the values go in as one array.
			$wpdb->prepare( "SELECT ev.id, ev.user_id, ev.type, ev.media_id, ev.album_id, ev.created_at, ( {$count} ) AS mvs_total {$from} ORDER BY ev.id DESC LIMIT %d OFFSET %d", array_merge( $args, $args, array( $per_page, $offset ) ) )
		);
		if ( $rows ) {
			return array( $rows, (int) $rows[0]->mvs_total );
		}
		// A page past the last has no row to carry the total.
		$total = 1 < $page ? (int) $wpdb->get_var( $wpdb->prepare( $count, $args ) ) : 0;
		return array( array(), $total );
	}

	/**
	 * FROM … WHERE … of a source's visible events in its window.
	 *
	 * @param string $source  Source.
	 * @param int    $subject Member or viewer of the source.
	 * @param int    $viewer  Viewer.
	 * @return array{0: string, 1: array}
	 */
	private function from( string $source, int $subject, int $viewer ): array {
		global $wpdb;
		// The window's oldest event, read first and passed as a number: each
		// source is then one range of an index read newest first. As a
		// subquery of the page MariaDB did not treat it as a constant and
		// walked the whole table (docs/activity-and-feed.md, "Measured").
		$oldest = $this->oldest( $source, $subject );
		if ( 'following' === $source ) {
			$from = "{$wpdb->mvs_activity_inbox} i JOIN {$wpdb->mvs_activity} ev ON ev.id = i.activity_id";
			// Someone unfollowed leaves the feed at once (their inbox rows stay). A
			// scalar count, not EXISTS: MariaDB turned the EXISTS into a semi-join
			// that started from the follows and read each followed member's
			// events (fan-out on read, the plan the inbox exists to avoid).
			$own  = "i.user_id = %d AND i.activity_id >= %d AND 1 = ( SELECT COUNT(*) FROM {$wpdb->mvs_follows} f WHERE f.follower_id = %d AND f.followed_id = ev.user_id )";
			$args = array( $subject, $oldest, $subject );
		} elseif ( 'user' === $source ) {
			$from = "{$wpdb->mvs_activity} ev";
			$own  = 'ev.user_id = %d AND ev.id >= %d';
			$args = array( $subject, $oldest );
		} else {
			$from = "{$wpdb->mvs_activity} ev";
			$own  = 'ev.id >= %d';
			$args = array( $oldest );
		}
		list( $visible, $visible_args ) = $this->visible( $viewer );
		return array(
			"FROM {$from} LEFT JOIN {$wpdb->mvs_media} m ON m.id = ev.media_id LEFT JOIN {$wpdb->mvs_albums} a ON a.id = ev.album_id WHERE {$own} AND {$visible}",
			array_merge( $args, $visible_args ),
		);
	}

	/**
	 * ID of the oldest event of the source's window (0 when the source holds
	 * fewer): one walk of at most WINDOW index entries.
	 *
	 * @param string $source  Source.
	 * @param int    $subject Member or viewer of the source.
	 * @return int
	 */
	private function oldest( string $source, int $subject ): int {
		global $wpdb;
		$skip = self::window() - 1;
		if ( 'following' === $source ) {
			$sql = $wpdb->prepare( "SELECT activity_id FROM {$wpdb->mvs_activity_inbox} WHERE user_id = %d ORDER BY activity_id DESC LIMIT 1 OFFSET %d", $subject, $skip );
		} elseif ( 'user' === $source ) {
			$sql = $wpdb->prepare( "SELECT id FROM {$wpdb->mvs_activity} WHERE user_id = %d ORDER BY id DESC LIMIT 1 OFFSET %d", $subject, $skip );
		} else {
			$sql = $wpdb->prepare( "SELECT id FROM {$wpdb->mvs_activity} ORDER BY id DESC LIMIT 1 OFFSET %d", $skip );
		}
		return (int) $wpdb->get_var( $sql );
	}

	/**
	 * Whether the viewer may see an event now (aliases ev, m, a).
	 *
	 * @param int $viewer Viewer.
	 * @return array{0: string, 1: array}
	 */
	private function visible( int $viewer ): array {
		global $wpdb;
		// Blocks hide the actor's events and events about a blocked member's
		// items or albums, also to moderators, whose predicates are 1=1.
		list( $actor, $actor_args ) = MVS_Media_Visibility::blocks_clause( $viewer, 'ev.user_id' );
		list( $owner, $owner_args ) = MVS_Media_Visibility::blocks_clause( $viewer, 'm.author_id' );
		list( $album, $album_args ) = MVS_Media_Visibility::blocks_clause( $viewer, 'a.author_id' );
		list( $media, $media_args ) = MVS_Media_Visibility::viewer_predicate( $viewer, 'm' );
		list( $alb, $alb_args )     = MVS_Album_Repository::album_predicate( $viewer );

		$still = "( ev.type = 'upload'"
			. " OR ( ev.type = 'reaction' AND EXISTS ( SELECT 1 FROM {$wpdb->mvs_reactions} r WHERE r.media_id = ev.media_id AND r.user_id = ev.user_id ) )"
			. " OR ( ev.type = 'comment' AND EXISTS ( SELECT 1 FROM {$wpdb->mvs_comments} c WHERE c.id = ev.ref_id ) ) )";
		return array(
			"1=1{$actor} AND ( ( m.id IS NOT NULL AND {$media}{$owner} AND {$still} ) OR ( ev.media_id = 0 AND a.id IS NOT NULL AND {$alb}{$album} ) )",
			array_merge( $actor_args, $media_args, $owner_args, $alb_args, $album_args ),
		);
	}
}
