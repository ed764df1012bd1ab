/**
 * The Quotas screen over its store and a mocked api-fetch: a failed load
 * with Retry, the empty state, creating a package, the member tab (one
 * page of members with their quota as meters, search) and the member
 * dialog (assign, credits, the credit history).
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
import { store } from '../../../store/quotas';
import {
	answerRoutes,
	freshRegistry,
	noticesOf,
	withRegistry,
	type Answer,
} from '../../../testing';
import { QuotasScreen } from '..';

jest.mock( '@wordpress/api-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );
const mockedFetch = apiFetch as unknown as Parameters<
	typeof answerRoutes
>[ 0 ];

const basic = {
	id: 7,
	name: 'Basic',
	image_limit: 10,
	video_limit: 0,
	audio_limit: 0,
	storage_bytes: 262144000,
	is_default: true,
	sort_order: 0,
	roles: [],
	created_at: '2026-01-01T00:00:00Z',
};
const quotaOf = ( userId: number, image = 0 ): Answer => ( {
	status: 200,
	body: {
		user_id: userId,
		package: 'Basic',
		package_ids: [ 7 ],
		bypass: false,
		usage: {
			image_count: 4,
			video_count: 0,
			audio_count: 0,
			storage_bytes: 1048576,
		},
		limits: {
			image_limit: 10,
			video_limit: 0,
			audio_limit: 0,
			storage_bytes: 262144000,
		},
		credits: { image, video: 0, audio: 0 },
	},
} );
const roles = [ { slug: 'subscriber', name: 'Subscriber' } ];

function renderScreen() {
	const registry = freshRegistry( store );
	render( <QuotasScreen roles={ roles } />, {
		wrapper: withRegistry( registry ),
	} );
	return registry;
}

describe( 'QuotasScreen', () => {
	beforeEach( () => {
		mockedFetch.mockReset();
	} );

	it( 'shows a failed load with Retry and no empty-state text, then the packages after Retry', async () => {
		let fail = true;
		answerRoutes( mockedFetch, {
			'GET /mvs-pro/v1/packages': () =>
				fail
					? {
							status: 500,
							body: {
								code: 'mvs_storage_failed',
								message: 'Database away.',
							},
						}
					: { status: 200, body: [ basic ] },
		} );
		renderScreen();
		await waitFor( () =>
			expect(
				document.querySelector( '.components-notice.is-error' )
					?.textContent
			).toContain( 'The packages could not be loaded: Database away.' )
		);
		expect( screen.queryByText( /No packages yet/ ) ).toBeNull();
		fail = false;
		fireEvent.click( screen.getByRole( 'button', { name: 'Retry' } ) );
		const row = await screen.findByRole( 'row', { name: /Basic/ } );
		expect( within( row ).getByText( 'Default' ) ).toBeTruthy();
		expect( within( row ).getByText( '250 MB' ) ).toBeTruthy();
		// Gone from the page (wp.a11y's live region keeps what it spoke).
		expect(
			document.querySelector( '.components-notice.is-error' )
		).toBeNull();
	} );

	it( 'says what an empty list means, and creates a package from the dialog', async () => {
		const sent = answerRoutes( mockedFetch, {
			'GET /mvs-pro/v1/packages': { status: 200, body: [] },
			'POST /mvs-pro/v1/packages': { status: 201, body: basic },
		} );
		const registry = renderScreen();
		await screen.findByText(
			/No packages yet: every member can upload without limit/
		);
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Add package' } )
		);
		const dialog = screen.getByRole( 'dialog', { name: 'Add package' } );
		fireEvent.change( within( dialog ).getByLabelText( 'Name' ), {
			target: { value: 'Basic' },
		} );
		fireEvent.change( within( dialog ).getByLabelText( 'Amount' ), {
			target: { value: '250' },
		} );
		fireEvent.click(
			within( dialog ).getByRole( 'button', { name: 'Save package' } )
		);
		await screen.findByRole( 'row', { name: /Basic/ } );
		expect( screen.queryByRole( 'dialog' ) ).toBeNull();
		expect(
			sent.find( ( s ) => s.request.startsWith( 'POST' ) )?.data
		).toMatchObject( {
			name: 'Basic',
			storage_bytes: 262144000,
		} );
		expect( noticesOf( registry, 'mvs/quotas' ) ).toEqual( [
			'success: Package "Basic" created.',
		] );
	} );

	it( 'lists members with their usage, searches, assigns a package and adjusts credits with a note', async () => {
		const entry = {
			user_id: 5,
			credit_type: 'image',
			source: 'manual',
			reference: 'user:1',
			created_at: '2026-01-01T00:00:00Z',
		};
		const adjusted = {
			...entry,
			id: 2,
			amount: 3,
			balance_after: 3,
			note: 'Contest prize',
		};
		let history = [
			{ ...entry, id: 1, amount: -1, balance_after: 0, note: 'Earlier' },
		];
		const sent = answerRoutes( mockedFetch, {
			'GET /mvs-pro/v1/packages': { status: 200, body: [ basic ] },
			'GET /mvs-pro/v1/quotas/members': {
				status: 200,
				body: [
					{
						id: 5,
						name: 'Ann Member',
						login: 'ann',
						avatar_url: 'https://example.test/a.png',
						registered: '2026-01-01T00:00:00Z',
						quota: quotaOf( 5 ).body,
					},
				],
				headers: { 'X-WP-Total': '1', 'X-WP-TotalPages': '1' },
			},
			'POST /mvs-pro/v1/users/5/package': quotaOf( 5 ),
			'GET /mvs-pro/v1/users/5/credits/history': () => ( {
				status: 200,
				body: history,
				headers: {
					'X-WP-Total': String( history.length ),
					'X-WP-TotalPages': '1',
				},
			} ),
			'POST /mvs-pro/v1/users/5/credits': () => {
				history = [ adjusted, ...history ];
				return { status: 200, body: adjusted };
			},
		} );
		const registry = renderScreen();
		await screen.findByRole( 'row', { name: /Basic/ } );
		fireEvent.click(
			screen.getByRole( 'tab', { name: 'Usage per member' } )
		);
		const meter = await screen.findByRole( 'meter', {
			name: 'Images of Ann Member',
		} );
		expect( meter.getAttribute( 'aria-valuetext' ) ).toBe( '4 of 10' );
		expect(
			screen
				.getByRole( 'meter', { name: 'Storage of Ann Member' } )
				.getAttribute( 'aria-valuetext' )
		).toBe( '1 MB of 250 MB' );

		fireEvent.change( screen.getByLabelText( 'Search members' ), {
			target: { value: 'ann' },
		} );
		fireEvent.click( screen.getByRole( 'button', { name: 'Search' } ) );
		await waitFor( () =>
			expect( sent.map( ( s ) => s.request ) ).toContain(
				'GET /mvs-pro/v1/quotas/members?orderby=name&order=asc&page=1&per_page=20&search=ann'
			)
		);

		fireEvent.click(
			await screen.findByRole( 'button', { name: 'Manage Ann Member' } )
		);
		const dialog = screen.getByRole( 'dialog', {
			name: 'Quota of Ann Member',
		} );
		const ui = within( dialog );
		const table = await ui.findByRole( 'table', {
			name: 'Credit history',
		} );
		expect(
			within( table ).getByRole( 'row', {
				name: /image credits -1 0 Manual Earlier/,
			} )
		).toBeTruthy();
		fireEvent.change( ui.getByLabelText( 'Package' ), {
			target: { value: '7' },
		} );
		fireEvent.click( ui.getByRole( 'button', { name: 'Assign package' } ) );
		await waitFor( () =>
			expect( noticesOf( registry, 'mvs/quotas' ) ).toContain(
				'success: Package "Basic" assigned to Ann Member.'
			)
		);
		expect(
			sent.find(
				( s ) => s.request === 'POST /mvs-pro/v1/users/5/package'
			)?.data
		).toEqual( { package_id: 7 } );

		fireEvent.change( ui.getByLabelText( 'Change (e.g. 5 or -2)' ), {
			target: { value: '0' },
		} );
		fireEvent.click( ui.getByRole( 'button', { name: 'Adjust credits' } ) );
		expect(
			ui.getByText( /Enter a whole number other than 0/ )
		).toBeTruthy();
		fireEvent.change( ui.getByLabelText( 'Change (e.g. 5 or -2)' ), {
			target: { value: '3' },
		} );
		fireEvent.change(
			ui.getByLabelText( "Note (shown in the member's credit history)" ),
			{ target: { value: 'Contest prize' } }
		);
		fireEvent.click( ui.getByRole( 'button', { name: 'Adjust credits' } ) );
		await waitFor( () =>
			expect(
				within( ui.getByRole( 'table', { name: 'Credit history' } ) )
					.getAllByRole( 'row' )
					.slice( 1 )
					.map( ( row ) => row.textContent )
			).toEqual( [
				expect.stringMatching(
					/image credits\+33ManualContest prize$/
				),
				expect.stringMatching( /image credits-10ManualEarlier$/ ),
			] )
		);
		expect(
			sent.find(
				( s ) => s.request === 'POST /mvs-pro/v1/users/5/credits'
			)?.data
		).toEqual( {
			credit_type: 'image',
			amount: 3,
			note: 'Contest prize',
		} );
		expect(
			ui.getByText( 'Balances: images 3 · videos 0 · audio 0' )
		).toBeTruthy();
	} );
} );
