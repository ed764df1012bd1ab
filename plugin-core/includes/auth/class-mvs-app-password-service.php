<?php
/**
 * POST /auth/app-password: sign-in of native apps.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Auth_Handler: runs the guards in the order
 * that keeps an attacker from learning anything (site switch and TLS, then
 * the per-user-name limit, then one answer for any wrong name, e-mail or
 * password; suspension and two-factor only once the password was right),
 * then issues the credential. The controller has already counted the
 * per-address limit. docs/sign-in.md.
 */
final class MVS_App_Password_Service implements MVS_Auth_Handler {

	/**
	 * Sign-ins a minute for one submitted user name or e-mail, whatever the
	 * address (docs/sign-in.md, "Rate limits").
	 */
	const PER_USERNAME = 5;

	/**
	 * The site's and the member's guards.
	 *
	 * @var MVS_Sign_In_Policy
	 */
	private $policy;

	/**
	 * The uniform password check.
	 *
	 * @var MVS_Password_Check
	 */
	private $passwords;

	/**
	 * Issues and replaces application passwords.
	 *
	 * @var MVS_App_Password_Issuer
	 */
	private $issuer;

	/**
	 * Wires the collaborators.
	 *
	 * @param MVS_Sign_In_Policy|null      $policy    Guards.
	 * @param MVS_Password_Check|null      $passwords Password check.
	 * @param MVS_App_Password_Issuer|null $issuer    Credential issuer.
	 */
	public function __construct( ?MVS_Sign_In_Policy $policy = null, ?MVS_Password_Check $passwords = null, ?MVS_App_Password_Issuer $issuer = null ) {
		$this->policy    = $policy ? $policy : new MVS_Sign_In_Policy();
		$this->passwords = $passwords ? $passwords : new MVS_Password_Check();
		$this->issuer    = $issuer ? $issuer : new MVS_App_Password_Issuer();
	}

	/**
	 * Signs a member in and answers a new application password.
	 *
	 * @param MVS_Create_App_Password_Args $args The validated arguments of the route.
	 * @return WP_REST_Response|WP_Error
	 */
	public function create_app_password( MVS_Create_App_Password_Args $args ) {
		$refused = $this->policy->site_refusal();
		if ( null !== $refused ) {
			return $refused;
		}
		$limited = $this->limit_username( $args->username );
		if ( null !== $limited ) {
			return $limited;
		}
		$user = $this->passwords->authenticate( $args->username, $args->password );
		if ( null === $user ) {
			return MVS_Errors::make( 'mvs_invalid_credentials', __( 'The user name, e-mail address or password is not right.', 'media-community-service' ) );
		}
		$refused = $this->policy->member_refusal( $user );
		if ( null !== $refused ) {
			return $refused;
		}
		return $this->issuer->issue( $user, $args->app_name, $args->app_id );
	}

	/**
	 * Counts the try against the submitted name, before any account is read:
	 * tries on one account from many addresses meet one limit. The name is
	 * counted as sent (case and spaces aside) and only its salted hash is stored.
	 *
	 * @param string $username User name or e-mail as submitted.
	 * @return WP_Error|null The 429, or null within the limit.
	 */
	private function limit_username( string $username ): ?WP_Error {
		$subject = 'name' . hash_hmac( 'sha256', strtolower( trim( $username ) ), wp_salt( 'nonce' ) );
		$result  = MVS_Rate_Limiter::hit_subject( 'create_app_password_username', $subject, self::PER_USERNAME );
		return $result['allowed'] ? null : MVS_Rate_Limiter::refusal( $result );
	}
}
