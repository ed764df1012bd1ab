<?php
/**
 * Site Health: the secret that signs file URLs.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Reads the signing secret of file URLs (MVS_Url_Signer) without creating
 * it: missing, short or of few distinct characters (set by hand, or copied
 * from a guessable value) means file URLs could be forged.
 */
final class MVS_Health_Secret_Check implements MVS_Health_Check {

	/**
	 * Shortest secret the signer keeps (64 hex characters: 256 random bits).
	 */
	const MIN_LENGTH = 64;

	/**
	 * Fewest distinct characters a random secret of that length shows (a
	 * random hex one has nearly 16; fewer means it was typed or repeated).
	 */
	const MIN_DISTINCT = 10;

	/**
	 * The test's key.
	 *
	 * @return string
	 */
	public function id(): string {
		return 'mvs_signing_secret';
	}

	/**
	 * What the test checks.
	 *
	 * @return string
	 */
	public function label(): string {
		return __( 'Media Community Service signs file URLs with a strong secret', 'media-community-service' );
	}

	/**
	 * Checks the secret (an autoloaded option: no query).
	 *
	 * @return array
	 */
	public function run(): array {
		$secret = get_option( MVS_Url_Signer::SECRET_OPTION, '' );
		$secret = is_string( $secret ) ? $secret : '';
		$fix    = __( 'Delete the option mvs_signing_secret (for example: wp option delete mvs_signing_secret); the plugin creates a new random one when it next signs a URL. File URLs handed out before stop working, and the apps fetch new ones.', 'media-community-service' );
		if ( '' === $secret ) {
			return MVS_Health_Result::make(
				$this->id(),
				MVS_Health_Result::RECOMMENDED,
				__( 'Media Community Service has no URL signing secret yet', 'media-community-service' ),
				__( 'File URLs are signed with a random secret the plugin stores the first time it signs one. None is stored: either no file URL was handed out yet, or the site cannot save options.', 'media-community-service' ),
				__( 'Open a page or app screen that lists media, then run Site Health again. If the secret is still missing, check that the database accepts writes to the options table.', 'media-community-service' )
			);
		}
		if ( strlen( $secret ) < self::MIN_LENGTH || strlen( count_chars( $secret, 3 ) ) < self::MIN_DISTINCT ) {
			return MVS_Health_Result::make(
				$this->id(),
				MVS_Health_Result::CRITICAL,
				__( 'Media Community Service signs file URLs with a weak secret', 'media-community-service' ),
				__( 'The secret that signs file URLs is short or made of few characters, as a typed or copied value would be. Someone who guesses it can make URLs that open any member\'s private files.', 'media-community-service' ),
				$fix
			);
		}
		return MVS_Health_Result::make(
			$this->id(),
			MVS_Health_Result::GOOD,
			__( 'Media Community Service signs file URLs with a strong secret', 'media-community-service' ),
			__( 'File URLs are signed with a long random secret kept in the site\'s options. If this site is a copy of another (staging), delete the option mvs_signing_secret on the copy so the two do not share it.', 'media-community-service' )
		);
	}
}
