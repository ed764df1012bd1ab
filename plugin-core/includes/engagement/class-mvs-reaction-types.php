<?php
/**
 * The allowed reaction types.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The one list of reaction slugs: validation of POST /media/{id}/reactions
 * and the zero-filled counts of GET read it, so a type a site adds through
 * `mvs_reaction_types` is accepted and counted at once.
 */
final class MVS_Reaction_Types {

	/**
	 * The default types (docs/reactions-favorites-collections.md).
	 */
	const DEFAULTS = array( 'like', 'love', 'haha', 'wow', 'sad', 'angry' );

	/**
	 * Allowed slugs, filtered, in display order. A filter may return
	 * anything: only non-empty keys of at most 32 characters (the column's
	 * width) survive, once each.
	 *
	 * @return string[]
	 */
	public static function all(): array {
		$types = array();
		foreach ( (array) apply_filters( 'mvs_reaction_types', self::DEFAULTS ) as $type ) {
			$type = sanitize_key( (string) $type );
			if ( '' !== $type && strlen( $type ) <= 32 ) {
				$types[ $type ] = true;
			}
		}
		return array_keys( $types );
	}

	/**
	 * Whether a slug is currently allowed.
	 *
	 * @param string $type Slug.
	 * @return bool
	 */
	public static function allows( string $type ): bool {
		return in_array( $type, self::all(), true );
	}
}
