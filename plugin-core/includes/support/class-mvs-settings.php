<?php
/**
 * Site settings: the static entry to the settings classes.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Wires the settings classes once per request and hands them out. Static
 * because plugin boot, activation and uninstall call it without an object,
 * and because a dozen classes read a setting (`MVS_Settings::get()`)
 * far from any place that could inject the store. The declarations are
 * MVS_Settings_Registry's, the option MVS_Settings_Store's, the Settings API
 * and /wp/v2/settings registration MVS_Settings_Registration's.
 */
final class MVS_Settings {

	const OPTION = MVS_Settings_Store::OPTION;

	/**
	 * The declared settings, shared by the store, validator and registration.
	 *
	 * @var MVS_Settings_Registry|null
	 */
	private static $registry = null;

	/**
	 * Validation of submitted values.
	 *
	 * @var MVS_Settings_Validator|null
	 */
	private static $validator = null;

	/**
	 * The option, one per request so its cache is shared.
	 *
	 * @var MVS_Settings_Store|null
	 */
	private static $store = null;

	/**
	 * Registers the option with the Settings API and the REST settings route.
	 */
	public static function register(): void {
		( new MVS_Settings_Registration( self::registry(), self::store(), self::validator() ) )->register();
	}

	/**
	 * Stores the defaults on first activation.
	 */
	public static function install_defaults(): void {
		self::store()->install_defaults();
	}

	/**
	 * One setting.
	 *
	 * @param string $key Setting name.
	 * @return mixed
	 */
	public static function get( string $key ) {
		return self::store()->get( $key );
	}

	/**
	 * Default values.
	 *
	 * @return array
	 */
	public static function defaults(): array {
		return self::registry()->defaults();
	}

	/**
	 * The declared settings.
	 *
	 * @return MVS_Settings_Registry
	 */
	public static function registry(): MVS_Settings_Registry {
		if ( null === self::$registry ) {
			self::$registry = new MVS_Settings_Registry( new MVS_Settings_Community_Fields(), new MVS_Settings_Media_Fields() );
		}
		return self::$registry;
	}

	/**
	 * The validator of submitted values.
	 *
	 * @return MVS_Settings_Validator
	 */
	public static function validator(): MVS_Settings_Validator {
		if ( null === self::$validator ) {
			self::$validator = new MVS_Settings_Validator( self::registry() );
		}
		return self::$validator;
	}

	/**
	 * The option's reader and writer.
	 *
	 * @return MVS_Settings_Store
	 */
	public static function store(): MVS_Settings_Store {
		if ( null === self::$store ) {
			self::$store = new MVS_Settings_Store( self::registry(), self::validator() );
		}
		return self::$store;
	}
}
