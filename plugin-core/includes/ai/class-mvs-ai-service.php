<?php
/**
 * AI analysis: provider choice, the monthly budget, usage records and the
 * write-only API key.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Runs an analysis within the monthly budget and records it in mvs_ai_usage.
 *
 * The budget counts analyses per calendar month (UTC), all providers
 * together. A request first reserves its slot by inserting its usage row,
 * then counts the month's rows up to and including its own: two concurrent
 * requests for the last slot cannot both pass. A failed provider call gives
 * its slot back.
 */
final class MVS_AI_Service {

	/**
	 * Option holding the API key, apart from mvs_settings (which the settings
	 * REST route returns): never autoloaded, never returned by any route.
	 */
	const KEY_OPTION = 'mvs_ai_api_key';

	/**
	 * Option holding the origin (scheme, host, port) of the endpoint the key
	 * was entered for: the key is only ever sent there.
	 */
	const KEY_ORIGIN_OPTION = 'mvs_ai_api_key_origin';

	/**
	 * Hooks the key extraction into every write of mvs_settings.
	 */
	public static function register(): void {
		// After MVS_Settings_Store::sanitize() (priority 10), on add_option and update_option alike.
		add_filter( 'sanitize_option_' . MVS_Settings::OPTION, array( __CLASS__, 'guard_endpoint' ), 15 );
		add_filter( 'sanitize_option_' . MVS_Settings::OPTION, array( __CLASS__, 'extract_api_key' ), 20 );
	}

	/**
	 * The stored endpoint (before the write being sanitized).
	 *
	 * @return string
	 */
	private static function stored_endpoint(): string {
		$stored = get_option( MVS_Settings::OPTION, array() );
		if ( is_array( $stored ) && isset( $stored['ai_endpoint'] ) ) {
			return (string) $stored['ai_endpoint'];
		}
		$defaults = MVS_Settings::defaults();
		return (string) $defaults['ai_endpoint'];
	}

	/**
	 * Keeps the stored endpoint when a write names one the endpoint rule
	 * refuses (MVS_AI_Endpoint): both settings routes refuse it with a message
	 * first (MVS_Settings_Validator); this covers direct option writes.
	 *
	 * @param mixed $value Sanitized settings about to be stored.
	 * @return mixed
	 */
	public static function guard_endpoint( $value ) {
		if ( is_array( $value ) && isset( $value['ai_endpoint'] )
			&& '' !== MVS_AI_Endpoint::refusal( (string) $value['ai_endpoint'], MVS_AI_Endpoint::allows_private() ) ) {
			$value['ai_endpoint'] = self::stored_endpoint();
		}
		return $value;
	}

	/**
	 * Moves a newly submitted ai_api_key into its own option and leaves only
	 * its mask in mvs_settings. A submitted value equal to the current mask
	 * (a settings form saving everything back) keeps the key; '' removes it.
	 * The key belongs to the endpoint's origin: a write that moves
	 * ai_endpoint to another scheme, host or port without a new key drops
	 * the stored one, so it is never sent to a host it was not entered for.
	 *
	 * @param mixed $value Sanitized settings about to be stored.
	 * @return mixed
	 */
	public static function extract_api_key( $value ) {
		if ( ! is_array( $value ) || ! array_key_exists( 'ai_api_key', $value ) ) {
			return $value;
		}
		$submitted = trim( (string) $value['ai_api_key'] );
		$current   = (string) get_option( self::KEY_OPTION, '' );
		$origin    = MVS_AI_Endpoint::origin( (string) ( $value['ai_endpoint'] ?? self::stored_endpoint() ) );
		if ( '' !== $submitted && self::mask( $current ) === $submitted && self::key_origin() !== $origin ) {
			// Only the endpoint moved: the key stays behind rather than follow it.
			$submitted = '';
		}
		if ( '' === $submitted ) {
			delete_option( self::KEY_OPTION );
			delete_option( self::KEY_ORIGIN_OPTION );
		} elseif ( self::mask( $current ) !== $submitted ) {
			update_option( self::KEY_OPTION, $submitted, false );
			update_option( self::KEY_ORIGIN_OPTION, $origin, false );
			$current = $submitted;
		}
		$value['ai_api_key'] = '' === $submitted ? '' : self::mask( $current );
		return $value;
	}

	/**
	 * The origin the stored key belongs to. A key stored before origins
	 * were recorded belongs to the endpoint saved with it.
	 *
	 * @return string
	 */
	private static function key_origin(): string {
		return (string) get_option( self::KEY_ORIGIN_OPTION, MVS_AI_Endpoint::origin( self::stored_endpoint() ) );
	}

	/**
	 * The key for an endpoint: '' unless it was entered for that origin.
	 *
	 * @param string $endpoint Endpoint URL about to be called.
	 * @return string
	 */
	public static function key_for( string $endpoint ): string {
		return MVS_AI_Endpoint::origin( $endpoint ) === self::key_origin() ? (string) get_option( self::KEY_OPTION, '' ) : '';
	}

