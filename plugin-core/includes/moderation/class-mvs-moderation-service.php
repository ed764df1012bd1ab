<?php
/**
 * Domain logic of the moderation routes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Moderation_Handler: the queue, its counts,
 * approve and reject, and AI analysis. Requests arrive authorized
 * (moderate_mvs_media) and validated by the generated controller.
 *
 * States: pending (held upload) and flagged (report threshold, AI verdict or
 * a re-upload of a rejected picture) sit in the queue; approve and reject may be applied from any other state,
 * so a moderator can also take down an approved item or restore a rejected
 * one. Every change is logged in mvs_moderation_log and closes the item's
 * open reports.
 */
final class MVS_Moderation_Service implements MVS_Moderation_Handler {

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
	 * Response shaping of media items.
	 *
	 * @var MVS_Media_Presenter
	 */
	private $presenter;

	/**
	 * File storage (for the analysed file's path).
	 *
	 * @var MVS_Storage_Driver
	 */
	private $storage;

	/**
	 * AI analysis.
	 *
	 * @var MVS_AI_Service
	 */
	private $ai;

	/**
	 * Wires collaborators.
	 *
	 * @param MVS_Moderation_Repository|null $moderation Moderation data access.
	 * @param MVS_Media_Repository|null      $media      Media data access.
	 * @param MVS_AI_Service|null            $ai         AI analysis.
	 * @param MVS_Media_Presenter|null       $presenter  Response shaping of media items.
	 */
	public function __construct( ?MVS_Moderation_Repository $moderation = null, ?MVS_Media_Repository $media = null, ?MVS_AI_Service $ai = null, ?MVS_Media_Presenter $presenter = null ) {
		$this->moderation = $moderation ? $moderation : new MVS_Moderation_Repository();
		$this->media      = $media ? $media : new MVS_Media_Repository();
		$this->ai         = $ai ? $ai : new MVS_AI_Service();
		$this->storage    = MVS_Storage::driver();
		$this->presenter  = $presenter ? $presenter : new MVS_Media_Presenter();
	}

	/**
	 * GET /moderation: pending and flagged items, oldest first (the order
	 * they entered the queue by upload), presented as every MediaItem is
	 * (tags and category included) plus their moderation facts: six queries
	 * whatever per_page is (page, total, and the presenter's four).
	 *
	 * @param MVS_List_Moderation_Queue_Args $args Arguments.
	 * @return MVS_Page
	 */
	public function list_moderation_queue( MVS_List_Moderation_Queue_Args $args ) {
		$viewer               = get_current_user_id();
		$states               = null !== $args->state ? array( $args->state ) : MVS_Core_Enums::MODERATION_QUEUE;
		list( $rows, $total ) = $this->moderation->queue( $states, $args->page, max( 1, $args->per_page ) );
		$items                = $this->presenter->items( $rows, $viewer );
		foreach ( $rows as $i => $row ) {
			$items[ $i ]['moderation_status'] = (string) $row->moderation_status;
			$items[ $i ]['open_reports']      = (int) $row->open_reports;
		}
		return new MVS_Page( $items, $total );
	}

	/**
	 * GET /moderation/counts.
	 *
	 * @param MVS_Get_Moderation_Counts_Args $args Arguments.
	 * @return array
	 */
	public function get_moderation_counts( MVS_Get_Moderation_Counts_Args $args ) {
		$counts = $this->moderation->counts();
		$states = $counts['states'];
		return array(
			'pending'      => $states['pending'],
			'flagged'      => $states['flagged'],
			'queue'        => array_sum( array_intersect_key( $states, array_flip( MVS_Core_Enums::MODERATION_QUEUE ) ) ),
			'approved'     => $states['approved'],
			'rejected'     => $states['rejected'],
			'open_reports' => $counts['open_reports'],
		);
	}

