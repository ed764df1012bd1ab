/**
 * jsdom as the tests need it:
 * - Response and Headers: api-fetch hands the client Response objects
 *   (`parse: false`), and jsdom has no fetch API, so Node's classes serve;
 * - scrollTo: SnackbarList animates with framer-motion, which restores the
 *   scroll position after measuring; jsdom implements no scrolling and would
 *   log "Not implemented" as a console error;
 * - Element#scrollIntoView: ComboboxControl scrolls its selected suggestion
 *   into view, which jsdom does not implement at all.
 */
const { TestEnvironment } = require( 'jest-environment-jsdom' );

class JsdomForAdminUi extends TestEnvironment {
	async setup() {
		await super.setup();
		Object.assign( this.global, {
			Response,
			Headers,
			scrollTo: () => undefined,
		} );
		this.global.Element.prototype.scrollIntoView = () => undefined;
	}
}

module.exports = JsdomForAdminUi;
