/**
 * ESLint for the repository's JavaScript and TypeScript: `npm run lint:js`
 * (`wp-scripts lint-js`), part of `npm test`.
 *
 * - admin-ui/: @wordpress/eslint-plugin's `recommended` as it is, Prettier
 *   formatting included (the WordPress JavaScript standard).
 * - codegen/, e2e/ and client/: the same rules without the formatting ones. These
 *   workspaces are written in the project's own layout (no spaces inside
 *   parentheses, long lines) and reformatting 24,000 lines would bury every
 *   real finding; eslint-config-prettier's list is exactly the rules that
 *   only concern layout, so it is what is switched off there.
 */
const wpPlugin = require( '@wordpress/eslint-plugin' );
const eslintConfigPrettier = require( 'eslint-config-prettier' );
const globals = require( 'globals' );

module.exports = [
	{
		ignores: [
			'**/node_modules/**',
			'**/build/**',
			'codegen/out/**',
			// The client package's generated half, like codegen/out/, and its build.
			'client/src/operations.ts',
			'client/dist/**',
			'e2e/test-results/**',
			'e2e/playwright-report/**',
			'e2e/.cache/**',
			// Type declarations of plain ES modules: tsc checks them, the JS parser cannot read them.
			'**/*.d.mts',
		],
	},

	...wpPlugin.configs.recommended,

	{
		files: [ '**/*.ts', '**/*.tsx' ],
		rules: {
			// TypeScript signatures name and type every parameter; a @param
			// line each would restate them. Docblocks say why instead.
			'jsdoc/require-param': 'off',
		},
	},

	// Unit tests of the admin UI (jest, through `wp-scripts test-unit-js`).
	...wpPlugin.configs[ 'test-unit' ].map( ( config ) => ( {
		...config,
		files: [ 'admin-ui/**/test/**/*.{js,ts,tsx}' ],
	} ) ),

	{
		files: [ 'codegen/**', 'e2e/**', 'client/**', 'tools/demo/**' ],
		languageOptions: { globals: globals.node },
		rules: {
			...eslintConfigPrettier.rules,
			'prettier/prettier': 'off',
			// Layout and naming conventions of these workspaces, not defects:
			// nested ternaries and `headers[ 'etag' ]` (header maps are read by
			// header name) are their style; snake_case names are the REST
			// API's field names.
			'no-nested-ternary': 'off',
			'dot-notation': 'off',
			camelcase: 'off',
			// Docblocks there document the parameters that need a word, not
			// every one, in the project's own alignment.
			'jsdoc/require-param': 'off',
			'jsdoc/check-param-names': 'off',
			'jsdoc/check-line-alignment': 'off',
			// Command-line tools, reporters and the test site's scripts print
			// on purpose; hashes, PNG/CRC writers and seeded random numbers
			// need bit operations.
			'no-console': 'off',
			'no-bitwise': 'off',
			// The root package.json holds the shared dev tools (typescript).
			'import/no-extraneous-dependencies': [
				'error',
				{
					packageDir: [
						__dirname,
						`${ __dirname }/codegen`,
						`${ __dirname }/e2e`,
						`${ __dirname }/client`,
					],
				},
			],
		},
	},

	{
		// A nested test callback naming its fixture like the outer one
		// (`api`, `world`, `model`) is how the specs read; shadowing stays an
		// error in the code they test.
		files: [ 'codegen/test/**', 'e2e/specs/**', 'e2e/security/**' ],
		rules: {
			'no-shadow': 'off',
			'@typescript-eslint/no-shadow': 'off',
		},
	},

	{
		// Every text the admin screens show goes through @wordpress/i18n
		// (issue 30): a bare JSX text node would never be translated. The
		// allowed strings are punctuation, not words.
		files: [ 'admin-ui/src/**/*.tsx' ],
		ignores: [ 'admin-ui/src/**/test/**' ],
		rules: {
			'react/jsx-no-literals': [
				'error',
				{ noStrings: true, ignoreProps: true },
			],
		},
	},
];
