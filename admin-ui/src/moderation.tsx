/**
 * Entry of the Moderation screen (Media Community → Moderation).
 */
import { createRoot } from '@wordpress/element';
import { ModerationQueue } from './components/moderation-queue';
import { DeskTabs } from './components/desk-tabs';

const root = document.getElementById( 'mvs-moderation-root' );
if ( root ) {
	createRoot( root ).render( <DeskTabs media={ <ModerationQueue /> } /> );
}
