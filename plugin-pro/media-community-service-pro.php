<?php
/**
 * Plugin Name:       Media Community Service Pro
 * Plugin URI:        https://example.org/media-community-service
 * Description:       Upload quotas, credit packages and push registration for Media Community Service (mvs-pro/v1).
 * Version:           0.1.0
 * Requires at least: 6.5
 * Requires PHP:      7.4
 * Requires Plugins:  media-community-service
 * Author:            Media Community Service team
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       media-community-service-pro
 * Domain Path:       /languages
 *
 * @package MediaCommunityServicePro
 */

defined( 'ABSPATH' ) || exit;

define( 'MVS_PRO_VERSION', '0.1.0' );
define( 'MVS_PRO_PLUGIN_FILE', __FILE__ );
define( 'MVS_PRO_PLUGIN_DIR', __DIR__ );

// Pro's own classes load on first use; core's come from core's class map.
require_once __DIR__ . '/generated/class-mvs-pro-class-map.php';
MVS_Pro_Class_Map::register();

register_activation_hook( __FILE__, array( 'MVS_Pro_Plugin', 'activate' ) );
register_deactivation_hook( __FILE__, array( 'MVS_Pro_Plugin', 'deactivate' ) );

// Core loads first alphabetically, but wait for plugins_loaded so load order never matters.
add_action( 'plugins_loaded', array( 'MVS_Pro_Plugin', 'boot' ), 5 );
