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
			$seen[ $field ]                  = $value;
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
				return MVS_Core_Enums::is_valid( MVS_Core_Enums::MEDIA_TYPE, $value ) ? $value : null;
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
	 * The FROM clause and the ANDed conditions that select the rules' items,
	 * and the column that orders them newest first.
	 *
	 * With a tag or category rule, the items are read from that term's
	 * relationship rows (alias r0), whose term_taxonomy_id index holds them
	 * by object ID: newest first is a backward walk of the index that stops
	 * at the end of the page, and a count reads only that term's rows. A
	 * correlated EXISTS per item on mvs_media instead made MariaDB collect
	 * every item of the term and sort them, on every request. Further term
	 * rules are primary-key lookups of each item's relationship row. Without
	 * one, the media table is the source (its indexes order by id).
	 *
	 * @param array[] $rules Normalised rules.
	 * @return array{0: string, 1: string, 2: array, 3: string} FROM (ending
	 *         with alias m), the conditions as ' AND …' with placeholders,
	 *         their arguments, and the order column.
	 */
	public static function query( array $rules ): array {
		global $wpdb;
		$from   = "FROM {$wpdb->mvs_media} m";
		$order  = 'm.id';
		$sql    = '';
		$args   = array();
		$driven = false;
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
					// A slug no term has yet is NULL: it matches nothing, and the collection is empty.
					$term   = "( SELECT tt.term_taxonomy_id FROM {$wpdb->term_taxonomy} tt INNER JOIN {$wpdb->terms} t ON t.term_id = tt.term_id WHERE tt.taxonomy = %s AND t.slug = %s LIMIT 1 )";
					$args[] = 'tag' === $rule['field'] ? 'mvs_tag' : 'mvs_category';
					$args[] = $value;
					if ( ! $driven ) {
						$driven = true;
						$from   = "FROM {$wpdb->term_relationships} r0 INNER JOIN {$wpdb->mvs_media} m ON m.id = r0.object_id";
						$order  = 'r0.object_id';
						$sql   .= " AND r0.term_taxonomy_id = {$term}";
						break;
					}
					$sql .= " AND EXISTS ( SELECT 1 FROM {$wpdb->term_relationships} r WHERE r.object_id = m.id AND r.term_taxonomy_id = {$term} )";
					break;
			}
		}
		return array( $from, $sql, $args, $order );
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
