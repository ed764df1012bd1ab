<?php
/**
 * GET /serve of anonymous, owners' and members' signed URLs without booting WordPress: the lean entry.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * GET /serve under SHORTINIT (database and options; no plugins, no theme)
 * for the signed URLs whose answer needs only the signature, the row, its
 * author and the blocks between author and member. The web server maps the
 * route to serve.php; this class runs the route's own handler,
 * MVS_File_Server::serve_media_file(), on the request MVS_Serve_Request builds.
 *
 * It only ever sends a file. Anything else (a refusal, a 416, a download, a
 * URL only WordPress can decide) is handed back to the REST route, so the two
 * paths cannot disagree. Plugins do not load here, so the full plugin records
 * what their filters and the visibility rules decide (record()); a callback
 * it cannot evaluate turns the lean path off.
 *
 * Why each of those conditions: docs/file-delivery.md, "The lean path".
 */
final class MVS_Serve_Lean {

	/**
	 * Option holding what the lean entry needs (autoloaded: read on each of its requests).
	 */
	const OPTION = 'mvs_serve_lean';

	/**
	 * Filters of the decision that the entry cannot run: with any callback on
	 * them, whatever it answers now, the lean path is off.
	 */
	const DECISION_HOOKS = array( 'mvs_rest_require_auth', 'mvs_serve_fast_path', 'mvs_storage_driver' );

	/**
	 * Filters under the viewer's blocks (user meta): with a callback on
	 * them, URLs signed for users other than the owner are handed over.
	 */
	const VIEWER_HOOKS = array( 'get_user_metadata', 'default_user_metadata' );

	/**
	 * Keeps the record current: rewritten by requests for the route's own
	 * namespace (after every rest_api_init callback, so REST filters added
	 * there count too), deleted when plugins or the theme change. Other
	 * requests of the site pay nothing (docs/file-delivery.md, "The lean path").
	 */
	public static function register(): void {
		add_action( 'rest_api_init', array( __CLASS__, 'record_for_namespace' ), PHP_INT_MAX );
		foreach ( array( 'activated_plugin', 'deactivated_plugin', 'upgrader_process_complete', 'switch_theme' ) as $change ) {
			add_action( $change, array( __CLASS__, 'forget' ), 10, 0 );
		}
	}

	/**
	 * Records what the full plugin decides, from a request the REST server
	 * serves for an mvs/v1 route.
	 */
	public static function record_for_namespace(): void {
		if ( MVS_Rest_Route_Scope::serves( MVS_Core_Routes::REST_NAMESPACE ) ) {
			self::record();
		}
	}

	/**
	 * Turns the lean path off until the next recording request: a plugin or
	 * theme that changed may bring a filter the record does not know.
	 */
	public static function forget(): void {
		delete_option( self::OPTION );
	}

	/**
	 * What the lean entry may rely on, as the full plugin sees it now.
	 *
	 * @return array{basedir: string, internal_prefix: string, plugin: string, viewers: bool, rules: string[]}|array{} Empty: hand every request to WordPress.
	 */
	public static function snapshot(): array {
		// By the callbacks present, not by their answers: a filter that looks at the request (a header, an
		// address, a cookie) answers this request one way and the next one another, and the record must hold
		// for every anonymous request until the next full one (nor flip, and be rewritten, with each request).
		if ( array() !== MVS_Serve_Request::foreign_callbacks( MVS_Serve_Request::REST_ACCESS_HOOKS ) || array() !== MVS_Serve_Request::foreign_callbacks( self::DECISION_HOOKS, false ) ) {
			return array();
		}
		$driver = MVS_Storage::driver();
		// Exactly the local driver: a subclass or wrapper may store or check differently.
		// The visibility rules the entry must run: none may be one it cannot (docs/file-delivery.md, "One visibility policy").
		$rules = MVS_Visibility_Rules::lean_record();
		if ( null === $rules || 'after_setup_theme' !== MVS_Serve_Fast_Path::hook() || MVS_Local_Storage::class !== get_class( $driver ) || MVS_Community_Gate::is_armed() ) {
			return array();
		}
		return array(
			'basedir'         => $driver->basedir(),
			/** This filter is documented in includes/files/class-mvs-file-response.php */
			'internal_prefix' => (string) apply_filters( 'mvs_serve_internal_prefix', '/mvs-internal/' ),
			// As active_plugins lists it (the folder may be named otherwise): the entry checks it is still there.
			'plugin'          => plugin_basename( MVS_PLUGIN_FILE ),
			// Whether URLs signed for other users than the owner may be decided here (decides()).
			'viewers'         => array() === MVS_Serve_Request::foreign_callbacks( self::VIEWER_HOOKS, false ),
			'rules'           => $rules,
		);
	}

