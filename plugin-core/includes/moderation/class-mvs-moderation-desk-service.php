<?php
/**
 * Domain logic of the wp-admin moderation desk routes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Moderation_Desk_Handler: desk pages with
 * the facts a moderator decides on (uploader, reports, stored analysis,
 * latest decision), and the undo of a decision. Requests arrive authorized
 * (moderate_mvs_media) and validated. See docs/moderation.md, "Moderation desk".
 */
final class MVS_Moderation_Desk_Service implements MVS_Moderation_Desk_Handler {

	/**
	 * Desk data access.
	 *
	 * @var MVS_Moderation_Desk_Repository
	 */
	private $desk;

	/**
	 * Moderation data access (state changes and the log).
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
	 * @param MVS_Moderation_Desk_Repository|null $desk       Desk data access.
	 * @param MVS_Moderation_Repository|null      $moderation Moderation data access.
	 * @param MVS_Media_Repository|null           $media      Media data access.
	 */
	public function __construct( ?MVS_Moderation_Desk_Repository $desk = null, ?MVS_Moderation_Repository $moderation = null, ?MVS_Media_Repository $media = null ) {
		$this->desk       = $desk ? $desk : new MVS_Moderation_Desk_Repository();
		$this->moderation = $moderation ? $moderation : new MVS_Moderation_Repository();
		$this->media      = $media ? $media : new MVS_Media_Repository();
	}

	/**
	 * GET /moderation/desk: six queries whatever per_page and the filters are.
	 *
	 * @param MVS_List_Moderation_Desk_Args $args Arguments.
	 * @return MVS_Page
	 */
	public function list_moderation_desk( MVS_List_Moderation_Desk_Args $args ) {
		$filters              = array(
			'media_type' => $args->media_type,
			'uploader'   => $args->uploader,
			'reason'     => $args->reason,
			'search'     => $args->search,
		);
		list( $rows, $total ) = $this->desk->page( (string) $args->view, (string) $args->orderby, (int) $args->page, max( 1, (int) $args->per_page ), $filters );
		$ids                  = array_map( 'intval', wp_list_pluck( $rows, 'id' ) );
		$reports              = array();
		foreach ( $this->desk->reports( $ids ) as $report ) {
			$reports[ (int) $report->object_id ][] = $report;
		}
		$log = array();
		foreach ( $this->desk->latest_log( $ids ) as $entry ) {
			$log[ (int) $entry->media_id ][ (string) $entry->action ] = $entry;
		}
		$history = array();
		foreach ( $this->desk->history( $ids ) as $entry ) {
			$history[ (int) $entry->media_id ][] = self::event( $entry );
		}
		// The image hash and the rejected item it resembles: one query (MVS_Image_Match).
		$images = ( new MVS_Image_Match() )->for_desk( $ids );
		// Only people who may edit users get the link to user-edit.php.
		$profiles = current_user_can( 'edit_users' );
		$items    = array();
		foreach ( $rows as $row ) {
			$id              = (int) $row->id;
			$item            = $this->item( $row, $reports[ $id ] ?? array(), $log[ $id ] ?? array(), $profiles );
			$item['history'] = $history[ $id ] ?? array();
			$items[]         = array_merge(
				$item,
				$images[ $id ] ?? array(
					'image_hash'        => null,
					'earlier_rejection' => null,
				)
			);
		}
		return new MVS_Page( $items, $total );
	}

