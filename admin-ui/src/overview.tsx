/**
 * Entry of the Community overview screen (Media Community → Overview).
 */
import { createRoot } from '@wordpress/element';
import { OverviewScreen } from './components/overview-screen';
import './overview.scss';

const root = document.getElementById( 'mvs-overview-root' );
if ( root ) {
	createRoot( root ).render( <OverviewScreen /> );
}