	/**
	 * What is shown instead of a key: asterisks and its last four characters.
	 *
	 * @param string $key API key.
	 * @return string
	 */
	public static function mask( string $key ): string {
		if ( '' === $key ) {
			return '';
		}
		return str_repeat( '*', 12 ) . ( strlen( $key ) >= 16 ? substr( $key, -4 ) : '' );
	}

	/**
	 * The provider the settings select.
	 *
	 * @return MVS_AI_Provider
	 */
	public function provider(): MVS_AI_Provider {
		if ( 'openai' === MVS_Settings::get( 'ai_provider' ) ) {
			$provider = new MVS_AI_HTTP_Provider( (string) MVS_Settings::get( 'ai_endpoint' ), (string) MVS_Settings::get( 'ai_model' ), self::key_for( (string) MVS_Settings::get( 'ai_endpoint' ) ) );
		} else {
			$provider = new MVS_AI_Local_Provider();
		}
		/**
		 * Filters the AI provider (e.g. to plug in another vendor).
		 *
		 * @param MVS_AI_Provider $provider Selected provider.
		 */
		$filtered = apply_filters( 'mvs_ai_provider', $provider );
		return $filtered instanceof MVS_AI_Provider ? $filtered : $provider;
	}

	/**
	 * Analyses an item within the budget.
	 *
	 * @param int   $media_id Media ID.
	 * @param array $item     Item facts (see MVS_AI_Provider::analyze()).
	 * @return array|WP_Error Provider result plus provider name; 429 over budget, 502 on provider failure.
	 */
	public function analyze( int $media_id, array $item ) {
		global $wpdb;
		$provider = $this->provider();
		$budget   = (int) MVS_Settings::get( 'ai_monthly_budget' );
		$wpdb->insert(
			$wpdb->mvs_ai_usage,
			array(
				'media_id'    => $media_id,
				'provider'    => $provider->name(),
				'units'       => 0,
				'cost_micros' => 0,
				'created_at'  => current_time( 'mysql', true ),
			)
		);
		$slot = (int) $wpdb->insert_id;
		if ( ! $slot ) {
			return MVS_Errors::make( 'mvs_storage_failed' );
		}
		$used = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->mvs_ai_usage} WHERE created_at >= %s AND id <= %d", self::month_start(), $slot ) );
		if ( $used > $budget ) {
			$wpdb->delete( $wpdb->mvs_ai_usage, array( 'id' => $slot ) );
			return MVS_Errors::make(
				'mvs_ai_budget_exceeded',
				__( 'The monthly AI analysis budget is used up.', 'media-community-service' ),
				array(
					'budget'    => $budget,
					'used'      => $used - 1,
					'resets_at' => MVS_Time::from_unix( (int) strtotime( self::month_start() . ' +1 month' ) ),
				)
			);
		}
		$result = $provider->analyze( $item );
		if ( is_wp_error( $result ) ) {
			$wpdb->delete( $wpdb->mvs_ai_usage, array( 'id' => $slot ) );
			return $result;
		}
		$wpdb->update( $wpdb->mvs_ai_usage, array( 'units' => max( 0, (int) $result['units'] ) ), array( 'id' => $slot ) );
		$result['provider'] = $provider->name();
		return $result;
	}

	/**
	 * This month's usage and the budget (GET /ai/usage).
	 *
	 * @return array
	 */
	public function usage(): array {
		global $wpdb;
		$rows      = $wpdb->get_results( $wpdb->prepare( "SELECT provider, COUNT(*) AS analyses, COALESCE( SUM(units), 0 ) AS units FROM {$wpdb->mvs_ai_usage} WHERE created_at >= %s GROUP BY provider", self::month_start() ) );
		$providers = array();
		$analyses  = 0;
		$units     = 0;
		foreach ( $rows as $row ) {
			$providers[ (string) $row->provider ] = array(
				'analyses' => (int) $row->analyses,
				'tokens'   => (int) $row->units,
			);

			$analyses += (int) $row->analyses;
			$units    += (int) $row->units;
		}
		$budget = (int) MVS_Settings::get( 'ai_monthly_budget' );
		return array(
			'month'       => gmdate( 'Y-m' ),
			'provider'    => (string) MVS_Settings::get( 'ai_provider' ),
			'analyses'    => $analyses,
			'tokens'      => $units,
			'budget'      => $budget,
			'remaining'   => max( 0, $budget - $analyses ),
			'by_provider' => (object) $providers,
			'resets_at'   => MVS_Time::from_unix( (int) strtotime( self::month_start() . ' +1 month' ) ),
		);
	}

	/**
	 * First second of the current month, UTC, as stored in created_at.
	 *
	 * @return string
	 */
	private static function month_start(): string {
		return gmdate( 'Y-m-01 00:00:00' );
	}
}
