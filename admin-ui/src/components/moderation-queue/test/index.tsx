/**
 * The desk over its store and a mocked api-fetch: rows with their facts,
 * feedback and Undo in the row, skeleton while loading, error with Retry.
 */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
	fireEvent,
	render,
	screen,
	waitFor,
	within,
} from '@testing-library/react';
import apiFetch from '@wordpress/api-fetch';
import { store } from '../../../store/moderation';
import {
	answerRoutes,
	freshRegistry,
	withRegistry,
	type Answer,
} from '../../../testing';
import { ModerationQueue } from '..';

jest.mock( '@wordpress/api-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );
const mockedFetch = apiFetch as unknown as Parameters<
	typeof answerRoutes
>[ 0 ];

const deskItem = ( id: number, extra: Record< string, unknown > = {} ) => ( {
	id,
	title: `Item ${ id }`,
	media_type: 'audio',
	mime_type: 'audio/mpeg',
	privacy: 'members',
	created_at: '2026-11-01T10:00:00Z',
	moderation_status: 'pending',
	uploader: {
		id: 7,
		name: 'Ada',
		profile_url: '/wp-admin/user-edit.php?user_id=7',
	},
	open_reports: 0,
	reasons: [],
	latest_details: null,
	reports: [],
	flag_reason: null,
	analysis: null,
	decision: null,
	history: [],
	...extra,
} );

const rows = ( ...items: object[] ): Answer => ( {
	status: 200,
	body: items,
	headers: { 'X-WP-Total': String( items.length ), 'X-WP-TotalPages': '1' },
} );

const counts: Answer = {
	status: 200,
	body: {
		pending: 1,
		flagged: 0,
		queue: 1,
		approved: 0,
		rejected: 0,
		open_reports: 2,
	},
};

async function renderQueue() {
	const registry = freshRegistry( store );
	const { container } = render( <ModerationQueue />, {
		wrapper: withRegistry( registry ),
	} );
	await waitFor( () =>
		expect( registry.select( store ).isLoading() ).toBe( false )
	);
	return { registry, container };
}

describe( 'ModerationQueue', () => {
	beforeEach( () => {
		mockedFetch.mockReset();
	} );

	it( 'shows uploader, privacy and reasons; a decision says so in its row and Undo reverts it', async () => {
		const sent = answerRoutes( mockedFetch, {
			'GET /mvs/v1/moderation/desk': rows(
				deskItem( 1, {
					open_reports: 2,
					reasons: [ { reason: 'spam', count: 2 } ],
					latest_details: 'Links to a shop',
				} )
			),
			'GET /mvs/v1/moderation/counts': counts,
			'POST /mvs/v1/moderation/1/approve': {
				status: 200,
				body: {
					id: 1,
					moderation_status: 'approved',
					previous_status: 'pending',
					changed: true,
					reason: null,
				},
			},
			'POST /mvs/v1/moderation/1/undo': {
				status: 200,
				body: {
					id: 1,
					moderation_status: 'pending',
					undone: 'approve',
					reopened_reports: 2,
				},
			},
		} );
		await renderQueue();
		expect(
			screen.getByRole( 'link', { name: 'Ada' } ).getAttribute( 'href' )
		).toBe( '/wp-admin/user-edit.php?user_id=7' );
		expect( screen.getByText( 'Spam (2)' ) ).toBeTruthy();
		expect( screen.getByText( 'Links to a shop' ) ).toBeTruthy();
		expect( screen.getByText( 'Members' ) ).toBeTruthy();
		expect(
			screen.getByRole( 'link', { name: 'Pending (1)' } )
		).toBeTruthy();
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Approve Item 1' } )
		);
		const status = await screen.findByRole( 'status' );
		expect( status.textContent ).toContain( 'Item 1 approved.' );
		fireEvent.click(
			within( status ).getByRole( 'button', { name: 'Undo' } )
		);
		await waitFor( () =>
			expect( screen.getByRole( 'status' ).textContent ).toContain(
				'Decision on Item 1 undone.'
			)
		);
		expect( sent.map( ( s ) => s.request ) ).toContain(
			'POST /mvs/v1/moderation/1/undo'
		);
	} );

	it( 'shows skeleton rows while loading, then an error with Retry and no empty-state text', async () => {
		let fail = true;
		answerRoutes( mockedFetch, {
			'GET /mvs/v1/moderation/desk': () =>
				fail
					? {
							status: 500,
							body: {
								code: 'x',
								message: 'Server down.',
								data: { status: 500 },
							},
						}
					: rows(),
			'GET /mvs/v1/moderation/counts': counts,
		} );
		const registry = freshRegistry( store );
		const { container } = render( <ModerationQueue />, {
			wrapper: withRegistry( registry ),
		} );
		expect(
			container.querySelectorAll( '.mvs-desk__skeleton' ).length
		).toBe( 3 );
		expect(
			screen.getByRole( 'link', { name: 'Pending (…)' } )
		).toBeTruthy();
		await screen.findByText( 'Server down.' );
		expect(
			screen.queryByText( 'Nothing is waiting for a moderator.' )
		).toBeNull();
		fail = false;
		fireEvent.click( screen.getByRole( 'button', { name: 'Retry' } ) );
		await screen.findByText( 'Nothing is waiting for a moderator.' );
		expect( screen.queryByText( 'Server down.' ) ).toBeNull();
	} );

	it( 'moderates by keyboard: j/k move, a approves, r asks for the reason, ? shows the help; nothing while a dialog is open', async () => {
		const sent = answerRoutes( mockedFetch, {
			'GET /mvs/v1/moderation/desk': rows( deskItem( 1 ), deskItem( 2 ) ),
			'GET /mvs/v1/moderation/counts': counts,
			'POST /mvs/v1/moderation/2/approve': {
				status: 200,
				body: {
					id: 2,
					moderation_status: 'approved',
					previous_status: 'pending',
					changed: true,
					reason: null,
				},
			},
		} );
		const { container } = await renderQueue();
		const focused = () => container.ownerDocument.activeElement;
		const press = ( key: string ) =>
			fireEvent.keyDown( focused() ?? document.body, { key } );
		press( 'j' );
		press( 'j' );
		press( 'k' );
		press( 'j' );
		const current = container.querySelector( 'tr.is-current' );
		expect( current?.getAttribute( 'data-media-id' ) ).toBe( '2' );
		expect( focused() ).toBe( current );
		press( 'a' );
		await waitFor( () =>
			expect( screen.getByRole( 'status' ).textContent ).toContain(
				'Item 2 approved.'
			)
		);
		press( 'k' );
		press( 'r' );
		const dialog = screen.getByRole( 'dialog', { name: 'Reject 1 item' } );
		press( 'a' );
		fireEvent.keyDown( dialog, { key: 'Escape' } );
		await waitFor( () =>
			expect( screen.queryByRole( 'dialog' ) ).toBeNull()
		);
		press( '?' );
		expect(
			screen.getByRole( 'dialog', { name: 'Keyboard shortcuts' } )
		).toBeTruthy();
		expect(
			sent
				.filter( ( s ) => s.request.startsWith( 'POST' ) )
				.map( ( s ) => s.request )
		).toEqual( [ 'POST /mvs/v1/moderation/2/approve' ] );
	} );

	it( 'confirms a bulk approval naming the items; Cancel does nothing', async () => {
		const sent = answerRoutes( mockedFetch, {
			'GET /mvs/v1/moderation/desk': rows(
				deskItem( 1, { title: 'a.jpg' } ),
				deskItem( 2, { title: 'b.png' } )
			),
			'GET /mvs/v1/moderation/counts': counts,
		} );
		await renderQueue();
		fireEvent.click(
			screen.getByRole( 'checkbox', { name: 'Select all' } )
		);
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Approve selected (2)' } )
		);
		const dialog = screen.getByRole( 'dialog', {
			name: 'Approve selected items',
		} );
		expect( dialog.textContent ).toContain(
			'Approve 2 items: a.jpg, b.png?'
		);
		fireEvent.click(
			within( dialog ).getByRole( 'button', { name: 'Cancel' } )
		);
		await waitFor( () =>
			expect( screen.queryByRole( 'dialog' ) ).toBeNull()
		);
		expect(
			sent.filter( ( s ) => s.request.startsWith( 'POST' ) )
		).toEqual( [] );
	} );
} );
