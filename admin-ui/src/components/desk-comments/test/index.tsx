/**
 * The Comments tab over a mocked api-fetch: held and spam comments with
 * their author, item and text (as text, never markup), Approve and Delete
 * with feedback in the row and the tabs told, a failed load with Retry.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import apiFetch from '@wordpress/api-fetch';
import { answerRoutes, type Answer } from '../../../testing';
import { DeskComments } from '..';

jest.mock( '@wordpress/api-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );
const mockedFetch = apiFetch as unknown as Parameters<
	typeof answerRoutes
>[ 0 ];

const held = ( id: number, extra: Record< string, unknown > = {} ) => ( {
	id,
	status: 'held',
	content: `Buy <b>now</b> ${ id }`,
	content_html: `Buy &lt;b&gt;now&lt;/b&gt; ${ id }`,
	created_at: '2026-11-01T10:00:00Z',
	parent: 0,
	author: {
		id: 7,
		name: 'Ada',
		profile_url: '/wp-admin/user-edit.php?user_id=7',
	},
	media: { id: 3, title: 'Sunset' },
	...extra,
} );

const page = ( ...items: object[] ): Answer => ( {
	status: 200,
	body: items,
	headers: { 'X-WP-Total': String( items.length ), 'X-WP-TotalPages': '1' },
} );

describe( 'DeskComments', () => {
	it( 'lists waiting comments as text and approves or deletes one in its row', async () => {
		let changes = 0;
		const sent = answerRoutes( mockedFetch, {
			'GET /mvs/v1/moderation/comments': page(
				held( 1 ),
				held( 2, { status: 'spam' } )
			),
			'POST /mvs/v1/moderation/comments/1': {
				status: 200,
				body: {
					id: 1,
					action: 'approve',
					status: 'approved',
					changed: true,
				},
			},
			'POST /mvs/v1/moderation/comments/2': {
				status: 404,
				body: {
					code: 'mvs_not_found',
					message: 'Comment not found.',
					data: { status: 404 },
				},
			},
		} );
		const { container } = render(
			<DeskComments onChange={ () => changes++ } />
		);
		await screen.findByText( 'Buy <b>now</b> 1' );
		expect( container.querySelector( 'b' ) ).toBeNull();
		expect(
			screen
				.getAllByRole( 'link', { name: 'Ada' } )[ 0 ]!
				.getAttribute( 'href' )
		).toBe( '/wp-admin/user-edit.php?user_id=7' );
		expect(
			container.querySelector( '.mvs-tabs__badge.is-spam' )?.textContent
		).toBe( 'Spam' );

		fireEvent.click(
			screen.getAllByRole( 'button', { name: 'Approve' } )[ 0 ]!
		);
		expect( ( await screen.findByRole( 'status' ) ).textContent ).toContain(
			'Comment approved'
		);
		expect( sent.at( -1 ) ).toEqual( {
			request: 'POST /mvs/v1/moderation/comments/1',
			data: { action: 'approve' },
		} );
		expect( changes ).toBe( 1 );

		fireEvent.click( screen.getByRole( 'button', { name: 'Delete' } ) );
		expect( ( await screen.findByRole( 'alert' ) ).textContent ).toContain(
			'Comment not found.'
		);
		expect( changes ).toBe( 1 );
		// The failed row keeps its actions.
		expect(
			screen.getAllByRole( 'button', { name: 'Approve' } )
		).toHaveLength( 1 );
	} );

	it( 'shows a failed load with Retry, and loads again', async () => {
		let fail = true;
		answerRoutes( mockedFetch, {
			'GET /mvs/v1/moderation/comments': () =>
				fail
					? {
							status: 500,
							body: {
								code: 'x',
								message: 'Database down.',
								data: { status: 500 },
							},
						}
					: page(),
		} );
		render( <DeskComments /> );
		await screen.findByRole( 'button', { name: 'Retry' } );
		expect(
			document.querySelector( '.components-notice__content' )?.textContent
		).toContain( 'Database down.' );
		fail = false;
		fireEvent.click( screen.getByRole( 'button', { name: 'Retry' } ) );
		await waitFor( () =>
			screen.getByText( 'No comments are waiting for a moderator.' )
		);
	} );
} );
