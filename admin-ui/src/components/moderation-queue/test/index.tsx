/**
 * The queue screen over its store and a mocked api-fetch: rows, counts,
 * selection, bulk approve, the reject dialog, the empty state, paging.
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

const rows = ( total: number, pages: number, ...ids: number[] ): Answer => ( {
	status: 200,
	body: ids.map( ( id ) => ( {
		id,
		title: `Item ${ id }`,
		media_type: 'audio',
		mime_type: 'audio/mpeg',
		moderation_status: 'pending',
		open_reports: 0,
	} ) ),
	headers: {
		'X-WP-Total': String( total ),
		'X-WP-TotalPages': String( pages ),
	},
} );

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

/** Runs a click whose thunk reloads the queue, and waits until the reload is done. */
async function clickAndSettle(
	registry: ReturnType< typeof freshRegistry >,
	element: HTMLElement
) {
	fireEvent.click( element );
	await waitFor( () =>
		expect(
			registry.select( store ).isLoading() ||
				registry.select( store ).isBusy()
		).toBe( false )
	);
}

describe( 'ModerationQueue', () => {
	beforeEach( () => {
		mockedFetch.mockReset();
	} );

	it( 'bulk-approves the selected rows and shows one snackbar', async () => {
		const sent = answerRoutes( mockedFetch, {
			'GET /mvs/v1/moderation': rows( 2, 1, 1, 2 ),
			'GET /mvs/v1/moderation/counts': {
				status: 200,
				body: { pending: 2, flagged: 0 },
			},
			'POST /mvs/v1/moderation/1/approve': { status: 200, body: {} },
			'POST /mvs/v1/moderation/2/approve': { status: 200, body: {} },
		} );
		const { registry, container } = await renderQueue();
		expect( screen.getByText( 'Pending: 2 · Flagged: 0' ) ).toBeTruthy();
		const approve = screen.getByRole( 'button', {
			name: 'Approve selected',
		} ) as HTMLButtonElement;
		expect( approve.disabled ).toBe( true );
		fireEvent.click(
			screen.getByRole( 'checkbox', { name: 'Select all' } )
		);
		expect(
			(
				screen.getByRole( 'checkbox', {
					name: 'Select Item 2',
				} ) as HTMLInputElement
			 ).checked
		).toBe( true );
		await clickAndSettle( registry, approve );
		await waitFor( () =>
			expect(
				container.querySelector( '.components-snackbar' )?.textContent
			).toBe( '2 items approved.' )
		);
		expect(
			sent
				.filter( ( s ) => s.request.startsWith( 'POST' ) )
				.map( ( s ) => s.request )
		).toEqual( [
			'POST /mvs/v1/moderation/1/approve',
			'POST /mvs/v1/moderation/2/approve',
		] );
	} );

	it( 'asks for a reason before rejecting a row, and Cancel sends nothing', async () => {
		const sent = answerRoutes( mockedFetch, {
			'GET /mvs/v1/moderation': rows( 1, 1, 5 ),
			'GET /mvs/v1/moderation/counts': {
				status: 200,
				body: { pending: 1, flagged: 0 },
			},
		} );
		await renderQueue();
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Reject Item 5' } )
		);
		const dialog = screen.getByRole( 'dialog', { name: 'Reject 1 item' } );
		fireEvent.click(
			within( dialog ).getByRole( 'button', { name: 'Cancel' } )
		);
		expect( screen.queryByRole( 'dialog' ) ).toBeNull();
		expect(
			sent.filter( ( s ) => s.request.startsWith( 'POST' ) )
		).toEqual( [] );
	} );

	it( 'says when nothing is flagged, and pages with the headers’ page count', async () => {
		const sent = answerRoutes( mockedFetch, {
			'GET /mvs/v1/moderation': ( options ) =>
				( options.path ?? '' ).includes( 'state=flagged' )
					? rows( 0, 0 )
					: rows( 21, 2, 1 ),
			'GET /mvs/v1/moderation/counts': {
				status: 200,
				body: { pending: 21, flagged: 0 },
			},
		} );
		const { registry } = await renderQueue();
		expect( screen.getByText( 'Page 1 of 2' ) ).toBeTruthy();
		await clickAndSettle(
			registry,
			screen.getByRole( 'button', { name: 'Next page' } )
		);
		expect( screen.getByText( 'Page 2 of 2' ) ).toBeTruthy();
		expect(
			(
				screen.getByRole( 'button', {
					name: 'Next page',
				} ) as HTMLButtonElement
			 ).disabled
		).toBe( true );
		fireEvent.change( screen.getByLabelText( 'Show' ), {
			target: { value: 'flagged' },
		} );
		await screen.findByText( 'No flagged items.' );
		expect(
			sent
				.map( ( s ) => s.request )
				.filter( ( r ) => r.startsWith( 'GET /mvs/v1/moderation?' ) )
		).toEqual( [
			'GET /mvs/v1/moderation?page=1&per_page=20&state=pending',
			'GET /mvs/v1/moderation?page=2&per_page=20&state=pending',
			'GET /mvs/v1/moderation?page=1&per_page=20&state=flagged',
		] );
	} );
} );
