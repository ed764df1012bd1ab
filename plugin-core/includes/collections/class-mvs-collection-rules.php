<?php
/**
 * Smart-collection rules: the one stored representation, its validation and
 * its SQL.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Both shapes of the contract (the object of POST /collections and the
 * `{field, value}` array of PUT /collections/{id}/rules) become one sorted
 * list of `{field, value}` pairs, stored as JSON in mvs_collections.rules.
 * Every rule narrows the items (AND). Unknown fields and values are a 400
 * before anything is stored.
 */
final class MVS_Collection_Rules {

	/**
	 * Fields a rule may name. `tag` may repeat (the item carries every tag);
	 * the others may appear once.
	 */
	const FIELDS = array( 'media_type', 'tag', 'category', 'author', 'date_after', 'date_before' );

	/**
	 * Values of a media_type rule (the media_type column's values).
	 */
	const MEDIA_TYPES = array( 'image', 'video', 'audio', 'document' );

	/**
	 * Most rules of one collection.
	 */
	const MAX = 20;

	/**
	 * Rules from the object shape: `tags` (array or comma-separated string)
	 * becomes one `tag` rule per slug; the other keys are field names.
	 *
	 * @param array $rules Decoded object.
	 * @return array[]|WP_Error Normalised rules.
	 */
	public static function from_object( array $rules ) {
		$pairs = array();
		foreach ( $rules as $field => $value ) {
			if ( 'tags' === $field ) {
				$slugs = is_array( $value ) ? $value : explode( ',', (string) $value );
				foreach ( $slugs as $slug ) {
					$pairs[] = array(
						'field' => 'tag',
						'value' => is_scalar( $slug ) ? (string) $slug : '',
					);
				}
				continue;
			}
			$pairs[] = array(
				'field' => (string) $field,
				'value' => is_scalar( $value ) ? (string) $value : '',
			);
		}
		return self::normalise( $pairs );
	}

	/**
	 * Validates and sorts `{field, value}` pairs; duplicates collapse.
	 *
	 * @param array[] $pairs Pairs with field and value.
	 * @return array[]|WP_Error
	 */
	public static function normalise( array $pairs ) {
		$rules = array();
		$seen  = array();
		foreach ( $pairs as $pair ) {
			$field = (string) ( $pair['field'] ?? '' );
			$value = self::value( $field, trim( (string) ( $pair['value'] ?? '' ) ) );
			if ( null === $value ) {
				return self::invalid(
					in_array( $field, self::FIELDS, true )
						/* translators: %s: rule field name. */
						? sprintf( __( 'The value of the %s rule is not valid.', 'media-community-service' ), $field )
						/* translators: %s: comma-separated field names. */
						: sprintf( __( 'Unknown rule field. Allowed: %s.', 'media-community-service' ), implode( ', ', self::FIELDS ) )
				);
			}
			if ( 'tag' !== $field && isset( $seen[ $field ] ) && $seen[ $field ] !== $value ) {
				/* translators: %s: rule field name. */
				return self::invalid( sprintf( __( 'The %s rule may appear once.', 'media-community-service' ), $field ) );
			}
			$seen[ $field ]                   = $value;
			$rules[ $field . "\n" . $value ] = array(
				'field' => $field,
				'value' => $value,
			);
		}
		if ( count( $rules ) > self::MAX ) {
			/* translators: %d: most rules. */
			return self::invalid( sprintf( __( 'A collection has at most %d rules.', 'media-community-service' ), self::MAX ) );
		}
		ksort( $rules );
		return array_values( $rules );
	}

	/**
	 * The canonical value of a rule, or null when the field or value is unknown.
	 *
	 * @param string $field Field.
	 * @param string $value Raw value.
	 * @return string|null
	 */
	private static function value( string $field, string $value ): ?string {
		switch ( $field ) {
			case 'media_type':
				return in_array( $value, self::MEDIA_TYPES, true ) ? $value : null;
			case 'tag':
				// Tags are made by members, so a slug no item carries yet is allowed (the collection is empty until one does).
				$slug = sanitize_title( $value );
				return '' !== $slug && $slug === $value ? $slug : null;
			case 'category':
				// Categories are curated by the site owner: an unknown one is a mistake.
				return '' !== $value && get_term_by( 'slug', $value, 'mvs_category' ) instanceof WP_Term ? $value : null;
			case 'author':
				return ctype_digit( $value ) && get_userdata( (int) $value ) ? (string) (int) $value : null;
			case 'date_after':
			case 'date_before':
				$date = DateTimeImmutable::createFromFormat( '!Y-m-d', $value, new DateTimeZone( 'UTC' ) );
				return $date && $date->format( 'Y-m-d' ) === $value ? $value : null;
			default:
				return null;
		}
	}

	/**
	 * Stored JSON back to rules (an unreadable value reads as no rules).
	 *
	 * @param string|null $json Column value.
	 * @return array[]
	 */
	public static function decode( $json ): array {
		$rules = json_decode( (string) $json, true );
		return is_array( $rules ) ? array_values( array_filter( $rules, 'is_array' ) ) : array();
	}

	/**
	 * SQL conditions on mvs_media (alias m) for the rules, ANDed.
	 *
	 * @param array[] $rules Normalised rules.
	 * @return array{0: string, 1: array} SQL with placeholders ('' for none) and its arguments.
	 */
	public static function where( array $rules ): array {
		global $wpdb;
		$sql  = '';
		$args = array();
		foreach ( $rules as $rule ) {
			$value = (string) $rule['value'];
			switch ( $rule['field'] ) {
				case 'media_type':
					$sql   .= ' AND m.media_type = %s';
					$args[] = $value;
					break;
				case 'author':
					$sql   .= ' AND m.author_id = %d';
					$args[] = (int) $value;
					break;
				case 'date_after':
					$sql   .= ' AND m.created_at >= %s';
					$args[] = $value . ' 00:00:00';
					break;
				case 'date_before':
					$sql   .= ' AND m.created_at < %s';
					$args[] = $value . ' 00:00:00';
					break;
				case 'tag':
				case 'category':
					$sql   .= " AND EXISTS ( SELECT 1 FROM {$wpdb->term_relationships} r"
						. " INNER JOIN {$wpdb->term_taxonomy} tt ON tt.term_taxonomy_id = r.term_taxonomy_id"
						. " INNER JOIN {$wpdb->terms} t ON t.term_id = tt.term_id"
						. ' WHERE r.object_id = m.id AND tt.taxonomy = %s AND t.slug = %s )';
					$args[] = 'tag' === $rule['field'] ? 'mvs_tag' : 'mvs_category';
					$args[] = $value;
					break;
			}
		}
		return array( $sql, $args );
	}

	/**
	 * The 400 of a bad rule.
	 *
	 * @param string $message Message.
	 * @return WP_Error
	 */
	private static function invalid( string $message ): WP_Error {
		return MVS_Errors::make( 'mvs_invalid_param', $message, array( 'params' => array( 'rules' ) ) );
	}
}