	/**
	 * POST /moderation/{id}/approve.
	 *
	 * @param MVS_Approve_Media_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function approve_media( MVS_Approve_Media_Args $args ) {
		return $this->decide( $args->id, 'approved', '' );
	}

	/**
	 * POST /moderation/{id}/reject: the reason is logged and sent to the owner.
	 *
	 * @param MVS_Reject_Media_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function reject_media( MVS_Reject_Media_Args $args ) {
		return $this->decide( $args->id, 'rejected', trim( (string) $args->reason ) );
	}

	/**
	 * POST /moderation/{id}/analyze: description, tags and a score; a judged
	 * score at or above ai_safety_threshold flags an approved or pending item
	 * (the local colour measure only with ai_local_flags on).
	 *
	 * @param MVS_Analyze_Media_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function analyze_media( MVS_Analyze_Media_Args $args ) {
		$id  = $args->id;
		$row = $this->media->find( $id );
		if ( ! $row ) {
			return MVS_Errors::make( 'mvs_not_found', __( 'Media item not found.', 'media-community-service' ) );
		}
		$result = $this->ai->analyze(
			$id,
			array(
				'path'        => $this->storage->path( (string) $row->file_path ),
				'mime_type'   => (string) $row->mime_type,
				'media_type'  => (string) $row->media_type,
				'title'       => (string) $row->title,
				'description' => (string) $row->description,
			)
		);
		if ( is_wp_error( $result ) ) {
			return $result;
		}
		$actor     = get_current_user_id();
		$threshold = (float) MVS_Settings::get( 'ai_safety_threshold' );
		// The local score is a colour measure (skin-tone share), no safety verdict: it
		// flags only where the owner opted in (docs/moderation.md, "Local provider").
		$measure = 'local' === $result['provider'];
		$judged  = ! $measure || (bool) MVS_Settings::get( 'ai_local_flags' );
		$unsafe  = $judged && (float) $result['safety_score'] >= $threshold;
		$outcome = array(
			'media_id'    => $id,
			'provider'    => $result['provider'],
			'model'       => $result['model'],
			'description' => $result['description'],
			'tags'        => $result['tags'],
			'safety'      => array(
				'score'     => (float) $result['safety_score'],
				'threshold' => $threshold,
				'verdict'   => $judged ? ( $unsafe ? 'unsafe' : 'safe' ) : 'not_judged',
				'basis'     => $measure ? 'skin_tone_share' : 'model',
			),
			'metrics'     => $result['metrics'],
			'tokens'      => (int) $result['units'],
		);
		$this->moderation->log( $id, $actor, 'analyze', '', $outcome );
		$flagged = $unsafe && $this->moderation->transition( $id, 'flagged', array( 'approved', 'pending' ) );
		if ( $flagged ) {
			/* translators: 1: safety score, 2: threshold. */
			$this->moderation->log( $id, $actor, 'flag', sprintf( __( 'AI safety score %1$s reached the threshold %2$s.', 'media-community-service' ), $result['safety_score'], $threshold ) );
		}
		$outcome['flagged']           = $flagged;
		$outcome['moderation_status'] = $flagged ? 'flagged' : (string) $row->moderation_status;
		$outcome['analyzed_at']       = MVS_Time::now();
		return $outcome;
	}

	/**
	 * GET /ai/usage.
	 *
	 * @param MVS_Get_Ai_Usage_Args $args Arguments.
	 * @return array
	 */
	public function get_ai_usage( MVS_Get_Ai_Usage_Args $args ) {
		return $this->ai->usage();
	}

	/**
	 * Applies a moderator's decision: conditional state change, log, report
	 * resolution and, on rejection, a notification to the owner.
	 *
	 * @param int    $id     Media ID.
	 * @param string $to     approved | rejected.
	 * @param string $reason Reason (rejections); '' for none.
	 * @return array|WP_Error
	 */
	private function decide( int $id, string $to, string $reason ) {
		$row = $this->media->find( $id );
		if ( ! $row ) {
			return MVS_Errors::make( 'mvs_not_found', __( 'Media item not found.', 'media-community-service' ) );
		}
		$from  = (string) $row->moderation_status;
		$actor = get_current_user_id();
		// One answer for "no reason" in responses and notifications: null, never ''.
		$given   = '' !== $reason ? $reason : null;
		$others  = array_values( array_diff( MVS_Core_Enums::MODERATION_STATUS, array( $to ) ) );
		$reports = $this->moderation->open_report_ids( 'media', $id );
		$changed = $this->moderation->transition( $id, $to, $others );
		// Approving an approved item that members reported keeps it and dismisses
		// the reports: a decision too. The reports a decision closes are logged
		// with it, so an undo reopens exactly those.
		if ( $changed || ( 'approved' === $to && $reports ) ) {
			$this->moderation->log(
				$id,
				$actor,
				'approved' === $to ? 'approve' : 'reject',
				$reason,
				array(
					'from'    => $from,
					'to'      => $to,
					'reports' => $reports,
				)
			);
			$this->moderation->resolve_reports( 'media', $id );
		}
		if ( $changed ) {
			if ( 'rejected' === $to && (int) $row->author_id !== $actor ) {
				MVS_Notifier::notify(
					(int) $row->author_id,
					$actor,
					'media_rejected',
					'media',
					$id,
					array(
						'media_id' => $id,
						'title'    => (string) $row->title,
						'reason'   => $given,
					),
					array(
						'official' => true,
						'item'     => $row,
					)
				);
			}
			/**
			 * Fires after a moderator changed an item's moderation state.
			 *
			 * @param int    $id     Media ID.
			 * @param string $to     New state.
			 * @param string $from   Previous state.
			 * @param string $reason Reason given.
			 */
			do_action( 'mvs_media_moderated', $id, $to, $from, $reason );
		}
		return array(
			'id'                => $id,
			'moderation_status' => $to,
			'previous_status'   => $from,
			'changed'           => $changed,
			'reason'            => $given,
		);
	}
}
