<?php
/**
 * Hashes images as they arrive and flags re-uploads of rejected pictures.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Every uploaded or replaced image gets a perceptual hash (MVS_Image_Hash);
 * when it is within MATCH_DISTANCE bits of an item a moderator rejected, the
 * new item is flagged (hidden until a moderator decides) with a link to the
 * earlier item and its rejection. A constant number of queries per upload:
 * the item's row, the hash row, one candidates query, and on a match the
 * flag's transition, log entry and link. Items get their hash lazily
 * otherwise: a rejection hashes an item that has none. See
 * docs/moderation.md, "Image hashes".
 */
final class MVS_Image_Match {

	/**
	 * Hash data access.
	 *
	 * @var MVS_Image_Hash_Repository
	 */
	private $hashes;

	/**
	 * Wires collaborators.
	 *
	 * @param MVS_Image_Hash_Repository|null $hashes Hash data access.
	 */
	public function __construct( ?MVS_Image_Hash_Repository $hashes = null ) {
		$this->hashes = $hashes ? $hashes : new MVS_Image_Hash_Repository();
	}

	/**
	 * Hooks uploads, replacements and decisions.
	 */
	public static function register(): void {
		// Before the other listeners (activity, queue bubble): they see the item flagged.
		add_action( 'mvs_media_created', array( __CLASS__, 'on_stored' ), 5 );
		add_action( 'mvs_media_replaced', array( __CLASS__, 'on_stored' ), 5 );
		add_action( 'mvs_media_moderated', array( __CLASS__, 'on_moderated' ), 10, 2 );
	}

	/**
	 * An item's file arrived (upload or replacement).
	 *
	 * @param int $media_id Media ID.
	 */
	public static function on_stored( $media_id ): void {
		( new self() )->hash_and_match( (int) $media_id );
	}

	/**
	 * A moderator changed an item's state: rejected items are matched against.
	 *
	 * @param int    $media_id Media ID.
	 * @param string $to       New state.
	 */
	public static function on_moderated( $media_id, $to ): void {
		( new self() )->mark( (int) $media_id, 'rejected' === $to );
	}

	/**
	 * Hashes an item's file and flags it when it resembles a rejected item.
	 *
	 * @param int $media_id Media ID.
	 * @return array|null The match (media_id, log_id, distance), or null.
	 */
	public function hash_and_match( int $media_id ): ?array {
		$row  = ( new MVS_Media_Repository() )->find( $media_id );
		$hash = $row ? $this->hash_row( $row ) : null;
		if ( null === $hash ) {
			$this->hashes->delete( $media_id );
			return null;
		}
		$rejected = 'rejected' === (string) $row->moderation_status;
		$this->hashes->save( $media_id, $hash, $rejected );
		if ( $rejected || ! MVS_Image_Hash::has_features( $hash ) ) {
			return null;
		}
		$match = $this->closest( $hash, $media_id );
		if ( ! $match ) {
			return null;
		}
		$this->hashes->set_match( $media_id, $match['media_id'], $match['log_id'], $match['distance'] );
		$moderation = new MVS_Moderation_Repository();
		if ( $moderation->transition( $media_id, 'flagged', array( 'approved', 'pending' ) ) ) {
			$moderation->log(
				$media_id,
				0,
				'flag',
				sprintf(
					/* translators: 1: ID of the earlier item, 2: differing bits of 64. */
					__( 'Looks like item #%1$d, which a moderator rejected (%2$d of 64 bits differ).', 'media-community-service' ),
					$match['media_id'],
					$match['distance']
				),
				$match
			);
		}
		return $match;
	}

	/**
	 * Records whether an item is rejected; a rejected item without a hash
	 * (uploaded before hashing existed) is hashed now.
	 *
	 * @param int  $media_id Media ID.
	 * @param bool $rejected Whether it is rejected now.
	 */
	public function mark( int $media_id, bool $rejected ): void {
		if ( $this->hashes->set_rejected( $media_id, $rejected ) || ! $rejected ) {
			return;
		}
		$row  = ( new MVS_Media_Repository() )->find( $media_id );
		$hash = $row ? $this->hash_row( $row ) : null;
		if ( null !== $hash ) {
			$this->hashes->save( $media_id, $hash, true );
		}
	}

	/**
	 * The closest rejected item within MATCH_DISTANCE bits.
	 *
	 * @param string $hash     16 hex digits.
	 * @param int    $media_id The item being matched.
	 * @return array|null media_id, log_id, distance.
	 */
	private function closest( string $hash, int $media_id ): ?array {
		$best = null;
		foreach ( $this->hashes->candidates( $hash, $media_id ) as $candidate ) {
			$distance = MVS_Image_Hash::distance( $hash, (string) $candidate->phash );
			if ( $distance <= MVS_Image_Hash::MATCH_DISTANCE && MVS_Image_Hash::has_features( (string) $candidate->phash )
				&& ( ! $best || $distance < $best['distance'] ) ) {
				$best = array(
					'media_id' => (int) $candidate->media_id,
					'log_id'   => (int) $candidate->log_id,
					'distance' => $distance,
				);
			}
		}
		return $best;
	}

	/**
	 * The hash of an item's image: of its medium size when it has one (a
	 * 300-pixel copy decodes in a fraction of a photo's time; resized
	 * copies of a picture give the same hash), else of the original.
	 *
	 * @param object $row Media row.
	 * @return string|null Null for other media and undecodable files.
	 */
	private function hash_row( $row ): ?string {
		if ( 'image' !== (string) $row->media_type ) {
			return null;
		}
		$sizes = MVS_Image_Sizes::get( (int) $row->id );
		$key   = isset( $sizes['medium']['key'] ) ? (string) $sizes['medium']['key'] : (string) $row->file_path;
		return MVS_Image_Hash::of_file( MVS_Storage::driver()->path( $key ) );
	}

	/**
	 * The desk's image fields of a page of items (one query).
	 *
	 * @param int[] $ids Media IDs.
	 * @return array<int, array{image_hash: string|null, earlier_rejection: array|null}> By media ID;
	 *                                                                                 items without a hash are absent.
	 */
	public function for_desk( array $ids ): array {
		$fields = array();
		foreach ( $this->hashes->for_items( $ids ) as $row ) {
			$match = null;
			if ( (int) $row->match_media_id > 0 ) {
				$decided = null !== $row->match_decided_at;
				$match   = array(
					'media_id' => (int) $row->match_media_id,
					'title'    => null === $row->match_title ? null : (string) $row->match_title,
					'distance' => (int) $row->match_distance,
					'decision' => $decided ? array(
						'by'     => array(
							'id'   => (int) $row->match_actor_id,
							'name' => null === $row->match_actor_name ? null : (string) $row->match_actor_name,
						),
						'at'     => MVS_Time::to_iso8601( $row->match_decided_at ),
						'reason' => '' !== (string) $row->match_reason ? (string) $row->match_reason : null,
					) : null,
				);
			}
			$fields[ (int) $row->media_id ] = array(
				'image_hash'        => (string) $row->phash,
				'earlier_rejection' => $match,
			);
		}
		return $fields;
	}
}
