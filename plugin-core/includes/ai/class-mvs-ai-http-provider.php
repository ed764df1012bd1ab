<?php
/**
 * Analysis through an OpenAI-compatible chat-completions API.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Sends the item's words, the local measurements and (for images up to
 * MAX_IMAGE_BYTES) the image itself as a data URL, and asks for a JSON
 * object {description, tags, safety_score}. Calls go through
 * wp_safe_remote_post, to an https URL on a public host (MVS_AI_Endpoint),
 * its name resolved and checked again right before each call and the
 * connection pinned to the address checked (pin_to()); only where
 * MVS_AI_ALLOW_PRIVATE_ENDPOINTS is defined may the saved endpoint's own
 * host be private or loopback (see allow_endpoint()).
 */
final class MVS_AI_HTTP_Provider implements MVS_AI_Provider {

	/**
	 * Larger images are described by their measurements only.
	 */
	const MAX_IMAGE_BYTES = 4194304;

	/**
	 * Chat-completions URL.
	 *
	 * @var string
	 */
	private $endpoint;

	/**
	 * Model name.
	 *
	 * @var string
	 */
	private $model;

	/**
	 * API key.
	 *
	 * @var string
	 */
	private $api_key;

	/**
	 * Local measurements sent along as context.
	 *
	 * @var MVS_AI_Local_Provider
	 */
	private $local;

	/**
	 * Builds the provider.
	 *
	 * @param string $endpoint Chat-completions URL.
	 * @param string $model    Model name.
	 * @param string $api_key  API key ('' sends no Authorization header).
	 */
	public function __construct( string $endpoint, string $model, string $api_key ) {
		$this->endpoint = $endpoint;
		$this->model    = $model;
		$this->api_key  = $api_key;
		$this->local    = new MVS_AI_Local_Provider();
	}

	/**
	 * Provider name.
	 *
	 * @return string
	 */
	public function name(): string {
		return 'openai';
	}

	/**
	 * Analyses an item (see MVS_AI_Provider::analyze()).
	 *
	 * @param array $item Item facts.
	 * @return array|WP_Error
	 */
	public function analyze( array $item ) {
		$local   = $this->local->analyze( $item );
		$content = array(
			array(
				'type' => 'text',
				'text' => wp_json_encode(
					array(
						'title'        => $item['title'],
						'description'  => $item['description'],
						'media_type'   => $item['media_type'],
						'mime_type'    => $item['mime_type'],
						'measurements' => $local['metrics'],
					)
				),
			),
		);
		if ( 'image' === $item['media_type'] && '' !== $item['path'] && is_readable( $item['path'] ) && filesize( $item['path'] ) <= self::MAX_IMAGE_BYTES ) {
			$content[] = array(
				'type'      => 'image_url',
				'image_url' => array( 'url' => 'data:' . $item['mime_type'] . ';base64,' . base64_encode( (string) file_get_contents( $item['path'] ) ) ), // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_get_contents, WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents, WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- a local file sent as a data URL, as the API expects.
			);
		}
		$body    = array(
			'model'           => $this->model,
			'temperature'     => 0,
			'response_format' => array( 'type' => 'json_object' ),
			'messages'        => array(
				array(
					'role'    => 'system',
					'content' => 'You moderate a media-sharing community. Describe the item in one sentence, suggest up to 10 short lowercase tags, and rate how likely it is to be unsafe (nudity, violence, hate) from 0 to 1. Answer only with a JSON object: {"description": string, "tags": string[], "safety_score": number}.',
				),
				array(
					'role'    => 'user',
					'content' => $content,
				),
			),
		);
		$headers = array( 'Content-Type' => 'application/json' );
		if ( '' !== $this->api_key ) {
			$headers['Authorization'] = 'Bearer ' . $this->api_key;
		}

		if ( '' !== MVS_AI_Endpoint::refusal( $this->endpoint, MVS_AI_Endpoint::allows_private() ) ) {
			return self::error( __( 'The AI endpoint must be an https URL on a public host.', 'media-community-service' ) );
		}
		$allow = MVS_AI_Endpoint::allows_private() ? $this->allow_endpoint() : null;
		$pin   = null;
		if ( null === $allow ) {
			// Resolved now, not when saved: a name may point elsewhere since (DNS rebinding).
			list( $reason, $address ) = MVS_AI_Endpoint::connect_address( $this->endpoint );
			if ( '' !== $reason ) {
				return self::error( __( 'The AI endpoint must be an https URL on a public host.', 'media-community-service' ) );
			}
			$pin = '' !== $address ? $this->pin_to( $address ) : null;
		}
		$response = wp_safe_remote_post(
			$this->endpoint,
			array(
				'timeout'     => 30,
				'redirection' => 0,
				'headers'     => $headers,
				'body'        => wp_json_encode( $body ),
			)
		);
		if ( null !== $allow ) {
			remove_filter( 'http_request_host_is_external', $allow['host'], 10 );
			remove_filter( 'http_allowed_safe_ports', $allow['port'], 10 );
		}
		if ( null !== $pin ) {
			remove_action( 'http_api_curl', $pin, 10 );
		}

		if ( is_wp_error( $response ) ) {
			return self::error( $response->get_error_message() );
		}
		$status = (int) wp_remote_retrieve_response_code( $response );
		if ( $status < 200 || $status >= 300 ) {
			/* translators: %d: HTTP status code. */
			return self::error( sprintf( __( 'The AI provider answered HTTP %d.', 'media-community-service' ), $status ), $status );
		}
		$data    = json_decode( (string) wp_remote_retrieve_body( $response ), true );
		$message = is_array( $data ) ? ( $data['choices'][0]['message']['content'] ?? null ) : null;
		$answer  = is_string( $message ) ? json_decode( self::strip_fences( $message ), true ) : null;
		if ( ! is_array( $answer ) || ! isset( $answer['safety_score'] ) || ! is_numeric( $answer['safety_score'] ) ) {
			return self::error( __( 'The AI provider did not answer with the expected JSON object.', 'media-community-service' ) );
		}
		$tags = array();
		foreach ( (array) ( $answer['tags'] ?? array() ) as $tag ) {
			$tag = sanitize_text_field( mb_strtolower( (string) $tag ) );
			if ( '' !== $tag ) {
				$tags[] = mb_substr( $tag, 0, 50 );
			}
		}
		return array(
			'description'  => sanitize_text_field( (string) ( $answer['description'] ?? '' ) ),
			'tags'         => array_slice( array_values( array_unique( $tags ) ), 0, 10 ),
			'safety_score' => round( min( 1, max( 0, (float) $answer['safety_score'] ) ), 3 ),
			'metrics'      => $local['metrics'],
			'model'        => is_string( $data['model'] ?? null ) ? sanitize_text_field( $data['model'] ) : $this->model,
			'units'        => (int) ( $data['usage']['total_tokens'] ?? 0 ),
		);
	}

