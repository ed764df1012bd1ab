<?php
/**
 * Turns OPcache off for each request of a Playground site (test and `npm start`
 * sites only: site.mjs mounts this file into PHP.wasm's preload folder, which
 * its auto_prepend_file runs before WordPress). Never part of the plugins.
 *
 * Why: PHP.wasm runs OPcache from its file cache only, and reading a compiled
 * script back from it costs more than compiling the script again. Loading
 * WordPress's 464 files took 0.9-1.3 s a request with OPcache and 0.45-0.7 s
 * without it (2 vCPU, PHP 8.2, @php-wasm 3.1.56, 2026-11-26).
 *
 * @package MediaCommunityService
 */

ini_set( 'opcache.enable', '0' ); // phpcs:ignore WordPress.PHP.IniSet.Risky -- test site only, see above.
