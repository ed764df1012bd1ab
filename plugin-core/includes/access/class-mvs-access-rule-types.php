<?php
/**
 * The rule types an access rule may have, and what each matches.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The allowed rule types (filter mvs_access_rule_types_ui), the check of one
 * rule's value, and the SQL of "the viewer matches this rule" for the types
 * core decides: role, capability, followers, members. A type an extension
 * adds (a price, a code) matches nobody here: the extension opens the item
 * with a grant of its own source. docs/access-rules-and-grants.md.
 */
final class MVS_Access_Rule_Types {

	/**
	 * What rule_value holds, per kind: a role slug, a capability name, a
	 * short text an extension reads, or nothing.
	 */
	const VALUE_KINDS = array( 'role', 'capability', 'text', 'none' );

	/**
	 * The allowed types, as GET /access/options shows them.
	 *
	 * @return array<int, array{type: string, label: string, value_kind: string}>
	 */
	public static function all(): array {
		$core = array(
			array(
				'type'       => 'role',
				'label'      => __( 'Members with a role', 'media-community-service' ),
				'value_kind' => 'role',
			),
			array(
				'type'       => 'capability',
				'label'      => __( 'Members with a capability', 'media-community-service' ),
				'value_kind' => 'capability',
			),
			array(
				'type'       => 'followers',
				'label'      => __( 'My followers', 'media-community-service' ),
				'value_kind' => 'none',
			),
			array(
				'type'       => 'members',
				'label'      => __( 'Signed-in members', 'media-community-service' ),
				'value_kind' => 'none',
			),
		);
		/**
		 * Filters the access rule types members may choose (GET /access/options,
		 * and what POST /media/{id}/rules accepts). An added type matches nobody
		 * in core: open the item to the members who qualify with a grant
		 * (MVS_Access_Grants_Service::upsert()) of your own source.
		 *
		 * @param array $types Entries of type (a key), label and value_kind (role, capability, text, none).
		 */
		$types = (array) apply_filters( 'mvs_access_rule_types_ui', $core );
		$out   = array();
		foreach ( $types as $entry ) {
			if ( ! is_array( $entry ) || ! isset( $entry['type'] ) || ! is_string( $entry['type'] ) || sanitize_key( $entry['type'] ) !== $entry['type'] || '' === $entry['type'] || isset( $out[ $entry['type'] ] ) ) {
				continue;
			}
			$kind                  = isset( $entry['value_kind'] ) && in_array( $entry['value_kind'], self::VALUE_KINDS, true ) ? $entry['value_kind'] : 'text';
			$out[ $entry['type'] ] = array(
				'type'       => $entry['type'],
				'label'      => isset( $entry['label'] ) && is_string( $entry['label'] ) ? $entry['label'] : $entry['type'],
				'value_kind' => $kind,
			);
		}
		return array_values( $out );
	}

	/**
	 * Checks one rule and returns its normalized value, or why it is refused.
	 *
	 * @param string $type  rule_type as sent.
	 * @param string $value rule_value as sent.
	 * @return string|WP_Error The value to store.
	 */
	public static function check( string $type, string $value ) {
		$kinds = array_column( self::all(), 'value_kind', 'type' );
		if ( ! isset( $kinds[ $type ] ) ) {
			/* translators: %s: rule type. */
			return self::invalid( sprintf( __( 'Unknown rule type "%s" (see GET /access/options).', 'media-community-service' ), $type ) );
		}
		switch ( $kinds[ $type ] ) {
			case 'none':
				return '' === $value ? '' : self::invalid( __( 'This rule type takes no rule_value.', 'media-community-service' ) );
			case 'role':
				return wp_roles()->is_role( $value ) ? $value : self::invalid( __( 'rule_value must be a role of this site.', 'media-community-service' ) );
			case 'capability':
				return 1 === preg_match( '/^[a-z0-9_]{1,100}$/', $value ) ? $value : self::invalid( __( 'rule_value must be a capability name.', 'media-community-service' ) );
			default:
				return '' !== $value && strlen( $value ) <= 200 && sanitize_text_field( $value ) === $value ? $value : self::invalid( __( 'rule_value must be a short plain text.', 'media-community-service' ) );
		}
	}

	/**
	 * SQL true when the viewer matches the rule row: a role or capability
	 * they hold, signed in (members), or following the item's owner.
	 *
	 * @param int    $viewer_id  Viewer (0 when anonymous: matches nothing).
	 * @param string $rule_alias Alias of mvs_access_rules.
	 * @param string $alias      Alias of mvs_media.
	 * @return array{0: string, 1: array}
	 */
	public static function match_sql( int $viewer_id, string $rule_alias, string $alias ): array {
		global $wpdb;
		$user = $viewer_id > 0 ? get_userdata( $viewer_id ) : false;
		if ( ! $user ) {
			return array( '0 = %d', array( 1 ) );
		}
		$parts = array( "{$rule_alias}.rule_type = 'members'" );
		$args  = array();
		$roles = array_values( array_filter( (array) $user->roles, 'is_string' ) );
		if ( $roles ) {
			$parts[] = "( {$rule_alias}.rule_type = 'role' AND {$rule_alias}.rule_value IN (" . implode( ', ', array_fill( 0, count( $roles ), '%s' ) ) . ') )';
			$args    = array_merge( $args, $roles );
		}
		$caps = array_keys( array_filter( (array) $user->allcaps ) );
		$caps = array_values( array_diff( $caps, $roles ) );
		if ( $caps ) {
			$parts[] = "( {$rule_alias}.rule_type = 'capability' AND {$rule_alias}.rule_value IN (" . implode( ', ', array_fill( 0, count( $caps ), '%s' ) ) . ') )';
			$args    = array_merge( $args, array_map( 'strval', $caps ) );
		}
		$parts[] = "( {$rule_alias}.rule_type = 'followers' AND EXISTS ( SELECT 1 FROM {$wpdb->mvs_follows} mvs_af WHERE mvs_af.follower_id = %d AND mvs_af.followed_id = {$alias}.author_id ) )";
		$args[]  = $viewer_id;
		return array( '( ' . implode( ' OR ', $parts ) . ' )', $args );
	}

	/**
	 * A 400 on the rules parameter.
	 *
	 * @param string $message Why.
	 * @return WP_Error
	 */
	private static function invalid( string $message ): WP_Error {
		return MVS_Errors::make( 'mvs_invalid_param', $message, array( 'params' => array( 'rules' ) ) );
	}
}
