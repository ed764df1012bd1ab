<?php
/**
 * The access rule routes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Access_Rules_Handler: an item's rule set
 * (mvs_access_rules), replaced whole in one transaction with the item's
 * access_scoped flag, and the options a rule editor offers.
 * docs/access-rules-and-grants.md.
 */
final class MVS_Access_Rules_Service implements MVS_Access_Rules_Handler {

	/**
	 * GET /media/{media_id}/rules: in the order they were set.
	 *
	 * @param MVS_List_Access_Rules_Args $args Arguments.
	 * @return array
	 */
	public function list_access_rules( MVS_List_Access_Rules_Args $args ) {
		return $this->rules_of( $args->media_id );
	}

	/**
	 * POST /media/{media_id}/rules: checks every rule, then deletes the old
	 * set and inserts the new one in one transaction (under the item's row
	 * lock), setting the flag in the same transaction.
	 *
	 * @param MVS_Replace_Access_Rules_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function replace_access_rules( MVS_Replace_Access_Rules_Args $args ) {
		global $wpdb;
		$rows = array();
		foreach ( (array) $args->rules as $rule ) {
			$row = $this->checked( (array) $rule );
			if ( is_wp_error( $row ) ) {
				return $row;
			}
			$rows[] = $row;
		}
		$media_id = $args->media_id;
		$missing  = false;
		$done     = MVS_Transaction::run(
			function () use ( $wpdb, $rows, $media_id, &$missing ) {
				if ( ! $wpdb->get_var( $wpdb->prepare( "SELECT id FROM {$wpdb->mvs_media} WHERE id = %d FOR UPDATE", $media_id ) ) ) {
					$missing = true;
					return false;
				}
				if ( false === $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_access_rules} WHERE media_id = %d", $media_id ) ) ) {
					return false;
				}
				$now = current_time( 'mysql', true );
				foreach ( $rows as $row ) {
					if ( false === $wpdb->insert(
						$wpdb->mvs_access_rules, array_merge(
							$row, array(
								'media_id'   => $media_id,
								'created_at' => $now,
							)
						)
					) ) {
						return false;
					}
				}
				return MVS_Access_Flag::refresh( $media_id );
			}
		);
		if ( $missing ) {
			return MVS_Errors::make( 'mvs_not_found' );
		}
		if ( ! $done ) {
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		return $this->rules_of( $media_id );
	}

	/**
	 * DELETE /media/{media_id}/rules/{rule_id}: deleted false when the item
	 * has no such rule (docs/api-conventions.md, "Retry-safe writes").
	 *
	 * @param MVS_Delete_Access_Rule_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function delete_access_rule( MVS_Delete_Access_Rule_Args $args ) {
		global $wpdb;
		$media_id = $args->media_id;
		$rule_id  = $args->rule_id;
		$removed  = MVS_Transaction::run(
			function () use ( $wpdb, $media_id, $rule_id ) {
				$removed = $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->mvs_access_rules} WHERE id = %d AND media_id = %d", $rule_id, $media_id ) );
				return false === $removed || ! MVS_Access_Flag::refresh( $media_id ) ? false : (int) $removed;
			}
		);
		if ( false === $removed ) {
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		return array(
			'deleted' => $removed > 0,
			'id'      => $rule_id,
		);
	}

	/**
	 * GET /access/options.
	 *
	 * @param MVS_Get_Access_Options_Args $args Arguments.
	 * @return array
	 */
	public function get_access_options( MVS_Get_Access_Options_Args $args ) {
		$roles = array();
		foreach ( wp_roles()->get_names() as $slug => $name ) {
			$roles[] = array(
				'slug' => (string) $slug,
				'name' => translate_user_role( $name ),
			);
		}
		return array(
			'roles'         => $roles,
			'rule_types'    => MVS_Access_Rule_Types::all(),
			'grant_sources' => MVS_Access_Grants_Service::sources(),
		);
	}

	/**
	 * One rule as sent, checked and ready to insert.
	 *
	 * @param array $rule rule_type, rule_value, price, currency.
	 * @return array|WP_Error Columns.
	 */
	private function checked( array $rule ) {
		$type  = isset( $rule['rule_type'] ) ? (string) $rule['rule_type'] : '';
		$value = MVS_Access_Rule_Types::check( $type, isset( $rule['rule_value'] ) ? (string) $rule['rule_value'] : '' );
		if ( is_wp_error( $value ) ) {
			return $value;
		}
		$has_price    = isset( $rule['price'] );
		$has_currency = isset( $rule['currency'] ) && '' !== $rule['currency'];
		if ( $has_price !== $has_currency ) {
			return MVS_Errors::make( 'mvs_invalid_param', __( 'price and currency go together.', 'media-community-service' ), array( 'params' => array( 'rules' ) ) );
		}
		$price = null;
		if ( $has_price ) {
			$price = (float) $rule['price'];
			// Two decimals at most: compared in cents, so 0.1 + 0.2 style noise is not refused.
			if ( abs( $price * 100 - round( $price * 100 ) ) > 1e-6 ) {
				return MVS_Errors::make( 'mvs_invalid_param', __( 'price takes at most two decimals.', 'media-community-service' ), array( 'params' => array( 'rules' ) ) );
			}
			if ( 1 !== preg_match( '/^[A-Z]{3}$/', (string) $rule['currency'] ) ) {
				return MVS_Errors::make( 'mvs_invalid_param', __( 'currency must be three upper-case letters (ISO 4217).', 'media-community-service' ), array( 'params' => array( 'rules' ) ) );
			}
		}
		return array(
			'rule_type'  => $type,
			'rule_value' => $value,
			'price'      => null === $price ? null : number_format( $price, 2, '.', '' ),
			'currency'   => $has_price ? (string) $rule['currency'] : '',
		);
	}

	/**
	 * An item's rules, oldest first.
	 *
	 * @param int $media_id Item.
	 * @return array[]
	 */
	private function rules_of( int $media_id ): array {
		global $wpdb;
		$rows = (array) $wpdb->get_results( $wpdb->prepare( "SELECT id, media_id, rule_type, rule_value, price, currency, created_at FROM {$wpdb->mvs_access_rules} WHERE media_id = %d ORDER BY id", $media_id ) );
		$out  = array();
		foreach ( $rows as $row ) {
			$out[] = array(
				'id'         => (int) $row->id,
				'media_id'   => (int) $row->media_id,
				'rule_type'  => (string) $row->rule_type,
				'rule_value' => (string) $row->rule_value,
				'price'      => null === $row->price ? null : (float) $row->price,
				'currency'   => null === $row->currency || '' === $row->currency ? null : (string) $row->currency,
				'created_at' => MVS_Time::to_iso8601( $row->created_at ),
			);
		}
		return $out;
	}
}
