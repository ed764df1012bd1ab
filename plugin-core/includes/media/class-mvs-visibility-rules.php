<?php
/**
 * The rules and grants registered with the visibility policy.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Reads the mvs_visibility_rules filter once per request and sorts what it
 * returns into restricting rules (MVS_Visibility_Rule) and grants
 * (MVS_Visibility_Grant); the lean /serve entry, which has no plugins to
 * ask, gets them from the record the full plugin wrote (lean_record(),
 * load_lean()). docs/file-delivery.md, "One visibility policy".
 */
final class MVS_Visibility_Rules {

	/**
	 * Restricting rules and grants, once read.
	 *
	 * @var array{0: MVS_Visibility_Rule[], 1: MVS_Visibility_Grant[]}|null
	 */
	private static $loaded = null;

	/**
	 * Restricting rules.
	 *
	 * @param bool $with_scoped Whether to include the scoped ones (MVS_Visibility_Scoped).
	 * @return MVS_Visibility_Rule[]
	 */
	public static function restrictions( bool $with_scoped = true ): array {
		return $with_scoped ? self::load()[0] : self::unscoped( self::load()[0] );
	}

	/**
	 * Grants.
	 *
	 * @param bool $with_scoped Whether to include the scoped ones (MVS_Visibility_Scoped).
	 * @return MVS_Visibility_Grant[]
	 */
	public static function grants( bool $with_scoped = true ): array {
		return $with_scoped ? self::load()[1] : self::unscoped( self::load()[1] );
	}

	/**
	 * Whether any rule or grant that is not scoped is registered: the
	 * per-term and per-key totals count by privacy alone and cannot apply
	 * it. Scoped ones (MVS_Visibility_Scoped, such as the core access rules)
	 * decide only flagged items, which the totals correct for (scoped()).
	 *
	 * @return bool
	 */
	public static function any(): bool {
		return array() !== self::restrictions( false ) || array() !== self::grants( false );
	}

	/**
	 * Whether a scoped rule or grant is registered: the keyed totals then
	 * add a live correction over the items flagged access_scoped.
	 *
	 * @return bool
	 */
	public static function scoped(): bool {
		return count( self::restrictions() ) + count( self::grants() ) > count( self::restrictions( false ) ) + count( self::grants( false ) );
	}

	/**
	 * The entries that are not scoped.
	 *
	 * @param object[] $entries Rules or grants.
	 * @return object[]
	 */
	private static function unscoped( array $entries ): array {
		return array_values(
			array_filter(
				$entries,
				function ( $entry ) {
					return ! $entry instanceof MVS_Visibility_Scoped;
				}
			)
		);
	}

	/**
	 * The class names the lean entry must run, or null when one of the
	 * rules cannot run there (the entry is then off while it is registered).
	 * Grants it cannot run are left out: without them it decides less, never
	 * more.
	 *
	 * @return string[]|null
	 */
	public static function lean_record(): ?array {
		$classes = array();
		foreach ( self::restrictions() as $rule ) {
			if ( ! $rule->lean_safe() ) {
				return null;
			}
			$classes[] = get_class( $rule );
		}
		foreach ( self::grants() as $grant ) {
			if ( $grant->lean_safe() ) {
				$classes[] = get_class( $grant );
			}
		}
		return $classes;
	}

	/**
	 * Installs the rules a lean record names, in the lean entry (no
	 * plugins, so no filter to read).
	 *
	 * @param mixed $classes What lean_record() returned when the record was written.
	 * @return bool False: a class is missing or no longer lean-safe (hand the request over).
	 */
	public static function load_lean( $classes ): bool {
		if ( ! is_array( $classes ) ) {
			return false;
		}
		$loaded = array( array(), array() );
		foreach ( $classes as $class ) {
			if ( ! is_string( $class ) || ! class_exists( $class ) ) {
				return false;
			}
			$rule = new $class();
			if ( ! self::sort( $rule, $loaded ) || ! $rule->lean_safe() ) {
				return false;
			}
		}
		self::$loaded = $loaded;
		return true;
	}

	/**
	 * What the filter registers, sorted (once per request).
	 *
	 * @return array{0: MVS_Visibility_Rule[], 1: MVS_Visibility_Grant[]}
	 */
	private static function load(): array {
		if ( null === self::$loaded ) {
			/**
			 * Filters the rules of the visibility policy. Add them when your plugin
			 * loads, for every request (the fast and lean /serve paths decide before
			 * init); a rule decides per row and viewer. Each entry implements
			 * MVS_Visibility_Rule (hides) or MVS_Visibility_Grant (widens privacy).
			 *
			 * @param object[] $rules Rule objects.
			 */
			$registered = (array) apply_filters( 'mvs_visibility_rules', array() );
			$loaded     = array( array(), array() );
			foreach ( $registered as $rule ) {
				if ( ! self::sort( $rule, $loaded ) ) {
					_doing_it_wrong( __METHOD__, esc_html( 'mvs_visibility_rules: ' . ( is_object( $rule ) ? get_class( $rule ) : gettype( $rule ) ) . ' implements neither MVS_Visibility_Rule nor MVS_Visibility_Grant.' ), '1.0.0' );
				}
			}
			self::$loaded = $loaded;
		}
		return self::$loaded;
	}

	/**
	 * Files a rule object under restrictions, grants, or both.
	 *
	 * @param mixed $rule   Candidate.
	 * @param array $loaded Restrictions and grants so far.
	 * @return bool False when it is neither.
	 */
	private static function sort( $rule, array &$loaded ): bool {
		if ( $rule instanceof MVS_Visibility_Rule ) {
			$loaded[0][] = $rule;
		}
		if ( $rule instanceof MVS_Visibility_Grant ) {
			$loaded[1][] = $rule;
		}
		return $rule instanceof MVS_Visibility_Rule || $rule instanceof MVS_Visibility_Grant;
	}
}
