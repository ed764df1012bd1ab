<?php
/**
 * GET/POST /me/interests and POST /me/onboarding/complete.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Interests_Handler on two user meta: the
 * picked categories (mvs_interests, term IDs) and the onboarded flag
 * (mvs_onboarded). IDs that name no category are dropped on save and on
 * read (a category deleted since). docs/native-app.md, "Interests".
 */
final class MVS_Member_Interests_Service implements MVS_Interests_Handler {

	const META_INTERESTS = 'mvs_interests';

	const META_ONBOARDED = 'mvs_onboarded';

	/**
	 * GET /me/interests.
	 *
	 * @param MVS_Get_My_Interests_Args $args Arguments (none).
	 * @return array
	 */
	public function get_my_interests( MVS_Get_My_Interests_Args $args ) {
		$stored = get_user_meta( get_current_user_id(), self::META_INTERESTS, true );
		return array( 'interest_ids' => self::categories( is_array( $stored ) ? $stored : array() ) );
	}

	/**
	 * POST /me/interests: saves the known categories, in the order sent, and
	 * marks the member onboarded.
	 *
	 * @param MVS_Set_My_Interests_Args $args Arguments.
	 * @return array
	 */
	public function set_my_interests( MVS_Set_My_Interests_Args $args ) {
		$user = get_current_user_id();
		$ids  = self::categories( $args->interest_ids );
		update_user_meta( $user, self::META_INTERESTS, $ids );
		update_user_meta( $user, self::META_ONBOARDED, 1 );
		return array( 'interest_ids' => $ids );
	}

	/**
	 * POST /me/onboarding/complete (idempotent).
	 *
	 * @param MVS_Complete_Onboarding_Args $args Arguments (none).
	 * @return array
	 */
	public function complete_onboarding( MVS_Complete_Onboarding_Args $args ) {
		update_user_meta( get_current_user_id(), self::META_ONBOARDED, 1 );
		return array( 'onboarded' => true );
	}

	/**
	 * The IDs that name a category, each once, in the given order.
	 *
	 * @param array $ids Candidate term IDs.
	 * @return int[]
	 */
	private static function categories( array $ids ): array {
		$ids = array_values( array_unique( array_filter( array_map( 'intval', $ids ) ) ) );
		if ( ! $ids ) {
			return array();
		}
		$known = get_terms(
			array(
				'taxonomy'   => MVS_Taxonomies::CATEGORY,
				'include'    => $ids,
				'hide_empty' => false,
				'fields'     => 'ids',
			)
		);
		$known = is_array( $known ) ? array_map( 'intval', $known ) : array();
		return array_values( array_intersect( $ids, $known ) );
	}
}
