/**
 * Entry of the Settings screen (Media Community → Settings).
 */
import { createRoot } from '@wordpress/element';
import { SettingsForm } from './components/settings-form';

const root = document.getElementById( 'mvs-settings-root' );
if ( root ) {
	createRoot( root ).render( <SettingsForm /> );
}
