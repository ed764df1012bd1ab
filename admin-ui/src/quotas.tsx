/**
 * Entry of the Quotas screen (Media Community → Quotas), registered by the
 * Pro plugin (MVS_Pro_Admin), which passes the site's roles on the root.
 */
import { createRoot } from '@wordpress/element';
import { QuotasScreen } from './components/quotas-screen';
import type { SiteRole } from './components/quotas-package-form/types';
import './quotas.scss';

const root = document.getElementById( 'mvs-quotas-root' );
if ( root ) {
	let roles: SiteRole[] = [];
	try {
		roles = JSON.parse( root.dataset.roles ?? '[]' ) as SiteRole[];
	} catch {
		roles = [];
	}
	createRoot( root ).render( <QuotasScreen roles={ roles } /> );
}
