<?php
/**
 * Tags and category of one media item (the `tags` and `category` fields of
 * POST and PUT /media).
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Resolves and assigns mvs_tag / mvs_category terms. Validation happens in
 * resolve_category() before anything is stored, so a bad category never
 * leaves a half-created item behind.
 */
final class MVS_Media_Terms {

	/**
	 * The term ID of a category slug: null for "leave as is" (field absent),
	 * 0 for "clear", or a 400 when no such category exists.
	 *
	 * Categories are curated by the site owner, so an unknown slug is an
	 * error rather than a new term (unlike tags, which members create).
	 *
	 * @param mixed $slug Sanitized `category` field, or null when absent.
	 * @return int|null|WP_Error
	 */
	public static function resolve_category( $slug ) {
		if ( null === $slug ) {
			return null;
		}
		$slug = (string) $slug;
		if ( '' === $slug ) {
			return 0;
		}
		$term = get_term_by( 'slug', $slug, 'mvs_category' );
		if ( ! $term instanceof WP_Term ) {
			return MVS_Errors::make(
				'mvs_invalid_param',
				__( 'No media category has that slug.', 'media-community-service' ),
				array( 'params' => array( 'category' ) )
			);
		}
		return (int) $term->term_id;
	}

	/**
	 * Applies the fields to an item: `tags` replaces the item's tags (unknown
	 * names become new tags), a resolved category replaces its category.
	 *
	 * @param int        $media_id Media ID.
	 * @param array|null $tags     Tag names, or null to leave them.
	 * @param int|null   $category Term ID, 0 to clear, null to leave it.
	 * @return true|WP_Error
	 */
	public static function apply( int $media_id, ?array $tags, ?int $category ) {
		if ( null === $tags && null === $category ) {
			return true;
		}
		// Before the transaction: see resolve_tags().
		$tag_ids = null === $tags ? null : self::resolve_tags( $tags );
		if ( is_wp_error( $tag_ids ) ) {
			return $tag_ids;
		}
		$result = MVS_Media_Totals::change(
			array( $media_id ),
			static function () use ( $media_id, $tag_ids, $category ) {
				// The item's copy of its terms is written back in the same transaction.
				return MVS_Media_Terms_Copy_Invalidation::write_through(
					array( $media_id ),
					static function () use ( $media_id, $tag_ids, $category ) {
						if ( null !== $tag_ids ) {
							wp_set_object_terms( $media_id, $tag_ids, 'mvs_tag' );
						}
						if ( null !== $category ) {
							wp_set_object_terms( $media_id, $category ? array( $category ) : array(), 'mvs_category' );
						}
						return true;
					}
				);
			}
		);
		return false === $result ? MVS_Errors::make( 'mvs_storage_failed', __( 'The tags could not be saved.', 'media-community-service' ) ) : $result;
	}

	/**
	 * The term IDs of tag names, creating the missing tags the way POST /tags
	 * does (MVS_Tag_Repository::ensure()): concurrent uploads that introduce
	 * one new name end on one term, where wp_set_object_terms() with names
	 * left two terms with one slug. Outside the item's transaction, so that
	 * each upload sees the terms the others committed.
	 *
	 * @param array $tags Tag names.
	 * @return int[]|WP_Error
	 */
	private static function resolve_tags( array $tags ) {
		$repository = new MVS_Tag_Repository();
		$ids        = array();
		foreach ( $tags as $name ) {
			$name = trim( sanitize_text_field( (string) $name ) );
			if ( '' === $name ) {
				continue;
			}
			$tag = $repository->ensure( $name, sanitize_title( $name ) );
			if ( is_wp_error( $tag ) ) {
				return MVS_Errors::make( 'mvs_invalid_param', $tag->get_error_message(), array( 'params' => array( 'tags' ) ) );
			}
			$ids[] = $tag[0];
		}
		return array_values( array_unique( $ids ) );
	}
}
