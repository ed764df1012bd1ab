/**
 * Stand-in for the `react-jsx-runtime` script handle, which WordPress
 * registers only from 6.6. Scripts built by @wordpress/scripts import
 * `react/jsx-runtime`, externalised to `window.ReactJSXRuntime`; on 6.5 the
 * plugin registers this file under that handle (only when core lacks it).
 *
 * Each call maps onto React.createElement the way classic JSX does: static
 * children (jsxs) are passed as separate arguments, so development React
 * checks keys exactly as it does for compiled JSX (only real lists need
 * keys); a single child (jsx) is passed as one argument.
 */
( function ( React ) {
	'use strict';
	function create( type, props, key, isStatic ) {
		var config = Object.assign( {}, props );
		var hasChildren = Object.prototype.hasOwnProperty.call( config, 'children' );
		var children = config.children;
		delete config.children;
		if ( key !== undefined ) {
			config.key = key;
		}
		if ( ! hasChildren ) {
			return React.createElement( type, config );
		}
		if ( isStatic && Array.isArray( children ) ) {
			return React.createElement.apply( null, [ type, config ].concat( children ) );
		}
		return React.createElement( type, config, children );
	}
	window.ReactJSXRuntime = {
		Fragment: React.Fragment,
		jsx: function ( type, props, key ) {
			return create( type, props, key, false );
		},
		jsxs: function ( type, props, key ) {
			return create( type, props, key, true );
		},
	};
} )( window.React );
