/**
 * The Members tab over a mocked api-fetch: reported members with reasons,
 * details and reporters; Warn sends the moderator's words; Suspend asks
 * first and does nothing on Cancel; the tabs are told of each action.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import apiFetch from '@wordpress/api-fetch';
import { answerRoutes } from '../../../testing';
import { DeskMembers } from '..';

jest.mock( '@wordpress/api-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );
const mockedFetch = apiFetch as unknown as Parameters<
	typeof answerRoutes
>[ 0 ];

const reported = ( id: number, name: string ) => ( {
	member: { id, name, profile_url: null },
	open_reports: 2,
	reasons: [ { reason: 'harassment', count: 2 } ],
	latest_details: 'Insults under my photos',
	latest_report_at: '2026-11-01T10:00:00Z',
	reporters: [
		{ id: 4, name: 'Bea' },
		{ id: 5, name: null },
	],
	suspended: false,
	suspended_at: null,
} );

describe( 'DeskMembers', () => {
	it( 'warns with a message, and suspends only once confirmed', async () => {
		let changes = 0;
		const outcome = ( userId: number, action: string ) => ( {
			status: 200,
			body: {
				user_id: userId,
				action,
				closed_reports: 2,
				suspended: 'suspend' === action,
				notified: 'warn' === action,
			},
		} );
		const sent = answerRoutes( mockedFetch, {
			'GET /mvs/v1/moderation/members': {
				status: 200,
				body: [ reported( 8, 'Cy' ), reported( 9, 'Di' ) ],
				headers: { 'X-WP-Total': '2', 'X-WP-TotalPages': '1' },
			},
			'POST /mvs/v1/moderation/members/8': outcome( 8, 'warn' ),
			'POST /mvs/v1/moderation/members/9': outcome( 9, 'suspend' ),
		} );
		render( <DeskMembers onChange={ () => changes++ } /> );
		expect(
			( await screen.findAllByText( 'Insults under my photos' ) ).length
		).toBe( 2 );
		expect( screen.getAllByText( 'Bea, deleted account' ) ).toHaveLength(
			2
		);
		expect( screen.getAllByText( 'Harassment × 2' ) ).toHaveLength( 2 );

		fireEvent.click(
			screen.getAllByRole( 'button', { name: 'Warn' } )[ 0 ]!
		);
		fireEvent.change(
			screen.getByLabelText( 'Message to the member (optional)' ),
			{ target: { value: 'Be kind.' } }
		);
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Send warning' } )
		);
		expect( ( await screen.findByRole( 'status' ) ).textContent ).toContain(
			'Warning sent'
		);
		expect( sent.at( -1 ) ).toEqual( {
			request: 'POST /mvs/v1/moderation/members/8',
			data: { action: 'warn', message: 'Be kind.' },
		} );
		expect( changes ).toBe( 1 );

		// Suspend asks first; Cancel sends nothing.
		const before = sent.length;
		fireEvent.click( screen.getByRole( 'button', { name: 'Suspend' } ) );
		expect( screen.getByRole( 'dialog' ).textContent ).toContain(
			'Suspend Di?'
		);
		fireEvent.click( screen.getByRole( 'button', { name: 'Cancel' } ) );
		expect( sent.length ).toBe( before );
		fireEvent.click( screen.getByRole( 'button', { name: 'Suspend' } ) );
		fireEvent.click(
			screen.getAllByRole( 'button', { name: 'Suspend' } ).at( -1 )!
		);
		expect(
			( await screen.findByText( /Member suspended/ ) ).textContent
		).toContain( 'can no longer sign in' );
		expect( sent.at( -1 ) ).toEqual( {
			request: 'POST /mvs/v1/moderation/members/9',
			data: { action: 'suspend' },
		} );
	} );
} );
