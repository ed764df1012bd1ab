/**
 * The uploader filter over a mocked api-fetch: typing asks the desk's
 * member search once the typing pauses, picking a member reports their ID,
 * a filter set by ID alone (a reload) is shown by name, and Reset clears.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import apiFetch from '@wordpress/api-fetch';
import { answerRoutes } from '../../../testing';
import { DeskUploaderFilter } from '..';

jest.mock( '@wordpress/api-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );
const mockedFetch = apiFetch as unknown as Parameters<
	typeof answerRoutes
>[ 0 ];

const card = ( id: number, name: string ) => ( {
	id,
	display_name: name,
	avatar_url: '',
	profile_url: '',
	is_following: false,
} );

describe( 'DeskUploaderFilter', () => {
	it( 'searches as the moderator types, reports the member picked, and clears', async () => {
		const sent = answerRoutes( mockedFetch, {
			'GET /mvs/v1/moderation/members/search': ( options ) => ( {
				status: 200,
				body: ( options.path ?? '' ).includes( 'search=ada' )
					? [ card( 7, 'Ada Lovelace' ), card( 9, 'Adam Smith' ) ]
					: [],
			} ),
		} );
		const onChange = jest.fn();
		const { rerender } = render(
			<DeskUploaderFilter
				uploader={ null }
				knownName={ null }
				onChange={ onChange }
			/>
		);
		const input = screen.getByLabelText( 'Uploader' ) as HTMLInputElement;
		fireEvent.focus( input );
		fireEvent.change( input, { target: { value: 'ada' } } );
		// Debounced: nothing asked while typing.
		expect( sent ).toEqual( [] );
		fireEvent.click(
			await screen.findByRole( 'option', { name: 'Ada Lovelace (#7)' } )
		);
		expect( sent.map( ( { request } ) => request ) ).toEqual( [
			'GET /mvs/v1/moderation/members/search?search=ada&per_page=10',
		] );
		expect( onChange ).toHaveBeenLastCalledWith( 7 );

		rerender(
			<DeskUploaderFilter
				uploader={ 7 }
				knownName={ null }
				onChange={ onChange }
			/>
		);
		expect( input.value ).toBe( 'Ada Lovelace (#7)' );
		fireEvent.click( screen.getByRole( 'button', { name: 'Reset' } ) );
		expect( onChange ).toHaveBeenLastCalledWith( null );
	} );

	it( 'names a member set by ID alone, as after a reload', async () => {
		const sent = answerRoutes( mockedFetch, {
			'GET /mvs/v1/moderation/members/search': {
				status: 200,
				body: [ card( 12, 'Grace Hopper' ) ],
			},
		} );
		render(
			<DeskUploaderFilter
				uploader={ 12 }
				knownName={ null }
				onChange={ () => {} }
			/>
		);
		const input = screen.getByLabelText( 'Uploader' ) as HTMLInputElement;
		await act( async () => {
			await new Promise( ( resolve ) => setTimeout( resolve, 0 ) );
		} );
		expect( input.value ).toBe( 'Grace Hopper (#12)' );
		expect( sent.map( ( { request } ) => request ) ).toEqual( [
			'GET /mvs/v1/moderation/members/search?search=%2312&per_page=10',
		] );
	} );
} );
