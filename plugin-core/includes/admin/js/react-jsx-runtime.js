/**
 * Stand-in for the `react-jsx-runtime` script handle, which WordPress
 * registers only from 6.6. Scripts built by @wordpress/scripts import
 * `react/jsx-runtime`, externalised to `window.ReactJSXRuntime`; on 6.5 the
 * plugin registers this file under that handle (only when core lacks it).
 *
 * jsx( type, props, key ) maps onto React.createElement: createElement keeps
 * `props.children` when no extra child arguments are given, and takes `key`
 * from the config object.
 */
( function ( React ) {
	'use strict';
	function jsx( type, props, key ) {
		var config = props || {};
		if ( key !== undefined ) {
			config = Object.assign( {}, config, { key: key } );
		}
		return React.createElement( type, config );
	}
	window.ReactJSXRuntime = {
		Fragment: React.Fragment,
		jsx: jsx,
		jsxs: jsx,
		jsxDEV: jsx,
	};
} )( window.React );
