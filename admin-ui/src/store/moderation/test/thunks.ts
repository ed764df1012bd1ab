/**
 * The store's thunks against a mocked api-fetch: what they request, what
 * they keep, and the URL and menu bubble they keep current.
 */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import apiFetch from '@wordpress/api-fetch';
import { answerRoutes, freshRegistry, type Answer } from '../../../testing';
import { store } from '..';
import { queryFromSearch } from '../url';

jest.mock( '@wordpress/api-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );
const mockedFetch = apiFetch as unknown as Parameters<
	typeof answerRoutes
>[ 0 ];

const page = ( ...ids: number[] ): Answer => ( {
	status: 200,
	body: ids.map( ( id ) => ( {
		id,
		title: `Item ${ id }`,
		media_type: 'video',
	} ) ),
	headers: { 'X-WP-Total': String( ids.length ), 'X-WP-TotalPages': '1' },
} );
const counts: Answer = {
	status: 200,
	body: {
		pending: 2,
		flagged: 1,
		queue: 3,
		approved: 0,
		rejected: 0,
		open_reports: 0,
	},
};

describe( 'mvs/moderation thunks', () => {
	beforeEach( () => {
		mockedFetch.mockReset();
		document.body.innerHTML =
			'<li id="toplevel_page_mvs-moderation"><span class="awaiting-mod count-9"><span class="pending-count">9</span></span></li>';
	} );

	it( 'reads the view from the URL, asks the desk route with it, writes it back and sets the menu bubble', async () => {
		expect(
			queryFromSearch(
				'?page=mvs-moderation&view=rejected&orderby=reports&paged=2'
			)
		).toEqual( {
			view: 'rejected',
			orderby: 'reports',
			page: 2,
			perPage: 20,
			media_type: null,
			uploader: null,
			reason: null,
			search: '',
		} );
		expect(
			queryFromSearch(
				'?view=bogus&paged=-1&per_page=7&media_type=x&uploader=-3&reason=no'
			)
		).toEqual( {
			view: 'waiting',
			orderby: 'oldest',
			page: 1,
			perPage: 20,
			media_type: null,
			uploader: null,
			reason: null,
			search: '',
		} );
		const sent = answerRoutes( mockedFetch, {
			'GET /mvs/v1/moderation/desk': page( 1, 2 ),
			'GET /mvs/v1/moderation/counts': counts,
		} );
		const registry = freshRegistry( store );
		await registry.dispatch( store ).setOrder( 'newest' );
		expect( sent.map( ( s ) => s.request ) ).toContain(
			'GET /mvs/v1/moderation/desk?page=1&per_page=20&view=waiting&orderby=newest'
		);
		expect( window.location.search ).toContain( 'orderby=newest' );
		expect(
			registry
				.select( store )
				.getItems()
				.map( ( i ) => i.id )
		).toEqual( [ 1, 2 ] );
		expect( document.querySelector( '.pending-count' )?.textContent ).toBe(
			'3'
		);
		expect( document.querySelector( '.awaiting-mod' )?.className ).toBe(
			'awaiting-mod count-3'
		);
	} );

	it( 'sends the filters and items per page, keeps them in the URL and drops them when cleared', async () => {
		const sent = answerRoutes( mockedFetch, {
			'GET /mvs/v1/moderation/desk': page( 1 ),
			'GET /mvs/v1/moderation/counts': counts,
		} );
		const registry = freshRegistry( store );
		await registry.dispatch( store ).setFilters( {
			media_type: 'video',
			uploader: 7,
			reason: 'spam',
			search: 'sun set',
		} );
		await registry.dispatch( store ).setPerPage( 50 );
		expect(
			sent
				.map( ( s ) => s.request )
				.filter( ( request ) => request.includes( '/desk' ) )
				.pop()
		).toMatch(
			/^GET \/mvs\/v1\/moderation\/desk\?page=1&per_page=50&view=waiting&orderby=\w+&media_type=video&uploader=7&reason=spam&search=sun(%20|\+)set$/
		);
		expect( queryFromSearch( window.location.search ) ).toMatchObject( {
			perPage: 50,
			media_type: 'video',
			uploader: 7,
			reason: 'spam',
			search: 'sun set',
		} );
		await registry.dispatch( store ).setFilters( {
			media_type: null,
			uploader: null,
			reason: null,
			search: '',
		} );
		expect( window.location.search ).not.toMatch(
			/media_type|uploader|reason|[?&]s=/
		);
	} );

	it( 'opens the preview through a signed URL, and says why when it cannot', async () => {
		answerRoutes( mockedFetch, {
			'GET /mvs/v1/media/3/signed-url': {
				status: 200,
				body: { url: 'https://example.test/serve?x=1', expires_at: '' },
			},
			'GET /mvs/v1/media/4/signed-url': {
				status: 404,
				body: {
					code: 'mvs_not_found',
					message: 'Media item not found.',
					data: { status: 404 },
				},
			},
		} );
		const registry = freshRegistry( store );
		await registry.dispatch( store ).openPreview( 3 );
		expect( registry.select( store ).getPreview() ).toEqual( {
			id: 3,
			url: 'https://example.test/serve?x=1',
			error: null,
		} );
		expect( registry.select( store ).getCurrent() ).toBe( 3 );
		await registry.dispatch( store ).openPreview( 4 );
		expect( registry.select( store ).getPreview() ).toEqual( {
			id: 4,
			url: null,
			error: 'Media item not found.',
		} );
	} );

	it( 'keeps a failed load as an error, and names a failed decision in its row without Undo', async () => {
		answerRoutes( mockedFetch, {
			'GET /mvs/v1/moderation/desk': {
				status: 500,
				body: { code: 'x', message: 'Down.', data: { status: 500 } },
			},
			'GET /mvs/v1/moderation/counts': counts,
			'POST /mvs/v1/moderation/4/reject': {
				status: 404,
				body: {
					code: 'mvs_not_found',
					message: 'Media item not found.',
					data: { status: 404 },
				},
			},
		} );
		const registry = freshRegistry( store );
		await registry.dispatch( store ).load();
		expect( registry.select( store ).getError() ).toBe( 'Down.' );
		await registry.dispatch( store ).moderate( [ 4 ], 'reject', 'Spam' );
		expect( registry.select( store ).getRowNotice( 4 ) ).toEqual( {
			status: 'error',
			message: 'Media item not found.',
			undo: false,
		} );
	} );
} );
