/**
 * The desk's tabs: counts from X-WP-Total of the two lists (asked again
 * after an action in a panel), the tab kept in the URL, the media panel as given.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import apiFetch from '@wordpress/api-fetch';
import { answerRoutes } from '../../../testing';
import { DeskTabs, tabFromSearch } from '..';

jest.mock( '@wordpress/api-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );
const mockedFetch = apiFetch as unknown as Parameters<
	typeof answerRoutes
>[ 0 ];

describe( 'DeskTabs', () => {
	it( 'shows the counts, opens a tab and keeps it in the URL', async () => {
		answerRoutes( mockedFetch, {
			'GET /mvs/v1/moderation/comments': {
				status: 200,
				body: [],
				headers: { 'X-WP-Total': '3', 'X-WP-TotalPages': '3' },
			},
			'GET /mvs/v1/moderation/members': {
				status: 200,
				body: [],
				headers: { 'X-WP-Total': '0', 'X-WP-TotalPages': '1' },
			},
		} );
		render( <DeskTabs media={ <p>The queue</p> } /> );
		expect( screen.getByText( 'The queue' ) ).toBeTruthy();
		await screen.findByRole( 'button', { name: 'Comments (3)' } );
		await screen.findByRole( 'button', { name: 'Members (0)' } );
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Members (0)' } )
		);
		expect( window.location.search ).toBe( '?tab=members' );
		expect(
			await screen.findByText( 'No member has open reports.' )
		).toBeTruthy();
		expect( screen.queryByText( 'The queue' ) ).toBeNull();
	} );

	it( 'reads the tab from the URL, anything unknown opening Media', () => {
		expect( tabFromSearch( '?page=mvs-moderation&tab=comments' ) ).toBe(
			'comments'
		);
		expect( tabFromSearch( '?tab=nope' ) ).toBe( 'media' );
	} );
} );
