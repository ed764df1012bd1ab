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
		$result = MVS_Media_Totals::change(
			array( $media_id ),
			static function () use ( $media_id, $tags, $category ) {
				return self::set_terms( $media_id, $tags, $category );
			}
		);
		return false === $result ? MVS_Errors::make( 'mvs_storage_failed', __( 'The tags could not be saved.', 'media-community-service' ) ) : $result;
	}

	/**
	 * The term changes of apply(), inside its transaction.
	 *
	 * @param int        $media_id Media ID.
	 * @param array|null $tags     Tag names, or null to leave them.
	 * @param int|null   $category Term ID, 0 to clear, null to leave it.
	 * @return true|WP_Error
	 */
	private static function set_terms( int $media_id, ?array $tags, ?int $category ) {
		if ( null !== $tags ) {
			$names = array();
			foreach ( $tags as $name ) {
				$name = trim( sanitize_text_field( (string) $name ) );
				if ( '' !== $name ) {
					// Strings, never ints: wp_set_object_terms() reads ints as term IDs.
					$names[] = $name;
				}
			}
			$set = wp_set_object_terms( $media_id, array_values( array_unique( $names ) ), 'mvs_tag' );
			if ( is_wp_error( $set ) ) {
				return MVS_Errors::make( 'mvs_invalid_param', $set->get_error_message(), array( 'params' => array( 'tags' ) ) );
			}
		}
		if ( null !== $category ) {
			wp_set_object_terms( $media_id, $category ? array( $category ) : array(), 'mvs_category' );
		}
		return true;
	}
}
