/**
 * The desk's query in the page URL (view, orderby, paged), so a reload or a
 * shared link shows the same view, and the wp-admin menu bubble, which the
 * server renders once per page load and the desk keeps current.
 */
import type { DeskOrder, DeskView } from '../../api/types';
import type { QueueQuery } from './types';

const VIEWS: readonly DeskView[] = [
	'waiting',
	'pending',
	'flagged',
	'reported',
	'approved',
	'rejected',
];
const ORDERS: readonly DeskOrder[] = [ 'oldest', 'newest', 'reports' ];

/** The query a URL asks for; anything unknown falls back to the defaults. */
export function queryFromSearch( search: string ): QueueQuery {
	const params = new URLSearchParams( search );
	const view = params.get( 'view' ) as DeskView;
	const orderby = params.get( 'orderby' ) as DeskOrder;
	const page = Number( params.get( 'paged' ) );
	return {
		view: VIEWS.includes( view ) ? view : 'waiting',
		orderby: ORDERS.includes( orderby ) ? orderby : 'oldest',
		page: Number.isInteger( page ) && page > 0 ? page : 1,
	};
}

/** Replaces the URL's desk parameters (no new history entry per click). */
export function writeQueryToUrl( query: QueueQuery ): void {
	if ( 'undefined' === typeof window ) {
		return;
	}
	const url = new URL( window.location.href );
	url.searchParams.set( 'view', query.view );
	url.searchParams.set( 'orderby', query.orderby );
	url.searchParams.set( 'paged', String( query.page ) );
	window.history.replaceState( window.history.state, '', url.toString() );
}

/** Sets the count bubbles of the plugin's menu (hidden at 0, as WordPress does). */
export function updateMenuBubble( count: number ): void {
	if ( 'undefined' === typeof document ) {
		return;
	}
	document
		.querySelectorAll( '#toplevel_page_mvs-moderation .awaiting-mod' )
		.forEach( ( bubble ) => {
			bubble.className = `awaiting-mod count-${ count }`;
			const number = bubble.querySelector( '.pending-count' );
			if ( number ) {
				number.textContent = count.toLocaleString();
			}
		} );
}
