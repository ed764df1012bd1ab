import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import apiFetch from '@wordpress/api-fetch';
import { answerRoutes } from '../../../testing';
import { OverviewScreen, formatBytes, waitedFor } from '..';

jest.mock( '@wordpress/api-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );
// Canvas charts do not draw in jsdom: record what each chart was given.
const charts: Array< {
	series: Array< { label?: string } >;
	data: number[][];
} > = [];
jest.mock( 'uplot', () => {
	const Chart = jest.fn(
		(
			options: { series: Array< { label?: string } > },
			data: number[][]
		) => {
			charts.push( { series: options.series, data } );
			return { setSize: jest.fn(), destroy: jest.fn() };
		}
	);
	( Chart as unknown as { paths: unknown } ).paths = {
		bars: () => () => null,
	};
	return { __esModule: true, default: Chart };
} );
jest.mock( 'uplot/dist/uPlot.min.css', () => ( {} ), { virtual: true } );

const mockedFetch = apiFetch as unknown as Parameters<
	typeof answerRoutes
>[ 0 ];

function days( values: ( n: number ) => Record< string, number > ) {
	return Array.from( { length: 30 }, ( _, n ) => ( {
		day: new Date( Date.UTC( 2026, 10, 1 + n ) )
			.toISOString()
			.slice( 0, 10 ),
		...values( n ),
	} ) );
}

const overview = {
	generated_at: '2026-11-30T12:00:00+00:00',
	uploads_per_day: days( ( n ) => ( {
		image: n === 29 ? 3 : 1,
		video: 0,
		audio: 0,
		document: n === 0 ? 2 : 0,
	} ) ),
	storage: [
		{ media_type: 'image', items: 40, bytes: 5 * 1024 * 1024 },
		{ media_type: 'video', items: 0, bytes: 0 },
		{ media_type: 'audio', items: 0, bytes: 0 },
		{ media_type: 'document', items: 2, bytes: 2048 },
	],
	active_members: 7,
	queue: {
		size: 4,
		pending: 2,
		flagged: 1,
		reported: 1,
		oldest_at: new Date( Date.now() - 3 * 86400000 ).toISOString(),
	},
	reports_per_day: days( ( n ) => ( { count: n === 29 ? 2 : 0 } ) ),
	top_tags: [
		{ id: 5, name: 'Sunsets', slug: 'sunsets', items: 12 },
		{ id: 6, name: 'Cats', slug: 'cats', items: 4 },
	],
};

const empty = {
	...overview,
	uploads_per_day: days( () => ( {
		image: 0,
		video: 0,
		audio: 0,
		document: 0,
	} ) ),
	storage: overview.storage.map( ( row ) => ( {
		...row,
		items: 0,
		bytes: 0,
	} ) ),
	active_members: 0,
	queue: { size: 0, pending: 0, flagged: 0, reported: 0, oldest_at: null },
	reports_per_day: days( () => ( { count: 0 } ) ),
	top_tags: [],
};

describe( 'OverviewScreen', () => {
	beforeEach( () => {
		mockedFetch.mockReset();
		charts.length = 0;
	} );

	it( 'shows a skeleton while loading, then the key numbers, both charts and the tables', async () => {
		answerRoutes( mockedFetch, {
			'GET /mvs/v1/overview': { status: 200, body: overview },
		} );
		const { container } = render( <OverviewScreen /> );
		expect(
			container.querySelector( '[aria-busy="true"]' )
		).not.toBeNull();
		expect( screen.queryByText( 'Uploads today' ) ).toBeNull();
		await act( async () => {} );
		const card = ( label: string ) =>
			screen.getByText( label ).closest( 'div' )!.textContent;
		expect( card( 'Waiting for moderation' ) ).toContain( '4' );
		expect( card( 'Waiting for moderation' ) ).toContain(
			'oldest waiting 3 days'
		);
		expect( card( 'Uploads today' ) ).toContain( '3' );
		expect( card( 'Uploads in 30 days' ) ).toContain(
			String( 29 + 3 + 2 )
		);
		expect( card( 'Active members (30 days)' ) ).toContain( '7' );
		expect( charts ).toHaveLength( 2 );
		expect(
			charts[ 0 ]!.series.slice( 1 ).map( ( s ) => s.label )
		).toEqual( [ 'Images', 'Videos', 'Audio', 'Documents' ] );
		expect( charts[ 0 ]!.data[ 0 ]! ).toHaveLength( 30 );
		expect( charts[ 0 ]!.data[ 1 ]![ 29 ] ).toBe( 3 );
		expect( charts[ 1 ]!.data[ 1 ]![ 29 ] ).toBe( 2 );
		expect(
			screen.getByRole( 'img', {
				name: '34 uploads in the last 30 days, 3 today.',
			} )
		).toBeTruthy();
		expect(
			screen.getByRole( 'row', { name: 'Images 40 5.0 MB' } )
		).toBeTruthy();
		expect(
			screen.getByRole( 'row', { name: 'Sunsets 12' } )
		).toBeTruthy();
	} );

	it( 'shows the error with Retry and no numbers after a failed load, and loads again on Retry', async () => {
		let calls = 0;
		answerRoutes( mockedFetch, {
			'GET /mvs/v1/overview': () =>
				++calls === 1
					? {
							status: 500,
							body: {
								code: 'mvs_internal',
								message: 'The database is away.',
								data: { status: 500 },
							},
						}
					: { status: 200, body: overview },
		} );
		render( <OverviewScreen /> );
		await act( async () => {} );
		expect( screen.getByRole( 'alert' ).textContent ).toBe(
			'The database is away.'
		);
		expect( screen.queryByText( 'Uploads today' ) ).toBeNull();
		expect( screen.queryByText( /Nothing to show yet/ ) ).toBeNull();
		await act( async () => {
			fireEvent.click( screen.getByRole( 'button', { name: 'Retry' } ) );
		} );
		expect( calls ).toBe( 2 );
		expect( screen.getByText( 'Uploads today' ) ).toBeTruthy();
	} );

	it( 'says so when the community has nothing yet, without charts', async () => {
		answerRoutes( mockedFetch, {
			'GET /mvs/v1/overview': { status: 200, body: empty },
		} );
		render( <OverviewScreen /> );
		await act( async () => {} );
		expect( screen.getByText( /Nothing to show yet/ ) ).toBeTruthy();
		expect( charts ).toHaveLength( 0 );
	} );
} );

describe( 'formatting', () => {
	it( 'writes sizes with units and waits in the largest whole unit', () => {
		expect( formatBytes( 512 ) ).toBe( '512 B' );
		expect( formatBytes( 1536 ) ).toBe( '1.5 KB' );
		expect( formatBytes( 3 * 1024 ** 3 ) ).toBe( '3.0 GB' );
		const now = Date.parse( '2026-11-30T12:00:00Z' );
		expect( waitedFor( '2026-11-30T11:15:00Z', now ) ).toBe( '45 minutes' );
		expect( waitedFor( '2026-11-29T12:00:00Z', now ) ).toBe( '24 hours' );
		expect( waitedFor( '2026-11-25T12:00:00Z', now ) ).toBe( '5 days' );
	} );
} );
