<?php
/**
 * Domain logic of the report routes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Reports_Handler. The reason is checked
 * against the allowed list by the generated controller (an enum in the DSL).
 *
 * One open report per reporter per target (409 mvs_already_reported). A
 * media item whose open reports reach report_threshold moves from approved
 * to flagged: hidden from the community until a moderator decides.
 */
final class MVS_Reports_Service implements MVS_Reports_Handler {

	/**
	 * Moderation data access.
	 *
	 * @var MVS_Moderation_Repository
	 */
	private $moderation;

	/**
	 * Media data access.
	 *
	 * @var MVS_Media_Repository
	 */
	private $media;

	/**
	 * Wires collaborators.
	 *
	 * @param MVS_Moderation_Repository|null $moderation Moderation data access.
	 * @param MVS_Media_Repository|null      $media      Media data access.
	 */
	public function __construct( ?MVS_Moderation_Repository $moderation = null, ?MVS_Media_Repository $media = null ) {
		$this->moderation = $moderation ? $moderation : new MVS_Moderation_Repository();
		$this->media      = $media ? $media : new MVS_Media_Repository();
	}

	/**
	 * POST /media/{id}/report. An item the caller may not see answers 403,
	 * as on every route under /media/{id} (docs/api-conventions.md).
	 *
	 * @param MVS_Report_Media_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function report_media( MVS_Report_Media_Args $args ) {
		$id       = $args->id;
		$reporter = get_current_user_id();
		$row      = $this->media->find_viewable( $id, $reporter );
		if ( is_wp_error( $row ) ) {
			return $row;
		}
		if ( (int) $row->author_id === $reporter ) {
			return MVS_Errors::make( 'mvs_invalid_param', __( 'You cannot report your own media.', 'media-community-service' ), array( 'params' => array( 'id' ) ) );
		}
		$report = $this->file( $reporter, 'media', $id, $args->reason, (string) $args->details );
		if ( is_wp_error( $report ) ) {
			return $report;
		}
		$open      = $this->moderation->open_reports( 'media', $id );
		$threshold = (int) MVS_Settings::get( 'report_threshold' );
		// Conditional UPDATE: only the report that crosses the line flags (and logs) once.
		if ( $open >= $threshold && $this->moderation->transition( $id, 'flagged', array( 'approved' ) ) ) {
			$this->moderation->log(
				$id,
				0,
				'flag',
				/* translators: 1: open reports, 2: threshold. */
				sprintf( __( '%1$d open reports reached the threshold of %2$d.', 'media-community-service' ), $open, $threshold ),
				array(
					'open_reports' => $open,
					'threshold'    => $threshold,
				)
			);
		}
		return $report;
	}

	/**
	 * POST /users/{id}/report.
	 *
	 * @param MVS_Report_User_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function report_user( MVS_Report_User_Args $args ) {
		$id       = $args->id;
		$reporter = get_current_user_id();
		if ( ! get_userdata( $id ) ) {
			return MVS_Errors::make( 'mvs_user_not_found' );
		}
		if ( $id === $reporter ) {
			return MVS_Errors::make( 'mvs_invalid_param', __( 'You cannot report yourself.', 'media-community-service' ), array( 'params' => array( 'id' ) ) );
		}
		return $this->file( $reporter, 'user', $id, $args->reason, (string) $args->details );
	}

	/**
	 * Records the report, or 409 when the caller's earlier one is still open.
	 *
	 * @param int    $reporter    Reporter.
	 * @param string $object_type media | user.
	 * @param int    $object_id   Target.
	 * @param string $reason      Report reason.
	 * @param string $details     Details ('' when none).
	 * @return array|WP_Error
	 */
	private function file( int $reporter, string $object_type, int $object_id, string $reason, string $details ) {
		$id = $this->moderation->add_report( $reporter, $object_type, $object_id, $reason, $details );
		if ( null === $id ) {
			return MVS_Errors::make( 'mvs_already_reported', __( 'You have already reported this, and a moderator has not reviewed it yet.', 'media-community-service' ) );
		}
		$row = $this->moderation->find_report( $id );
		return array(
			'id'          => $id,
			'object_type' => $object_type,
			'object_id'   => $object_id,
			'reason'      => (string) $row->reason,
			'details'     => (string) $row->details,
			'status'      => (string) $row->status,
			'created_at'  => MVS_Time::to_iso8601( $row->created_at ),
		);
	}
}