	/**
	 * Stores the snapshot when it changed (an autoloaded read otherwise).
	 *
	 * Only from web requests that load the site as its visitors get it:
	 * WP-CLI may skip plugins or the theme (--skip-plugins, --skip-themes)
	 * and recovery mode pauses plugins, so their filters would be missing
	 * from the record.
	 */
	public static function record(): void {
		if ( ( defined( 'WP_CLI' ) && WP_CLI ) || wp_installing() || wp_is_recovery_mode() ) {
			return;
		}
		$snapshot = self::snapshot();
		// Only a request made the way the route's visitors make it may vouch for the lean entry: admin
		// screens, admin-ajax, WP-Cron, XML-RPC and the login screen may run without a filter a plugin adds
		// for the front end and the REST API alone (e.g. only when ! is_admin()). They may still empty it.
		if ( array() !== $snapshot && ! self::is_visitor_request() ) {
			return;
		}
		if ( get_option( self::OPTION, null ) !== $snapshot ) {
			update_option( self::OPTION, $snapshot, true );
		}
	}

	/**
	 * Whether this request loads the site as the REST route's visitors get
	 * it: the front end or the REST API, not wp-admin, admin-ajax, WP-Cron,
	 * XML-RPC or wp-login.php.
	 *
	 * @return bool
	 */
	private static function is_visitor_request(): bool {
		if ( is_admin() || wp_doing_ajax() || wp_doing_cron() || ( defined( 'XMLRPC_REQUEST' ) && XMLRPC_REQUEST ) ) {
			return false;
		}
		return ! isset( $GLOBALS['pagenow'] ) || 'wp-login.php' !== $GLOBALS['pagenow'];
	}

	/**
	 * Answers the request from the lean entry (serve.php, WordPress loaded
	 * with SHORTINIT): the file, or the request handed to WordPress.
	 *
	 * @param string $fallback How to hand a request to WordPress: '@location' (nginx) or 'redirect'.
	 */
	public static function run( string $fallback ): void {
		self::load_core();
		MVS_Core_Schema::register_tables();
		self::prime_options();
		$answer = self::answer();
		if ( null === $answer ) {
			self::hand_over( $fallback );
			return;
		}
		MVS_File_Response::send( $answer[0], $answer[1] );
	}

