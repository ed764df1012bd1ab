import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import type { SettingField } from '../../../../../client/src/client';
import { SettingControl } from '..';

const field = ( extra: Partial< SettingField > ) =>
	( {
		key: 'k',
		section: 's',
		title: 'Field',
		description: 'What it does',
		type: 'string',
		enum: null,
		options: null,
		minimum: null,
		maximum: null,
		secret: false,
		is_set: false,
		...extra,
	} ) as SettingField;

describe( 'SettingControl', () => {
	it( 'sends a number for an integer field, and an empty string when cleared', () => {
		const onChange = jest.fn();
		render(
			<SettingControl
				field={ field( { type: 'integer', minimum: 1, maximum: 100 } ) }
				value={ 3 }
				onChange={ onChange }
			/>
		);
		const input = screen.getByLabelText( 'Field' );
		fireEvent.change( input, { target: { value: '7' } } );
		fireEvent.change( input, { target: { value: '' } } );
		expect( onChange.mock.calls ).toEqual( [ [ 7 ], [ '' ] ] );
	} );

	it( 'shows the server message instead of the description', () => {
		render(
			<SettingControl
				field={ field( {} ) }
				value="x"
				error="Too long."
				onChange={ jest.fn() }
			/>
		);
		expect( screen.getByRole( 'alert' ).textContent ).toBe( 'Too long.' );
		expect( screen.queryByText( 'What it does' ) ).toBeNull();
	} );

	it( 'renders an enum as a select of its labels, a boolean as a toggle, a secret as a password', () => {
		const onChange = jest.fn();
		const { unmount } = render(
			<SettingControl
				field={ field( {
					enum: [ 'public', 'members' ],
					options: [
						{ value: 'public', label: 'Public' },
						{ value: 'members', label: 'Members' },
					],
				} ) }
				value="public"
				onChange={ onChange }
			/>
		);
		fireEvent.change( screen.getByLabelText( 'Field' ), {
			target: { value: 'members' },
		} );
		expect( onChange ).toHaveBeenLastCalledWith( 'members' );
		expect(
			screen.getByRole( 'option', { name: 'Members' } )
		).toBeTruthy();
		unmount();

		render(
			<SettingControl
				field={ field( { type: 'boolean' } ) }
				value={ false }
				onChange={ onChange }
			/>
		);
		fireEvent.click( screen.getByLabelText( 'Field' ) );
		expect( onChange ).toHaveBeenLastCalledWith( true );
	} );

	it( 'keeps a stored secret hidden and says it is set', () => {
		render(
			<SettingControl
				field={ field( { secret: true, is_set: true } ) }
				value=""
				onChange={ jest.fn() }
			/>
		);
		const input = screen.getByLabelText( 'Field' ) as HTMLInputElement;
		expect( input.type ).toBe( 'password' );
		expect( input.placeholder ).toBe(
			'Stored; type a new value to replace it'
		);
	} );
} );
