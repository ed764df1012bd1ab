<?php
/**
 * A member's unfiltered album list: its page by date and its total.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * What a member may see of the albums is "public or members-only, without
 * blocked authors, or their own": one predicate with an OR, which MariaDB
 * answered by merging two indexes and sorting every visible album (15,000 of
 * them at the bench's 1M items) for each page, and counting through the same
 * merge. Here the OR becomes three branches, each one range of an index read
 * in ID order. Anonymous and moderators' lists are one range already, and a
 * list filtered by author reads that author's range (MVS_Album_Repository).
 * docs/albums-and-tags.md, "Albums".
 *
 * phpcs:disable WordPress.WP.PreparedSQL.NotPrepared -- every fragment is built from placeholders and passed through prepare().
 */
final class MVS_Album_Member_List {

	/**
	 * The member, or 0 when the list is not a member's unfiltered one.
	 *
	 * @var int
	 */
	private $viewer;

	/**
	 * Decides once whether a list query is a member's unfiltered list.
	 *
	 * @param array $query viewer, author (as MVS_Album_Repository::search() takes them).
	 */
	public function __construct( array $query ) {
		$viewer       = (int) $query['viewer'];
		$this->viewer = empty( $query['author'] ) && $viewer > 0 && ! MVS_Media_Visibility::is_privileged( $viewer ) ? $viewer : 0;
	}

	/**
	 * Whether the list is a member's unfiltered one (the branches apply).
	 *
	 * @return bool
	 */
	public function applies(): bool {
		return $this->viewer > 0;
	}

	/**
	 * The page by date, as FROM …: the album rows of the newest `$limit` IDs
	 * of each branch.
	 *
	 * @param string $dir   ASC or DESC.
	 * @param int    $limit Rows the page needs from each branch (offset + per_page).
	 * @return array{0: string, 1: array}
	 */
	public function newest( string $dir, int $limit ): array {
		global $wpdb;
		list( $blocks, $block_args ) = MVS_Media_Visibility::blocks_clause( $this->viewer, 'b.author_id' );
		$branches                    = array(
			array( "b.privacy = 'public'{$blocks}", $block_args ),
			array( "b.privacy = 'members'{$blocks}", $block_args ),
			array( "b.author_id = %d AND b.privacy NOT IN ('public', 'members')", array( $this->viewer ) ),
		);
		$sql                         = array();
		$args                        = array();
		foreach ( $branches as $i => $branch ) {
			$sql[] = "SELECT * FROM ( SELECT b.id FROM {$wpdb->mvs_albums} b WHERE {$branch[0]} ORDER BY b.id {$dir} LIMIT %d ) n{$i}";
			$args  = array_merge( $args, $branch[1], array( $limit ) );
		}
		return array( "{$wpdb->mvs_albums} a INNER JOIN ( " . implode( ' UNION ALL ', $sql ) . ' ) newest ON newest.id = a.id', $args );
	}

	/**
	 * The total, as the branches count it: public and members-only albums on
	 * the privacy index alone, less those of blocked authors (their author
	 * index), plus the member's own of any other privacy (3 ms at 22,500
	 * albums, against 15 ms through the index merge).
	 *
	 * @return array{0: string, 1: array} SELECT and its arguments.
	 */
	public function total(): array {
		global $wpdb;
		$shared  = "privacy IN ('public', 'members')";
		$blocked = MVS_Media_Visibility::blocked_ids( $this->viewer );
		$minus   = $blocked
			? " - ( SELECT COUNT(*) FROM {$wpdb->mvs_albums} WHERE author_id IN (" . implode( ', ', array_fill( 0, count( $blocked ), '%d' ) ) . ") AND {$shared} )"
			: '';
		return array(
			"SELECT ( SELECT COUNT(*) FROM {$wpdb->mvs_albums} WHERE {$shared} ){$minus}"
			. " + ( SELECT COUNT(*) FROM {$wpdb->mvs_albums} WHERE author_id = %d AND privacy NOT IN ('public', 'members') )",
			array_merge( $blocked, array( $this->viewer ) ),
		);
	}
}
