<?php
/**
 * Issues the application password of a sign-in.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Creates a WordPress application password for a member who signed in,
 * first removing the one an earlier sign-in with the same app_id made (one
 * credential per installation), and answers it this once: WordPress keeps
 * only its hash, and nothing here logs it. docs/sign-in.md.
 */
final class MVS_App_Password_Issuer {

	/**
	 * Issues the credential and answers it.
	 *
	 * @param WP_User     $user     The member.
	 * @param string|null $app_name Name for the member's list; "Mobile app" when empty.
	 * @param string|null $app_id   The installation's id; null or empty: none.
	 * @return WP_REST_Response|WP_Error
	 */
	public function issue( WP_User $user, ?string $app_name, ?string $app_id ) {
		$app_id = trim( (string) $app_id );
		$name   = trim( sanitize_text_field( (string) $app_name ) );
		if ( '' !== $app_id ) {
			$this->forget( $user->ID, $app_id );
		}
		$created = WP_Application_Passwords::create_new_application_password(
			$user->ID,
			array(
				'name'   => $this->free_name( $user->ID, '' === $name ? __( 'Mobile app', 'media-community-service' ) : $name ),
				'app_id' => $app_id,
			)
		);
		if ( is_wp_error( $created ) ) {
			return MVS_Errors::make( 'mvs_storage_failed', __( 'The application password could not be saved. Please try again.', 'media-community-service' ) );
		}
		list( $password, $item ) = $created;
		$issued                  = array(
			'uuid'    => (string) $item['uuid'],
			'app_id'  => $app_id,
			'name'    => (string) $item['name'],
			'created' => (int) $item['created'],
		);
		/**
		 * Fires when a sign-in from an app has issued an application password
		 * (never with the password: it is in the answer only).
		 *
		 * @param int   $user_id The member.
		 * @param array $issued  uuid, app_id ('' for none), name and created (Unix time).
		 */
		do_action( 'mvs_app_credential_issued', $user->ID, $issued );
		$response = new WP_REST_Response(
			array(
				'user_id'    => $user->ID,
				'user_login' => $user->user_login,
				'password'   => $password,
				'uuid'       => $issued['uuid'],
				'app_id'     => '' === $app_id ? null : $app_id,
				'name'       => $issued['name'],
				'created_at' => MVS_Time::from_unix( $issued['created'] ),
			),
			201
		);
		// A credential: no cache, shared or private, may keep this answer.
		$response->header( 'Cache-Control', 'no-store' );
		return $response;
	}

	/**
	 * Removes the member's application passwords an earlier sign-in with this
	 * app_id made (ones without an app_id, made in the profile, are never touched).
	 *
	 * @param int    $user_id Member.
	 * @param string $app_id  The installation's id.
	 */
	private function forget( int $user_id, string $app_id ): void {
		foreach ( WP_Application_Passwords::get_user_application_passwords( $user_id ) as $item ) {
			if ( isset( $item['app_id'], $item['uuid'] ) && $app_id === (string) $item['app_id'] ) {
				WP_Application_Passwords::delete_application_password( $user_id, (string) $item['uuid'] );
			}
		}
	}

	/**
	 * The name, or "name (2)", "name (3)" … when the member has one by that
	 * name already: WordPress refuses two application passwords of one name,
	 * and two phones may well be called alike.
	 *
	 * @param int    $user_id Member.
	 * @param string $name    Wanted name.
	 * @return string
	 */
	private function free_name( int $user_id, string $name ): string {
		$taken = array();
		foreach ( WP_Application_Passwords::get_user_application_passwords( $user_id ) as $item ) {
			$taken[ strtolower( (string) $item['name'] ) ] = true;
		}
		$candidate = $name;
		$n         = 1;
		while ( isset( $taken[ strtolower( $candidate ) ] ) ) {
			++$n;
			/* translators: 1: application name, 2: a number from 2 on. */
			$candidate = sprintf( __( '%1$s (%2$d)', 'media-community-service' ), $name, $n );
		}
		return $candidate;
	}
}
