<?php
/**
 * ETag, If-None-Match and Cache-Control on the JSON GET answers of the plugins.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Sends the JSON of a successful GET (or HEAD) of mvs/v1 or mvs-pro/v1
 * itself, so that it is encoded once and hashed once: a weak ETag over the
 * body as sent, the headers a client may read (the CORS-exposed ones, e.g.
 * X-WP-Total) and the viewer; a matching If-None-Match answers 304 with no
 * body. The route still runs in full: a 304 saves the transfer, not the
 * work (docs/api-conventions.md, "Conditional requests").
 *
 * Runs on rest_pre_serve_request after /serve (priority 100), which sends
 * files with its own validators and reports itself served; errors,
 * JSONP and _envelope answers are left to WordPress.
 */
final class MVS_Conditional_Get {

	/**
	 * After MVS_File_Response::maybe_stream (100) and CORS (10).
	 */
	const PRIORITY = 1000;

	/**
	 * Hooks WordPress's serve filter.
	 */
	public static function register(): void {
		add_filter( 'rest_pre_serve_request', array( __CLASS__, 'serve' ), self::PRIORITY, 4 );
	}

	/**
	 * Filter rest_pre_serve_request: serves the answer, or leaves it to WordPress.
	 *
	 * @param bool             $served  Whether the request has been served already.
	 * @param WP_REST_Response $result  Response to send.
	 * @param WP_REST_Request  $request Request.
	 * @param WP_REST_Server   $server  Server.
	 * @return bool
	 */
	public static function serve( $served, $result, $request, $server ) {
		if ( $served || ! self::applies( $result, $request ) ) {
			return $served;
		}
		$json = self::encode( $result, $request, $server );
		if ( null === $json ) {
			return $served;
		}
		$etag = self::etag( $json, $result, $request );
		$server->send_header( 'ETag', $etag );
		$server->send_header( 'Cache-Control', self::cache_control( $result ) );
		// Added to WordPress's "Vary: Origin" (CORS), not replacing it.
		header( 'Vary: Authorization, Cookie', false );
		if ( self::matches( (string) $request->get_header( 'if_none_match' ), $etag ) ) {
			status_header( 304 );
			return true;
		}
		if ( 'HEAD' !== $request->get_method() ) {
			echo $json; // phpcs:ignore MVS.Security.EscapeOutput.OutputNotEscaped -- JSON, as WP_REST_Server::serve_request() echoes it.
		}
		return true;
	}

	/**
	 * A 200 to a GET or HEAD of one of the plugins' routes, not wrapped or padded.
	 *
	 * @param mixed           $result  Response.
	 * @param WP_REST_Request $request Request.
	 * @return bool
	 */
	private static function applies( $result, $request ): bool {
		if ( ! $result instanceof WP_REST_Response || 200 !== $result->get_status() ) {
			return false;
		}
		if ( ! in_array( $request->get_method(), array( 'GET', 'HEAD' ), true ) ) {
			return false;
		}
		$query = $request->get_query_params();
		if ( isset( $query['_jsonp'] ) || isset( $query['_envelope'] ) ) {
			return false;
		}
		return in_array( MVS_REST_Controller::namespace_of_handler( $result->get_matched_handler() ), array( 'mvs/v1', 'mvs-pro/v1' ), true );
	}

	/**
	 * The body exactly as WP_REST_Server::serve_request() would encode it.
	 *
	 * @param WP_REST_Response $result  Response.
	 * @param WP_REST_Request  $request Request.
	 * @param WP_REST_Server   $server  Server.
	 * @return string|null Null when WordPress should answer (nothing to send, or an encoding error).
	 */
	private static function encode( $result, $request, $server ): ?string {
		$query = $request->get_query_params();
		$embed = isset( $query['_embed'] ) ? rest_parse_embed_param( $query['_embed'] ) : false;
		$data  = $server->response_to_data( $result, $embed );
		/** This filter is documented in wp-includes/rest-api/class-wp-rest-server.php */
		$data = apply_filters( 'rest_pre_echo_response', $data, $server, $request ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- core's filter, applied as WP_REST_Server does.
		if ( null === $data ) {
			return null;
		}
		/** This filter is documented in wp-includes/rest-api/class-wp-rest-server.php */
		$options = apply_filters( 'rest_json_encode_options', $request->has_param( '_pretty' ) ? JSON_PRETTY_PRINT : 0, $request ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- core's filter, applied as WP_REST_Server does.
		$json    = wp_json_encode( $data, $options );
		return false === $json ? null : $json;
	}

	/**
	 * Weak validator (a compressing server may change the bytes) of
	 * everything that makes two answers differ: the viewer, the headers a
	 * client may read, and the body.
	 *
	 * @param string           $json    Body.
	 * @param WP_REST_Response $result  Response (its headers).
	 * @param WP_REST_Request  $request Request.
	 * @return string
	 */
	private static function etag( string $json, $result, $request ): string {
		/** This filter is documented in wp-includes/rest-api/class-wp-rest-server.php */
		// phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- core's filter, applied as WP_REST_Server does.
		$exposed = array_map( 'strtolower', (array) apply_filters( 'rest_exposed_cors_headers', array( 'X-WP-Total', 'X-WP-TotalPages', 'Link' ), $request ) );
		$context = hash_init( 'md5' );
		hash_update( $context, get_current_user_id() . "\n" );
		foreach ( $result->get_headers() as $name => $value ) {
			if ( in_array( strtolower( (string) $name ), $exposed, true ) ) {
				hash_update( $context, strtolower( (string) $name ) . ': ' . $value . "\n" );
			}
		}
		hash_update( $context, $json );
		return 'W/"' . hash_final( $context ) . '"';
	}

	/**
	 * Whether If-None-Match names the ETag (weak comparison, RFC 9110 13.1.2).
	 *
	 * @param string $header If-None-Match as sent ('' when absent).
	 * @param string $etag   Current ETag.
	 * @return bool
	 */
	private static function matches( string $header, string $etag ): bool {
		if ( '' === $header ) {
			return false;
		}
		if ( '*' === trim( $header ) ) {
			return true;
		}
		$opaque = preg_replace( '#^W/#', '', $etag );
		foreach ( explode( ',', $header ) as $candidate ) {
			if ( preg_replace( '#^W/#', '', trim( $candidate ) ) === $opaque ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Members' answers are theirs (a shared cache must not keep them); a
	 * visitor's are public unless the community is private. Every answer
	 * may be stored and is revalidated before use (no-store, WordPress's
	 * default for members, would leave a client nothing to revalidate).
	 *
	 * @param WP_REST_Response $result Response.
	 * @return string
	 */
	private static function cache_control( $result ): string {
		if ( is_user_logged_in() || ( MVS_Community_Gate::is_armed() && MVS_Community_Gate::covers_handler( $result->get_matched_handler() ) ) ) {
			return 'private, no-cache';
		}
		return 'public, no-cache';
	}
}
