/**
 * `wp-scripts test-unit-js` with its default config, the tests under src/
 * only, and a jsdom that has Response (see test/jsdom-environment.js).
 */
const config = require( '@wordpress/scripts/config/jest-unit.config.js' );

module.exports = {
	...config,
	rootDir: __dirname,
	roots: [ '<rootDir>/src' ],
	testEnvironment: '<rootDir>/test/jsdom-environment.js',
	// Several test stacks share this machine; a loaded CPU must not fail a render.
	testTimeout: 20000,
	// The @mvs/client sources import `./operations.js`: the `.ts` file next to them.
	moduleNameMapper: {
		...config.moduleNameMapper,
		'^(\\.{1,2}/.*)\\.js$': '$1',
	},
};
