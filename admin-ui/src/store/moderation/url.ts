/**
 * The desk's query in the page URL (view, orderby, paged, per_page and the
 * filters: media_type, uploader, reason, s), so a reload or a shared link
 * shows the same list, and the wp-admin menu bubble, which the server
 * renders once per page load and the desk keeps current.
 */
import type {
	DeskMediaType,
	DeskOrder,
	DeskPerPage,
	DeskReason,
	DeskView,
} from '../../api/types';
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
export const PER_PAGES: readonly DeskPerPage[] = [ 20, 50, 100 ];
export const MEDIA_TYPES: readonly DeskMediaType[] = [
	'image',
	'video',
	'audio',
	'document',
];
export const REASONS: readonly DeskReason[] = [
	'spam',
	'harassment',
	'hate',
	'nudity',
	'violence',
	'copyright',
	'misinformation',
	'impersonation',
	'other',
];

/** The query a URL asks for; anything unknown falls back to the defaults. */
export function queryFromSearch( search: string ): QueueQuery {
	const params = new URLSearchParams( search );
	const view = params.get( 'view' ) as DeskView;
	const orderby = params.get( 'orderby' ) as DeskOrder;
	const page = Number( params.get( 'paged' ) );
	const perPage = Number( params.get( 'per_page' ) ) as DeskPerPage;
	const mediaType = params.get( 'media_type' ) as DeskMediaType;
	const reason = params.get( 'reason' ) as DeskReason;
	const uploader = Number( params.get( 'uploader' ) );
	return {
		view: VIEWS.includes( view ) ? view : 'waiting',
		orderby: ORDERS.includes( orderby ) ? orderby : 'oldest',
		page: Number.isInteger( page ) && page > 0 ? page : 1,
		perPage: PER_PAGES.includes( perPage ) ? perPage : 20,
		media_type: MEDIA_TYPES.includes( mediaType ) ? mediaType : null,
		uploader:
			Number.isInteger( uploader ) && uploader > 0 ? uploader : null,
		reason: REASONS.includes( reason ) ? reason : null,
		search: ( params.get( 's' ) ?? '' ).slice( 0, 200 ),
	};
}

/** Replaces the URL's desk parameters (no new history entry per click); filters left out are dropped. */
export function writeQueryToUrl( query: QueueQuery ): void {
	if ( 'undefined' === typeof window ) {
		return;
	}
	const url = new URL( window.location.href );
	const values: Record< string, string | null > = {
		view: query.view,
		orderby: query.orderby,
		paged: String( query.page ),
		per_page: 20 === query.perPage ? null : String( query.perPage ),
		media_type: query.media_type,
		uploader: query.uploader ? String( query.uploader ) : null,
		reason: query.reason,
		s: query.search || null,
	};
	for ( const [ key, value ] of Object.entries( values ) ) {
		if ( null === value ) {
			url.searchParams.delete( key );
		} else {
			url.searchParams.set( key, value );
		}
	}
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
