<?php
/**
 * Domain logic of the long-poll GET /messages/poll.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Implements the generated MVS_Message_Poll_Handler. Holds the request
 * until a message above `since` or a typing event arrives for the caller
 * (in one conversation or any), or the time runs out, repeating one cheap
 * check every TICK_MS; then answers at once. Nothing lives in this
 * server's memory, so polls and sends may reach different web servers.
 * Worker arithmetic, the setting that turns holding off and the limits of
 * noticing a client that went away: docs/messaging.md, "Long-poll".
 */
final class MVS_Message_Poll_Service implements MVS_Message_Poll_Handler {

	/**
	 * Pause between two checks, in milliseconds.
	 */
	const TICK_MS = 300;

	/**
	 * Longest hold, in seconds, whatever the setting and filter say: below
	 * the usual 60 s of proxies' and nginx's upstream read timeouts.
	 */
	const MAX_SECONDS = 50;

	/**
	 * Largest number of messages in one answer.
	 */
	const MAX_MESSAGES = 100;

	/**
	 * Poll statements.
	 *
	 * @var MVS_Message_Poll_Repository
	 */
	private $poll;

	/**
	 * Wires collaborators.
	 *
	 * @param MVS_Message_Poll_Repository|null $poll Poll statements.
	 */
	public function __construct( ?MVS_Message_Poll_Repository $poll = null ) {
		$this->poll = $poll ? $poll : new MVS_Message_Poll_Repository();
	}

	/**
	 * GET /messages/poll.
	 *
	 * @param MVS_Poll_Messages_Args $args Arguments.
	 * @return array|WP_Error
	 */
	public function poll_messages( MVS_Poll_Messages_Args $args ) {
		$me   = get_current_user_id();
		$gate = new MVS_Messaging_Gate( new MVS_Conversation_Repository() );
		$conv = $args->conversation_id;
		$fail = $conv > 0 ? $gate->row( $conv, $me ) : $gate->closed();
		if ( is_wp_error( $fail ) ) {
			return $fail;
		}
		$since     = $args->since;
		$deadline  = microtime( true ) + self::hold_seconds( $args->timeout );
		$start     = $this->poll->state( $me, $conv );
		$state     = $start;
		$timed_out = false;
		if ( $start[0] <= $since ) {
			self::release_locks();
			$signal = MVS_Message_Poll_Signal::read( $me );
			$tick   = 0;
			while ( true ) {
				++$tick;
				$left = $deadline - microtime( true );
				// A client that went away is noticed only where PHP learns of it without output (docs/messaging.md).
				if ( $left <= 0 || connection_aborted() ) {
					$timed_out = true;
					break;
				}
				usleep( (int) ( min( $left, self::TICK_MS / 1000 ) * 1000000 ) );
				$now = MVS_Message_Poll_Signal::read( $me );
				// With a shared cache, the database is asked when the key changed, and every tenth tick in case it was evicted.
				if ( null !== $now && $now === $signal && 0 !== $tick % 10 ) {
					continue;
				}
				$signal = $now;
				$state  = $this->poll->state( $me, $conv );
				if ( $state[0] > $since || $state[1] > $start[1] ) {
					break;
				}
			}
		}
		$blocked  = MVS_Media_Visibility::blocked_ids( $me );
		$rows     = $this->poll->messages_since( $me, $since, $conv, $blocked, self::MAX_MESSAGES );
		$messages = ( new MVS_Message_Presenter( new MVS_Message_Repository() ) )->present_all( $rows, $me );
		$last     = max( $since, $state[0] );
		if ( $rows ) {
			// A full answer resumes after its last message; otherwise past everything checked, messages hidden from the caller included.
			$newest = (int) end( $rows )->id;
			$last   = count( $rows ) >= self::MAX_MESSAGES ? $newest : max( $last, $newest );
		}
		return array(
			'messages'  => $messages,
			'typing'    => $this->poll->typing( $me, $conv, $blocked ),
			'last_id'   => $last,
			'timed_out' => $timed_out,
		);
	}

	/**
	 * How long this poll may hold: the requested seconds, never more than
	 * the setting message_poll_seconds (0: answer at once) as filtered,
	 * never more than MAX_SECONDS.
	 *
	 * @param int|null $requested Seconds asked for (null: the site's).
	 * @return int
	 */
	public static function hold_seconds( ?int $requested ): int {
		/**
		 * Filters the longest a message long-poll holds, in seconds (0:
		 * answer at once). Clamped to 0-50.
		 *
		 * @param int $seconds The setting message_poll_seconds.
		 */
		$site = (int) apply_filters( 'mvs_message_poll_seconds', (int) MVS_Settings::get( 'message_poll_seconds' ) );
		$site = max( 0, min( self::MAX_SECONDS, $site ) );
		return null === $requested ? $site : max( 0, min( $requested, $site ) );
	}

	/**
	 * Lets go of what another request may wait for while this one holds: a
	 * PHP session's file lock. No transaction is open on a read route, and
	 * each check is its own autocommitted statement, so it sees every
	 * message committed since.
	 */
	private static function release_locks(): void {
		if ( PHP_SESSION_ACTIVE === session_status() ) {
			session_write_close();
		}
	}
}
