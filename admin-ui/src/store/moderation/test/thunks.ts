/**
 * The store's thunks against a mocked api-fetch: what they request, what
 * they keep, which notices they raise.
 */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import apiFetch from '@wordpress/api-fetch';
import { store as noticesStore } from '@wordpress/notices';
import {
	answerRoutes,
	freshRegistry,
	noticesOf,
	type Answer,
} from '../../../testing';
import { NOTICE_CONTEXT, store } from '..';

jest.mock( '@wordpress/api-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );
const mockedFetch = apiFetch as unknown as Parameters<
	typeof answerRoutes
>[ 0 ];

const page = (
	...items: Array< { id: number; title: string; media_type?: string } >
): Answer => ( {
	status: 200,
	body: items.map( ( item ) => ( { media_type: 'image', ...item } ) ),
	headers: { 'X-WP-Total': String( items.length ), 'X-WP-TotalPages': '1' },
} );
const counts: Answer = { status: 200, body: { pending: 2, flagged: 1 } };

describe( 'mvs/moderation thunks', () => {
	beforeEach( () => {
		mockedFetch.mockReset();
	} );

	it( 'loads the first page, the counts and a signed URL per image when the rows are first read', async () => {
		const sent = answerRoutes( mockedFetch, {
			'GET /mvs/v1/moderation': page(
				{ id: 1, title: 'One' },
				{ id: 2, title: 'Two', media_type: 'video' }
			),
			'GET /mvs/v1/moderation/counts': counts,
			'GET /mvs/v1/media/1/signed-url': {
				status: 200,
				body: { url: 'https://example.test/1' },
			},
		} );
		const registry = freshRegistry( store );
		registry.select( store ).getItems();
		await registry.resolveSelect( store ).getItems();
		const queue = registry.select( store );
		expect( queue.getItems().map( ( item ) => item.id ) ).toEqual( [
			1, 2,
		] );
		expect( queue.getTotal() ).toBe( 2 );
		expect( queue.getCounts() ).toEqual( { pending: 2, flagged: 1 } );
		expect( queue.isLoading() ).toBe( false );
		expect( queue.getThumbnail( 1 ) ).toBe( 'https://example.test/1' );
		expect( sent.map( ( s ) => s.request ) ).toContain(
			'GET /mvs/v1/moderation?page=1&per_page=20&state=pending'
		);
	} );

	it( 'asks for no more signed URLs once the first answers an error', async () => {
		const sent = answerRoutes( mockedFetch, {
			'GET /mvs/v1/moderation': page(
				{ id: 1, title: 'One' },
				{ id: 2, title: 'Two' }
			),
			'GET /mvs/v1/moderation/counts': counts,
			'GET /mvs/v1/media/1/signed-url': {
				status: 501,
				body: { code: 'mvs_not_implemented', message: 'Not yet.' },
			},
		} );
		const registry = freshRegistry( store );
		await registry.dispatch( store ).load();
		await registry.dispatch( store ).load();
		expect( registry.select( store ).areThumbnailsUnavailable() ).toBe(
			true
		);
		expect(
			sent.filter( ( s ) => s.request.includes( 'signed-url' ) )
		).toHaveLength( 1 );
		expect( noticesOf( registry, NOTICE_CONTEXT ) ).toEqual( [] );
	} );

	it( 'approves each item, names a failure, counts the successes in one snackbar and reloads', async () => {
		const sent = answerRoutes( mockedFetch, {
			'GET /mvs/v1/moderation': page(
				{ id: 1, title: 'One', media_type: 'audio' },
				{ id: 2, title: 'Two', media_type: 'audio' }
			),
			'GET /mvs/v1/moderation/counts': counts,
			'POST /mvs/v1/moderation/1/approve': { status: 200, body: {} },
			'POST /mvs/v1/moderation/2/approve': {
				status: 409,
				body: { code: 'mvs_conflict', message: 'Already decided.' },
			},
		} );
		const registry = freshRegistry( store );
		await registry.dispatch( store ).load();
		registry.dispatch( store ).selectAll( true );
		await registry.dispatch( store ).moderate( [ 1, 2 ], 'approve' );
		expect( noticesOf( registry, NOTICE_CONTEXT ) ).toEqual( [
			'error: Two: Already decided.',
			'success: 1 item approved.',
		] );
		const snackbar = registry
			.select( noticesStore )
			.getNotices( NOTICE_CONTEXT )[ 1 ];
		expect( snackbar?.type ).toBe( 'snackbar' );
		expect( registry.select( store ).getSelected() ).toEqual( [] );
		expect( registry.select( store ).isBusy() ).toBe( false );
		expect(
			sent.filter( ( s ) =>
				s.request.startsWith( 'GET /mvs/v1/moderation?' )
			)
		).toHaveLength( 2 );
	} );

	it( 'sends a rejection reason only when one was given, and closes the dialog', async () => {
		const sent = answerRoutes( mockedFetch, {
			'GET /mvs/v1/moderation': page(),
			'GET /mvs/v1/moderation/counts': counts,
			'POST /mvs/v1/moderation/7/reject': { status: 200, body: {} },
		} );
		const registry = freshRegistry( store );
		registry.dispatch( store ).openReject( [ 7 ] );
		await registry.dispatch( store ).moderate( [ 7 ], 'reject', 'Blurry' );
		await registry.dispatch( store ).moderate( [ 7 ], 'reject' );
		expect(
			sent
				.filter( ( s ) => s.request.endsWith( '/reject' ) )
				.map( ( s ) => s.data )
		).toEqual( [ { reason: 'Blurry' }, {} ] );
		expect( registry.select( store ).getRejecting() ).toBeNull();
	} );

	it( 'shows the first page of another state and drops an answer for a query no longer shown', async () => {
		let release: () => void = () => undefined;
		answerRoutes( mockedFetch, {
			'GET /mvs/v1/moderation': ( options ) =>
				( options.path ?? '' ).includes( 'state=flagged' )
					? page( { id: 9, title: 'Flagged' } )
					: page( { id: 1, title: 'Pending' } ),
			'GET /mvs/v1/moderation/counts': counts,
			'GET /mvs/v1/media/1/signed-url': { status: 501, body: {} },
			'GET /mvs/v1/media/9/signed-url': { status: 501, body: {} },
		} );
		const registry = freshRegistry( store );
		await registry.dispatch( store ).setPage( 2 );
		// The pending answer arrives after the filter changed: it must not replace the flagged rows.
		const gate = new Promise< void >(
			( resolve ) => ( release = resolve )
		);
		const original = mockedFetch.getMockImplementation()!;
		mockedFetch.mockImplementationOnce( async ( options ) => {
			await gate;
			return original( options );
		} );
		const stale = registry.dispatch( store ).load();
		await registry.dispatch( store ).setFilter( 'flagged' );
		release();
		await stale;
		expect( registry.select( store ).getQuery() ).toEqual( {
			state: 'flagged',
			page: 1,
		} );
		expect(
			registry
				.select( store )
				.getItems()
				.map( ( item ) => item.id )
		).toEqual( [ 9 ] );
	} );

	it( 'shows what an analysis returned, or names the item that failed', async () => {
		answerRoutes( mockedFetch, {
			'GET /mvs/v1/moderation': page( {
				id: 1,
				title: 'One',
				media_type: 'audio',
			} ),
			'GET /mvs/v1/moderation/counts': counts,
			'POST /mvs/v1/moderation/1/analyze': {
				status: 200,
				body: { description: 'A cat' },
			},
			'POST /mvs/v1/moderation/2/analyze': {
				status: 503,
				body: { code: 'mvs_ai_unavailable', message: 'No provider.' },
			},
		} );
		const registry = freshRegistry( store );
		await registry.dispatch( store ).load();
		await registry.dispatch( store ).analyze( 1 );
		expect( registry.select( store ).getAnalysis() ).toEqual( {
			title: 'One',
			result: { description: 'A cat' },
		} );
		await registry.dispatch( store ).analyze( 2 );
		expect( noticesOf( registry, NOTICE_CONTEXT ) ).toEqual( [
			'error: #2: No provider.',
		] );
		registry.dispatch( store ).closeAnalysis();
		expect( registry.select( store ).getAnalysis() ).toBeNull();
	} );
} );
