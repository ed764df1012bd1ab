<?php
/**
 * Domain logic of the desk's Members tab.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Member_Moderation_Handler: members with open
 * reports (or suspended ones) with the facts a moderator decides on, and
 * the decisions: dismiss (reports closed as dismissed), warn (a
 * moderation_warning notification, reports closed), suspend
 * (MVS_Member_Suspension, reports closed), unsuspend. Moderators cannot be
 * suspended from the desk, nor can one suspend oneself. See
 * docs/moderation.md, "Comments and members".
 */
final class MVS_Member_Moderation_Service implements MVS_Member_Moderation_Handler {

	/** Reporters named per member row. */
	const REPORTERS = 10;

	/**
	 * Members tab data access.
	 *
	 * @var MVS_Reported_Member_Repository
	 */
	private $members;

	/**
	 * Report writes.
	 *
	 * @var MVS_Moderation_Repository
	 */
	private $moderation;

	/**
	 * Wires collaborators (defaults for production; tests may inject).
	 *
	 * @param MVS_Reported_Member_Repository|null $members    Members tab data access.
	 * @param MVS_Moderation_Repository|null      $moderation Report writes.
	 */
	public function __construct( ?MVS_Reported_Member_Repository $members = null, ?MVS_Moderation_Repository $moderation = null ) {
		$this->members    = $members ? $members : new MVS_Reported_Member_Repository();
		$this->moderation = $moderation ? $moderation : new MVS_Moderation_Repository();
	}

	/**
	 * GET /moderation/members: three queries whatever per_page.
	 *
	 * @param MVS_List_Reported_Members_Args $args Arguments.
	 * @return MVS_Page
	 */
	public function list_reported_members( MVS_List_Reported_Members_Args $args ) {
		list( $rows, $total ) = $this->members->page( $args->view, $args->page, $args->per_page );
		$reports              = array();
		foreach ( $this->members->open_reports( array_map( 'intval', wp_list_pluck( $rows, 'user_id' ) ) ) as $report ) {
			$reports[ (int) $report->object_id ][] = $report;
		}
		$profiles = current_user_can( 'edit_users' );
		$items    = array();
		foreach ( $rows as $row ) {
			$items[] = self::row( $row, $reports[ (int) $row->user_id ] ?? array(), $profiles );
		}
		return new MVS_Page( $items, $total );
	}

	/**
	 * A member row.
	 *
	 * @param object   $row      Member row.
	 * @param object[] $reports  Their open reports, newest first.
	 * @param bool     $profiles Whether the viewer may open wp-admin profiles.
	 * @return array
	 */
	private static function row( $row, array $reports, bool $profiles ): array {
		$id        = (int) $row->user_id;
		$reasons   = array();
		$details   = null;
		$reporters = array();
		foreach ( $reports as $report ) {
			$reasons[ $report->reason ] = ( $reasons[ $report->reason ] ?? 0 ) + 1;
			if ( null === $details && '' !== (string) $report->details ) {
				$details = (string) $report->details;
			}
			if ( count( $reporters ) < self::REPORTERS ) {
				$reporters[] = array(
					'id'   => (int) $report->reporter_id,
					'name' => null === $report->reporter_name ? null : (string) $report->reporter_name,
				);
			}
		}
		arsort( $reasons );
		$suspended = null !== $row->suspended_at && '' !== (string) $row->suspended_at;
		return array(
			'member'           => array(
				'id'          => $id,
				'name'        => null === $row->name ? null : (string) $row->name,
				'profile_url' => $profiles && null !== $row->name ? admin_url( 'user-edit.php?user_id=' . $id ) : null,
			),
			'open_reports'     => (int) $row->open_reports,
			'reasons'          => array_map(
				static function ( $reason, $count ) {
					return array(
						'reason' => (string) $reason,
						'count'  => $count,
					);
				},
				array_keys( $reasons ),
				array_values( $reasons )
			),
			'latest_details'   => $details,
			'latest_report_at' => $reports ? MVS_Time::to_iso8601( (string) $reports[0]->created_at ) : null,
			'reporters'        => $reporters,
			'suspended'        => $suspended,
			'suspended_at'     => $suspended ? gmdate( 'c', (int) $row->suspended_at ) : null,
		);
	}

	/**
	 * GET /moderation/members/search: the desk's uploader filter. The word
	 * index of GET /users/search, without its block exclusion (a member who
	 * blocked a moderator must still be found), and a user ID as typed,
	 * which also finds members whose name is an address (never indexed).
	 * docs/moderation.md, "Moderation desk".
	 *
	 * @param MVS_Search_Desk_Members_Args $args Arguments.
	 * @return MVS_Page
	 */
	public function search_desk_members( MVS_Search_Desk_Members_Args $args ) {
		$search = trim( $args->search );
		$limit  = max( 1, $args->per_page );
		$ids    = array();
		if ( preg_match( '/^#?(\d{1,19})$/', $search, $match ) ) {
			$ids[] = (int) $match[1];
		}
		$ids   = array_slice( array_values( array_unique( array_merge( $ids, MVS_User_Search_Index::search( $search, $limit, array() ) ) ) ), 0, $limit );
		$cards = array_values( ( new MVS_User_Cards() )->cards( $ids, get_current_user_id() ) );
		return new MVS_Page( $cards, count( $cards ) );
	}

	/**
	 * POST /moderation/members/{user_id}.
	 *
	 * @param MVS_Moderate_Member_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function moderate_member( MVS_Moderate_Member_Args $args ) {
		$member = get_userdata( $args->user_id );
		if ( ! $member ) {
			return MVS_Errors::make( 'mvs_user_not_found', __( 'Member not found.', 'media-community-service' ) );
		}
		$me = get_current_user_id();
		if ( 'suspend' === $args->action && ( $member->ID === $me || user_can( $member, 'moderate_mvs_media' ) ) ) {
			return MVS_Errors::make( 'mvs_forbidden', __( 'Moderators cannot be suspended from the moderation desk.', 'media-community-service' ) );
		}
		$closed   = 0;
		$notified = false;
		switch ( $args->action ) {
			case 'dismiss':
				$closed = $this->moderation->resolve_reports( 'user', $member->ID, 'dismissed' );
				break;
			case 'warn':
				$message  = '' !== trim( (string) $args->message ) ? trim( (string) $args->message ) : __( 'A moderator reviewed reports about you. Please follow the community rules.', 'media-community-service' );
				$notified = MVS_Notifier::notify( $member->ID, $me, 'moderation_warning', 'user', $member->ID, array( 'message' => $message ), array( 'official' => true ) ) > 0;
				$closed   = $this->moderation->resolve_reports( 'user', $member->ID );
				break;
			case 'suspend':
				MVS_Member_Suspension::suspend( $member->ID );
				$closed = $this->moderation->resolve_reports( 'user', $member->ID );
				break;
			default:
				MVS_Member_Suspension::unsuspend( $member->ID );
		}
		return array(
			'user_id'        => $member->ID,
			'action'         => $args->action,
			'closed_reports' => $closed,
			'suspended'      => MVS_Member_Suspension::is_suspended( $member->ID ),
			'notified'       => $notified,
		);
	}
}
