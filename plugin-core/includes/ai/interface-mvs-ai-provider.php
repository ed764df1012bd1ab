<?php
/**
 * The contract every AI analysis provider implements.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Analyses one media item: a description, suggested tags and a safety score.
 * Providers never touch the database: MVS_AI_Service does budgets, usage and
 * what a verdict means for the item's moderation state.
 */
interface MVS_AI_Provider {

	/**
	 * Provider name stored in mvs_ai_usage (local, openai).
	 *
	 * @return string
	 */
	public function name(): string;

	/**
	 * Analyses an item.
	 *
	 * @param array $item {
	 *     What is known about the item.
	 *
	 *     @type string $path        Absolute path of the stored file ('' when unavailable).
	 *     @type string $mime_type   Detected MIME type.
	 *     @type string $media_type  image | video | audio | document.
	 *     @type string $title       Title (defaults to the uploaded file name).
	 *     @type string $description Description.
	 * }
	 * @return array|WP_Error {
	 *     @type string   $description  Suggested description.
	 *     @type string[] $tags         Suggested tags.
	 *     @type float    $safety_score 0 (safe) to 1 (unsafe).
	 *     @type array    $metrics      Provider-specific measurements.
	 *     @type string   $model        Model or method used.
	 *     @type int      $units        Tokens consumed (0 for local work).
	 * } WP_Error mvs_ai_provider_error on failure.
	 */
	public function analyze( array $item );
}
