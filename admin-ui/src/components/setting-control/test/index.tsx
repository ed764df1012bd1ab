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
		details: '',
		unit: null,
		default: null,
		applies_when: null,
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

	it( 'marks a refused field invalid and describes it by its message, then its help', () => {
		render(
			<SettingControl
				field={ field( {} ) }
				value="x"
				error="“Field” is too long."
				onChange={ jest.fn() }
			/>
		);
		const input = screen.getByRole( 'textbox', { name: 'Field' } );
		expect( input.getAttribute( 'aria-invalid' ) ).toBe( 'true' );
		expect(
			screen.getByRole( 'textbox', {
				description: /^“Field” is too long\. ?What it does/,
			} )
		).toBe( input );
	} );

	it( 'shows a size in MB with its range and default, and sends bytes', () => {
		const onChange = jest.fn();
		render(
			<SettingControl
				field={ field( {
					type: 'integer',
					unit: 'bytes',
					minimum: 1024,
					maximum: 4294967296,
					default: 104857600,
				} ) }
				value={ 104857600 }
				onChange={ onChange }
			/>
		);
		const amount = screen.getByRole( 'textbox', {
			name: 'Field',
		} ) as HTMLInputElement;
		expect( amount.value ).toBe( '100' );
		const unit = screen.getByRole( 'combobox', {
			name: 'Unit of “Field”',
		} ) as HTMLSelectElement;
		expect( unit.value ).toBe( 'MB' );
		expect(
			screen.getByText( 'From 1 KB to 4 GB. Default: 100 MB.' )
		).toBeTruthy();
		fireEvent.change( amount, { target: { value: '1.5' } } );
		fireEvent.change( unit, { target: { value: 'GB' } } );
		expect( onChange.mock.calls ).toEqual( [
			[ 1572864 ],
			[ 1610612736 ],
		] );
		fireEvent.change( amount, { target: { value: 'lots' } } );
		expect( onChange ).toHaveBeenLastCalledWith( 'lots GB' );
		expect( amount.value ).toBe( 'lots' );
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

	it( 'keeps a stored secret hidden: empty keeps it, emptied again drops the edit, Remove sends empty', () => {
		const onChange = jest.fn();
		const onDiscard = jest.fn();
		render(
			<SettingControl
				field={ field( { secret: true, is_set: true } ) }
				value=""
				onChange={ onChange }
				onDiscard={ onDiscard }
			/>
		);
		const input = screen.getByLabelText( 'Field' ) as HTMLInputElement;
		expect( input.type ).toBe( 'password' );
		expect( input.value ).toBe( '' );
		expect(
			screen.getByText( 'A key is stored. Leave this empty to keep it.' )
		).toBeTruthy();
		fireEvent.change( input, { target: { value: 'sk-new' } } );
		expect( onChange ).toHaveBeenLastCalledWith( 'sk-new' );
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Remove the stored key' } )
		);
		expect( onChange ).toHaveBeenLastCalledWith( '' );
		expect( onDiscard ).not.toHaveBeenCalled();
	} );
} );
