<?php
/**
 * Domain logic of the community overview route.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Overview_Handler and serves the dashboard
 * widget: the overview's figures, computed by MVS_Overview_Repository in a
 * constant number of statements and kept in a transient for
 * `mvs_overview_cache_ttl` seconds (default 300; 0 computes every time).
 * Nothing invalidates it: the figures may be up to one lifetime old
 * (docs/community-overview.md).
 */
final class MVS_Overview_Service implements MVS_Overview_Handler {

	const TRANSIENT = 'mvs_community_overview';

	/**
	 * Data access.
	 *
	 * @var MVS_Overview_Repository
	 */
	private $repository;

	/**
	 * @param MVS_Overview_Repository|null $repository Data access.
	 */
	public function __construct( ?MVS_Overview_Repository $repository = null ) {
		$this->repository = $repository ? $repository : new MVS_Overview_Repository();
	}

	/**
	 * GET /overview.
	 *
	 * @param MVS_Get_Community_Overview_Args $args Arguments (none).
	 * @return array
	 */
	public function get_community_overview( MVS_Get_Community_Overview_Args $args ) {
		return $this->overview();
	}

	/**
	 * The figures, from the cache while it lasts.
	 *
	 * @return array The CommunityOverview shape.
	 */
	public function overview(): array {
		/**
		 * Seconds the community overview is cached; 0 computes it on every request.
		 *
		 * @param int $ttl Default 300.
		 */
		$ttl = (int) apply_filters( 'mvs_overview_cache_ttl', 300 );
		if ( $ttl > 0 ) {
			$cached = get_transient( self::TRANSIENT );
			if ( is_array( $cached ) ) {
				return $cached;
			}
		}
		$overview = $this->compute( time() );
		if ( $ttl > 0 ) {
			set_transient( self::TRANSIENT, $overview, $ttl );
		}
		return $overview;
	}

	/**
	 * Computes the figures as of a time.
	 *
	 * @param int $now Unix time.
	 * @return array
	 */
	private function compute( int $now ): array {
		$ready = MVS_Media_Totals::ready();
		$days  = array();
		for ( $i = MVS_Overview_Repository::DAYS - 1; $i >= 0; $i-- ) {
			$days[] = gmdate( 'Y-m-d', $now - $i * DAY_IN_SECONDS );
		}
		$since = $days[0] . ' 00:00:00';

		$uploads = array_fill_keys( $days, array_fill_keys( MVS_Core_Enums::MEDIA_TYPE, 0 ) );
		foreach ( $this->repository->uploads_since( $since, $ready ) as $row ) {
			$day = substr( (string) $row->day, 0, 10 );
			if ( isset( $uploads[ $day ][ $row->media_type ] ) ) {
				$uploads[ $day ][ $row->media_type ] += (int) $row->items;
			}
		}
		$storage = array_fill_keys( MVS_Core_Enums::MEDIA_TYPE, array( 0, 0 ) );
		foreach ( $this->repository->storage( $ready ) as $row ) {
			if ( isset( $storage[ $row->media_type ] ) ) {
				$storage[ $row->media_type ] = array( (int) $row->items, (int) $row->bytes );
			}
		}
		$reports = array_fill_keys( $days, 0 );
		foreach ( $this->repository->reports_since( $since ) as $row ) {
			$day = substr( (string) $row->day, 0, 10 );
			if ( isset( $reports[ $day ] ) ) {
				$reports[ $day ] = (int) $row->n;
			}
		}
		$queue                        = $this->repository->queue_counts( $ready );
		list( $reported, $report_at ) = $this->repository->reported();
		$oldest                       = array_filter( array( $this->repository->oldest_waiting_upload(), $report_at ) );
		$hourly                       = MVS_Overview_Hourly_Counts::get( $now );

		return array(
			'generated_at'    => MVS_Time::to_iso8601( gmdate( 'Y-m-d H:i:s', $now ) ),
			'uploads_per_day' => array_map(
				static function ( $day ) use ( $uploads ) {
					return array_merge( array( 'day' => $day ), $uploads[ $day ] );
				},
				$days
			),
			'storage'         => array_map(
				static function ( $type ) use ( $storage ) {
					return array(
						'media_type' => $type,
						'items'      => $storage[ $type ][0],
						'bytes'      => $storage[ $type ][1],
					);
				},
				MVS_Core_Enums::MEDIA_TYPE
			),
			'active_members'  => (int) $hourly['members'],
			'queue'           => array(
				'size'      => $queue['pending'] + $queue['flagged'] + $reported,
				'pending'   => $queue['pending'],
				'flagged'   => $queue['flagged'],
				'reported'  => $reported,
				'oldest_at' => $oldest ? MVS_Time::to_iso8601( min( $oldest ) ) : null,
			),
			'reports_per_day' => array_map(
				static function ( $day ) use ( $reports ) {
					return array(
						'day'   => $day,
						'count' => $reports[ $day ],
					);
				},
				$days
			),
			'top_tags'        => $this->top_tags( $hourly['top_tags'] ),
		);
	}

	/**
	 * The hourly count's top tags that still exist, under their names now.
	 *
	 * @param array<int, int[]> $counted [term_id, items] pairs, most items first.
	 * @return array<int, array{id: int, name: string, slug: string, items: int}>
	 */
	private function top_tags( array $counted ): array {
		$named = $this->repository->tags_named( array_column( $counted, 0 ) );
		$tags  = array();
		foreach ( $counted as list( $term_id, $items ) ) {
			if ( isset( $named[ $term_id ] ) ) {
				$tags[] = array(
					'id'    => (int) $term_id,
					'name'  => html_entity_decode( (string) $named[ $term_id ]->name, ENT_QUOTES, 'UTF-8' ),
					'slug'  => (string) $named[ $term_id ]->slug,
					'items' => (int) $items,
				);
			}
		}
		return $tags;
	}
}