	/**
	 * The file answer when this path may give it.
	 *
	 * @return array{0: WP_REST_Response, 1: WP_REST_Request}|null Null: hand the request to WordPress.
	 */
	private static function answer(): ?array {
		$snapshot = get_option( self::OPTION );
		if ( ! is_array( $snapshot ) || empty( $snapshot['basedir'] ) || ! isset( $snapshot['internal_prefix'] ) || empty( $snapshot['plugin'] ) || MVS_Settings::get( 'private_community' ) ) {
			return null;
		}
		// Deactivated without its deactivation hook (active_plugins edited, network deactivation,
		// --skip-plugins): WordPress, which then has no such route, answers.
		$sitewide = is_multisite() ? get_site_option( 'active_sitewide_plugins' ) : array();
		if ( ! self::plugin_is_active( (string) $snapshot['plugin'], get_option( 'active_plugins' ), $sitewide ) ) {
			return null;
		}
		// SHORTINIT stops before ms_site_check(): WordPress refuses an archived, spam or deleted sub-site.
		if ( is_multisite() && ! MVS_Serve_Request::site_is_live( get_site() ) ) {
			return null;
		}
		// Raw globals: SHORTINIT adds no slashes (from_globals() unslashes only what WordPress slashed).
		$request = MVS_Serve_Request::from_globals();
		// A download is counted, which is the full route's work.
		if ( null === $request || '1' === $request['mvs_dl'] ) {
			return null;
		}
		$args = MVS_Serve_Media_File_Args::from_request( $request );
		// The signature before the row (the handler checks it again): a forged URL costs no query here.
		if ( true !== MVS_Url_Signer::verify( $args->mvs_id, $args->mvs_uid, $args->mvs_exp, (string) $args->mvs_size, false, $args->mvs_sig ) ) {
			return null;
		}
		$media = new MVS_Media_Repository();
		$row   = $media->find( $args->mvs_id );
		if ( ! $row || ! self::decides( $row, $args->mvs_uid, $snapshot ) ) {
			return null;
		}
		$media->remember( $row );
		add_filter(
			'mvs_serve_internal_prefix',
			static function () use ( $snapshot ) {
				return (string) $snapshot['internal_prefix'];
			}
		);
		$server   = new MVS_File_Server( $media, new MVS_Local_Storage( (string) $snapshot['basedir'] ), new MVS_Media_Counters() );
		$response = $server->serve_media_file( $args );
		if ( ! $response instanceof WP_REST_Response || ! $response->get_data() instanceof MVS_File_Response ) {
			return null;
		}
		return array( $response, $request );
	}

	/**
	 * Whether this entry may serve the row to the viewer the URL was signed
	 * for: only where the visibility policy, with the rules the record names
	 * installed, says yes without plugins
	 * (MVS_Media_Visibility::can_view_without_plugins(): the owner; an
	 * approved public or members-only item without a block between author
	 * and viewer that every rule allows), which can_view() then answers
	 * before it would ask for capabilities. A moderator's URL, a group item,
	 * a block, a rule only the full plugin runs: WordPress's (handed over).
	 * Beyond the owner and anonymous URLs, the viewer's blocks are read from
	 * user meta, so only while no plugin filters user meta (the record's
	 * "viewers").
	 *
	 * @param object $row      mvs_media row.
	 * @param int    $viewer   The user the URL was signed for (0: anonymous).
	 * @param array  $snapshot The record (snapshot()) the full plugin wrote.
	 * @return bool
	 */
	public static function decides( $row, int $viewer, array $snapshot ): bool {
		// A record from before the policy had rules names none: hand over until the next full request rewrites it.
		if ( ! isset( $snapshot['rules'] ) || ! MVS_Visibility_Rules::load_lean( $snapshot['rules'] ) ) {
			return false;
		}
		if ( $viewer > 0 && (int) $row->author_id !== $viewer ) {
			if ( empty( $snapshot['viewers'] ) ) {
				return false;
			}
			if ( ! function_exists( 'get_user_meta' ) ) {
				// For MVS_Media_Visibility::blocked_ids(): SHORTINIT stops before user.php.
				require_once ABSPATH . WPINC . '/user.php';
			}
		}
		return MVS_Media_Visibility::can_view_without_plugins( $row, $viewer );
	}

	/**
	 * Whether the plugin is active on this site or, on multisite, network-wide.
	 *
	 * @param string $plugin   Basename, e.g. media-community-service/media-community-service.php.
	 * @param mixed  $active   The site's active_plugins option (a list of basenames).
	 * @param mixed  $sitewide The network's active_sitewide_plugins option (basename => time).
	 * @return bool
	 */
	public static function plugin_is_active( string $plugin, $active, $sitewide ): bool {
		if ( '' === $plugin ) {
			return false;
		}
		return ( is_array( $active ) && in_array( $plugin, $active, true ) ) || ( is_array( $sitewide ) && isset( $sitewide[ $plugin ] ) );
	}

