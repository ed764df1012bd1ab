/**
 * The webpack configuration of `@wordpress/scripts`, plus one resolution
 * rule: the sources of the client package import each other as ES modules
 * for Node do (`./operations.js`), which webpack finds as the `.ts` files
 * they are.
 */
const defaultConfig = require( '@wordpress/scripts/config/webpack.config' );

module.exports = {
	...defaultConfig,
	resolve: {
		...defaultConfig.resolve,
		extensionAlias: { '.js': [ '.ts', '.js' ] },
	},
};
