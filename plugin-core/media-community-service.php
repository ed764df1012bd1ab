<?php
/**
 * Plugin Name:       Media Community Service
 * Plugin URI:        https://example.org/media-community-service
 * Description:       A media-sharing community back end for web and native apps: uploads, albums, privacy, moderation and a REST API (mvs/v1).
 * Version:           0.1.0
 * Requires at least: 6.5
 * Requires PHP:      7.4
 * Author:            Media Community Service team
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       media-community-service
 * Domain Path:       /languages
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

define( 'MVS_VERSION', '0.1.0' );
define( 'MVS_PLUGIN_FILE', __FILE__ );
define( 'MVS_PLUGIN_DIR', __DIR__ );

// Every class of the plugin, generated and hand-written, loads on first use.
require_once __DIR__ . '/generated/class-mvs-core-class-map.php';
MVS_Core_Class_Map::register();

register_activation_hook( __FILE__, array( 'MVS_Plugin', 'activate' ) );
register_deactivation_hook( __FILE__, array( 'MVS_Plugin', 'deactivate' ) );

MVS_Plugin::boot();