	/**
	 * Hands the request to WordPress: an nginx internal redirect to a named
	 * location that runs index.php with the original URI, or a 307 to the
	 * route's plain spelling (/?rest_route=/mvs/v1/serve&…), which no
	 * server rule maps here.
	 *
	 * @param string $fallback '@location' or 'redirect'.
	 */
	private static function hand_over( string $fallback ): void {
		if ( '@' === substr( $fallback, 0, 1 ) ) {
			// No other header, not even PHP's default Content-Type: nginx carries some over to WordPress's
			// answer (Cache-Control, Expires; the type's charset, and the type itself on a 304).
			ini_set( 'default_mimetype', '' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.runtime_configuration_ini_set -- this response only.
			header( 'X-Accel-Redirect: ' . $fallback );
			return;
		}
		// phpcs:ignore WordPress.VIP.ValidatedSanitizedInput -- passed on as received; WordPress validates it on arrival.
		$query = isset( $_SERVER['QUERY_STRING'] ) ? (string) $_SERVER['QUERY_STRING'] : '';
		$url   = untrailingslashit( (string) get_option( 'home' ) ) . '/?rest_route=' . rawurlencode( MVS_Serve_Request::ROUTE ) . ( '' !== $query ? '&' . $query : '' );
		status_header( 307 );
		header( 'Cache-Control: private, no-store, max-age=0' );
		header( 'Location: ' . preg_replace( '/[\x00-\x20\x7F]/', '', $url ) );
	}

	/**
	 * Reads the options this path uses in one query and answers get_option()
	 * from it (pre_option_*): the first get_option() would otherwise load
	 * every autoloaded option of the site (rewrite rules, cron, widgets…),
	 * the dearest step of a lean request. An option missing from the
	 * table reads as ''. Any other option still reads the usual way
	 * (on multisite, the network's active_sitewide_plugins comes from the
	 * site options WordPress loaded before SHORTINIT stopped).
	 */
	private static function prime_options(): void {
		global $wpdb;
		$names = array( self::OPTION, MVS_Settings::OPTION, MVS_Url_Signer::SECRET_OPTION, 'home', 'WPLANG', 'active_plugins' );
		$rows  = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT option_name, option_value FROM {$wpdb->options} WHERE option_name IN (" . implode( ', ', array_fill( 0, count( $names ), '%s' ) ) . ')',
				$names
			),
			OBJECT_K
		);
		foreach ( $names as $name ) {
			$value = isset( $rows[ $name ] ) ? maybe_unserialize( $rows[ $name ]->option_value ) : '';
			add_filter(
				"pre_option_{$name}",
				static function () use ( $value ) {
					return $value;
				}
			);
		}
	}

	/**
	 * The few core files the handler uses that SHORTINIT leaves out:
	 * translations (error messages built on the way), the REST request and
	 * response classes, and the REST functions a 416 answer uses.
	 */
	private static function load_core(): void {
		require_once ABSPATH . WPINC . '/l10n.php';
		require_once ABSPATH . WPINC . '/class-wp-textdomain-registry.php';
		require_once ABSPATH . WPINC . '/class-wp-http-response.php';
		require_once ABSPATH . WPINC . '/rest-api.php';
		require_once ABSPATH . WPINC . '/rest-api/class-wp-rest-server.php';
		require_once ABSPATH . WPINC . '/rest-api/class-wp-rest-response.php';
		require_once ABSPATH . WPINC . '/rest-api/class-wp-rest-request.php';
		if ( ! isset( $GLOBALS['wp_textdomain_registry'] ) ) {
			// phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedVariableFound -- WordPress's own global, which wp-settings.php would set.
			$GLOBALS['wp_textdomain_registry'] = new WP_Textdomain_Registry();
			$GLOBALS['wp_textdomain_registry']->init();
		}
	}
}