	/**
	 * POST /moderation/{id}/undo: the latest decision is reverted when the
	 * item is still in the state it gave; the reports it closed reopen.
	 *
	 * @param MVS_Undo_Moderation_Decision_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function undo_moderation_decision( MVS_Undo_Moderation_Decision_Args $args ) {
		$id  = (int) $args->id;
		$row = $this->media->find( $id );
		if ( ! $row ) {
			return MVS_Errors::make( 'mvs_not_found', __( 'Media item not found.', 'media-community-service' ) );
		}
		$last     = $this->desk->latest_decision( $id );
		$result   = $last ? json_decode( (string) $last->result, true ) : null;
		$from     = is_array( $result ) ? (string) ( $result['from'] ?? '' ) : '';
		$to       = is_array( $result ) ? (string) ( $result['to'] ?? '' ) : '';
		$undoable = $last && 'undo' !== $last->action && in_array( $from, MVS_Core_Enums::MODERATION_STATUS, true )
			&& $to === (string) $row->moderation_status;
		// The conditional UPDATE also loses against a decision made meanwhile; a
		// decision that kept the state (reports dismissed) has no state to revert.
		if ( ! $undoable || ( $from !== $to && ! $this->moderation->transition( $id, $from, array( $to ) ) ) ) {
			return MVS_Errors::make( 'mvs_nothing_to_undo', __( 'This item has no decision to undo, or it changed since.', 'media-community-service' ), array( 'status' => 409 ) );
		}
		$closed   = array_map( 'intval', (array) ( $result['reports'] ?? array() ) );
		$reopened = $this->desk->reopen( $closed );
		$this->moderation->log(
			$id,
			get_current_user_id(),
			'undo',
			'',
			array(
				'from'     => $to,
				'to'       => $from,
				'decision' => (int) $last->id,
			)
		);
		/** This action is documented in includes/moderation/class-mvs-moderation-service.php */
		do_action( 'mvs_media_moderated', $id, $from, $to, '' );
		return array(
			'id'                => $id,
			'moderation_status' => $from,
			'undone'            => (string) $last->action,
			'reopened_reports'  => $reopened,
		);
	}

	/**
	 * One desk row.
	 *
	 * @param object   $row      Page row.
	 * @param object[] $reports  Its reports, newest first.
	 * @param object[] $log      Its latest log entry per action.
	 * @param bool     $profiles Whether the viewer may open user-edit.php.
	 * @return array
	 */
	private function item( $row, array $reports, array $log, bool $profiles ): array {
		$reasons = array();
		$details = null;
		$list    = array();
		foreach ( $reports as $report ) {
			if ( 'open' === $report->status ) {
				$reasons[ (string) $report->reason ] = ( $reasons[ (string) $report->reason ] ?? 0 ) + 1;
				if ( null === $details && '' !== (string) $report->details ) {
					$details = (string) $report->details;
				}
			}
			$list[] = array(
				'id'         => (int) $report->id,
				'reporter'   => self::person( $report->reporter_id, $report->reporter_name ),
				'reason'     => (string) $report->reason,
				'details'    => (string) $report->details,
				'status'     => (string) $report->status,
				'created_at' => MVS_Time::to_iso8601( $report->created_at ),
			);
		}
		arsort( $reasons );
		$author = (int) $row->author_id;
		return array(
			'id'                => (int) $row->id,
			'title'             => (string) $row->title,
			'media_type'        => (string) $row->media_type,
			'mime_type'         => (string) $row->mime_type,
			'privacy'           => (string) $row->privacy,
			'created_at'        => MVS_Time::to_iso8601( $row->created_at ),
			'moderation_status' => (string) $row->moderation_status,
			'uploader'          => array(
				'id'          => $author,
				'name'        => null === $row->author_name ? null : (string) $row->author_name,
				'profile_url' => $profiles && null !== $row->author_name ? admin_url( 'user-edit.php?user_id=' . $author ) : null,
			),
			'open_reports'      => (int) $row->open_reports,
			'reasons'           => array_map(
				static function ( $reason, $count ) {
					return array(
						'reason' => (string) $reason,
						'count'  => $count,
					);
				},
				array_keys( $reasons ),
				array_values( $reasons )
			),
			'latest_details'    => $details,
			'reports'           => $list,
			'flag_reason'       => isset( $log['flag'] ) && '' !== (string) $log['flag']->reason ? (string) $log['flag']->reason : null,
			'analysis'          => self::analysis( $log['analyze'] ?? null ),
			'decision'          => self::decision( $log ),
		);
	}

	/**
	 * The stored analysis with its date.
	 *
	 * @param object|null $entry Latest analyze log entry.
	 * @return array|null
	 */
	private static function analysis( $entry ): ?array {
		$result = $entry ? json_decode( (string) $entry->result, true ) : null;
		if ( ! is_array( $result ) ) {
			return null;
		}
		$result['analyzed_at'] = MVS_Time::to_iso8601( $entry->created_at );
		return $result;
	}

	/**
	 * The latest decision, unless an undo came after it.
	 *
	 * @param object[] $log Latest log entry per action.
	 * @return array|null
	 */
	private static function decision( array $log ): ?array {
		$latest = null;
		foreach ( array( 'approve', 'reject' ) as $action ) {
			if ( isset( $log[ $action ] ) && ( ! $latest || (int) $log[ $action ]->id > (int) $latest->id ) ) {
				$latest = $log[ $action ];
			}
		}
		if ( ! $latest || ( isset( $log['undo'] ) && (int) $log['undo']->id > (int) $latest->id ) ) {
			return null;
		}
		$result = json_decode( (string) $latest->result, true );
		$from   = is_array( $result ) ? (string) ( $result['from'] ?? '' ) : '';
		return array(
			'action' => (string) $latest->action,
			'by'     => self::person( $latest->actor_id, $latest->actor_name ),
			'at'     => MVS_Time::to_iso8601( $latest->created_at ),
			'reason' => '' !== (string) $latest->reason ? (string) $latest->reason : null,
			'from'   => in_array( $from, MVS_Core_Enums::MODERATION_STATUS, true ) ? $from : 'pending',
		);
	}

	/**
	 * One entry of an item's history. A flag only ever leads to flagged;
	 * states the log did not record are null.
	 *
	 * @param object $entry Log entry with its actor's name.
	 * @return array
	 */
	private static function event( $entry ): array {
		$result = json_decode( (string) $entry->result, true );
		$state  = static function ( $value ) {
			return in_array( $value, MVS_Core_Enums::MODERATION_STATUS, true ) ? $value : null;
		};
		$from   = is_array( $result ) ? $state( $result['from'] ?? null ) : null;
		$to     = is_array( $result ) ? $state( $result['to'] ?? null ) : null;
		return array(
			'action' => (string) $entry->action,
			'by'     => self::person( $entry->actor_id, $entry->actor_name ),
			'at'     => MVS_Time::to_iso8601( $entry->created_at ),
			'reason' => '' !== (string) $entry->reason ? (string) $entry->reason : null,
			'from'   => $from,
			'to'     => 'flag' === $entry->action ? 'flagged' : $to,
		);
	}

	/**
	 * A user as the desk names them.
	 *
	 * @param mixed       $id   User ID.
	 * @param string|null $name Display name (null once the account is gone).
	 * @return array{id: int, name: string|null}
	 */
	private static function person( $id, $name ): array {
		return array(
			'id'   => (int) $id,
			'name' => null === $name ? null : (string) $name,
		);
	}
}