	/**
	 * Lets wp_safe_remote_post reach the configured endpoint even when it is
	 * a private or loopback address, or on a non-standard port (a local
	 * model server), only where wp-config.php defines
	 * MVS_AI_ALLOW_PRIVATE_ENDPOINTS. Only that exact host (and its port) is
	 * allowed, only for this call; the filters are removed right after it.
	 *
	 * @return array{host: callable, port: callable} The filters, for removal.
	 */
	private function allow_endpoint(): array {
		$parts = wp_parse_url( $this->endpoint );
		$host  = strtolower( (string) ( $parts['host'] ?? '' ) );
		$port  = (int) ( $parts['port'] ?? 0 );
		$allow = array(
			'host' => static function ( $external, $request_host ) use ( $host ) {
				return $external || ( '' !== $host && strtolower( (string) $request_host ) === $host );
			},
			'port' => static function ( $ports, $request_host ) use ( $host, $port ) {
				if ( $port && strtolower( (string) $request_host ) === $host ) {
					$ports   = (array) $ports;
					$ports[] = $port;
				}
				return $ports;
			},
		);
		add_filter( 'http_request_host_is_external', $allow['host'], 10, 2 );
		add_filter( 'http_allowed_safe_ports', $allow['port'], 10, 2 );
		return $allow;
	}

	/**
	 * Makes cURL connect to the address connect_address() checked, for this
	 * call only (the action is removed right after it): resolving the name
	 * again, as cURL and wp_safe_remote_post() would, may give another
	 * address than the one checked. The Host header and TLS name stay the
	 * endpoint's. Without the cURL extension WordPress sends through its
	 * socket transport, which this cannot pin (docs/security.md).
	 *
	 * @param string $address The checked IPv4 address.
	 * @return callable The action, for removal.
	 */
	private function pin_to( string $address ): callable {
		$host = MVS_AI_Endpoint::host( $this->endpoint );
		$port = (int) ( wp_parse_url( $this->endpoint, PHP_URL_PORT ) ?? 443 );
		$pin  = static function ( $handle, $args = array(), $url = '' ) use ( $host, $address, $port ) {
			if ( MVS_AI_Endpoint::host( (string) $url ) === $host && defined( 'CURLOPT_RESOLVE' ) ) {
				curl_setopt( $handle, CURLOPT_RESOLVE, array( $host . ':' . $port . ':' . $address ) );
			}
		};
		add_action( 'http_api_curl', $pin, 10, 3 );
		return $pin;
	}

	/**
	 * Some models wrap JSON in a Markdown code fence.
	 *
	 * @param string $text Message content.
	 * @return string
	 */
	private static function strip_fences( string $text ): string {
		return (string) preg_replace( '/^\s*```(?:json)?\s*|\s*```\s*$/', '', $text );
	}

	/**
	 * 502 mvs_ai_provider_error.
	 *
	 * @param string $detail   What went wrong (never contains the key).
	 * @param int    $upstream Upstream HTTP status, when there was one.
	 * @return WP_Error
	 */
	private static function error( string $detail, int $upstream = 0 ): WP_Error {
		return MVS_Errors::make(
			'mvs_ai_provider_error',
			/* translators: %s: what went wrong. */
			sprintf( __( 'AI analysis failed: %s', 'media-community-service' ), $detail ),
			$upstream ? array( 'upstream_status' => $upstream ) : array()
		);
	}
}
