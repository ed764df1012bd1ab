<?php
/**
 * Reads and writes the `mvs_settings` option.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * The one reader and writer of the `mvs_settings` option: stored values
 * over the registry's defaults, cached for the request.
 */
final class MVS_Settings_Store {

	const OPTION = 'mvs_settings';

	/**
	 * Per-request cache of the merged settings.
	 *
	 * @var array|null
	 */
	private $cache = null;

	/**
	 * The declared settings.
	 *
	 * @var MVS_Settings_Registry
	 */
	private $registry;

	/**
	 * Checks values written from code (the option's sanitize callback).
	 *
	 * @var MVS_Settings_Validator
	 */
	private $validator;

	/**
	 * Wires the collaborators.
	 *
	 * @param MVS_Settings_Registry  $registry  The declared settings.
	 * @param MVS_Settings_Validator $validator Their validation.
	 */
	public function __construct( MVS_Settings_Registry $registry, MVS_Settings_Validator $validator ) {
		$this->registry  = $registry;
		$this->validator = $validator;
	}

	/**
	 * Every setting, stored values over defaults.
	 *
	 * @return array
	 */
	public function all(): array {
		if ( null === $this->cache ) {
			$stored      = get_option( self::OPTION, array() );
			$this->cache = array_merge( $this->registry->defaults(), is_array( $stored ) ? array_intersect_key( $stored, $this->registry->schema() ) : array() );
		}
		return $this->cache;
	}

	/**
	 * One setting.
	 *
	 * @param string $key Setting name.
	 * @return mixed
	 */
	public function get( string $key ) {
		$all = $this->all();
		return $all[ $key ] ?? null;
	}

	/**
	 * Saves values the validator has accepted over the current ones.
	 *
	 * @param array $clean Setting key => valid value.
	 */
	public function save( array $clean ): void {
		update_option( self::OPTION, array_merge( $this->all(), $clean ) );
		$this->flush();
	}

	/**
	 * The option's sanitize callback, for update_option() from code (both
	 * routes have refused invalid values before saving): known keys with
	 * valid values are kept, anything else keeps the stored value or the
	 * default, so a bad save never corrupts the option.
	 *
	 * @param mixed $value Submitted settings.
	 * @return array
	 */
	public function sanitize( $value ): array {
		$clean = $this->all();
		if ( ! is_array( $value ) ) {
			return $clean;
		}
		foreach ( array_intersect_key( $value, $this->registry->schema() ) as $key => $candidate ) {
			$checked = $this->validator->check( (string) $key, $candidate );
			if ( ! is_wp_error( $checked ) ) {
				$clean[ $key ] = $checked;
			}
		}
		return $clean;
	}

	/**
	 * Stores the defaults on first activation (autoloaded: read on most requests).
	 */
	public function install_defaults(): void {
		add_option( self::OPTION, $this->registry->defaults(), '', true );
	}

	/**
	 * Drops the per-request cache after a write.
	 */
	public function flush(): void {
		$this->cache = null;
	}
}
