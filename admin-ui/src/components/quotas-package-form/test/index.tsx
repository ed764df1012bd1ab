/**
 * The package dialog: what it sends (storage in bytes, empty limits as 0,
 * roles), and what it refuses before sending.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { PackageFields } from '../../../store/quotas/types';
import { PackageForm } from '..';

const roles = [
	{ slug: 'subscriber', name: 'Subscriber' },
	{ slug: 'mvs_member', name: 'Community Member' },
];

function renderForm(
	props: Partial< Parameters< typeof PackageForm >[ 0 ] > = {}
) {
	const onSubmit = jest.fn< ( fields: PackageFields ) => void >();
	render(
		<PackageForm
			roles={ roles }
			saving={ false }
			error={ null }
			onSubmit={ onSubmit }
			onCancel={ () => undefined }
			{ ...props }
		/>
	);
	return { onSubmit, dialog: screen.getByRole( 'dialog' ) };
}

describe( 'PackageForm', () => {
	it( 'sends a storage size typed in MB as bytes, empty limits as 0, and the ticked roles', () => {
		const { onSubmit, dialog } = renderForm();
		const ui = within( dialog );
		fireEvent.change( ui.getByLabelText( 'Name' ), {
			target: { value: ' Basic ' },
		} );
		fireEvent.change( ui.getByLabelText( 'Images' ), {
			target: { value: '50' },
		} );
		fireEvent.change( ui.getByLabelText( 'Videos' ), {
			target: { value: '' },
		} );
		fireEvent.change( ui.getByLabelText( 'Amount' ), {
			target: { value: '250' },
		} );
		fireEvent.click( ui.getByLabelText( 'Community Member' ) );
		fireEvent.click(
			ui.getByLabelText(
				'Default package (for members who hold no other)'
			)
		);
		fireEvent.click( ui.getByRole( 'button', { name: 'Save package' } ) );
		expect( onSubmit ).toHaveBeenCalledWith( {
			name: 'Basic',
			image_limit: 50,
			video_limit: 0,
			audio_limit: 0,
			storage_bytes: 262144000,
			is_default: true,
			roles: [ 'mvs_member' ],
		} );
	} );

	it( 'shows a stored size in GB and sends it back unchanged', () => {
		const { onSubmit, dialog } = renderForm( {
			initial: {
				id: 3,
				name: 'Big',
				image_limit: 0,
				video_limit: 5,
				audio_limit: 0,
				storage_bytes: 2 * 1073741824,
				is_default: false,
				sort_order: 0,
				roles: [],
				created_at: '2026-01-01T00:00:00Z',
			},
		} );
		const ui = within( dialog );
		expect(
			( ui.getByLabelText( 'Amount' ) as HTMLInputElement ).value
		).toBe( '2' );
		expect(
			( ui.getByLabelText( 'Unit' ) as HTMLSelectElement ).value
		).toBe( 'GB' );
		fireEvent.click( ui.getByRole( 'button', { name: 'Save package' } ) );
		expect( onSubmit.mock.calls[ 0 ]?.[ 0 ] ).toMatchObject( {
			name: 'Big',
			video_limit: 5,
			storage_bytes: 2147483648,
		} );
	} );

	it( 'refuses a missing name and a negative limit next to their fields, and sends nothing', () => {
		const { onSubmit, dialog } = renderForm();
		const ui = within( dialog );
		fireEvent.change( ui.getByLabelText( 'Audio files' ), {
			target: { value: '-3' },
		} );
		fireEvent.click( ui.getByRole( 'button', { name: 'Save package' } ) );
		expect( onSubmit ).not.toHaveBeenCalled();
		expect(
			ui.getByLabelText( 'Name' ).getAttribute( 'aria-invalid' )
		).toBe( 'true' );
		expect(
			ui.getByLabelText( 'Audio files' ).getAttribute( 'aria-invalid' )
		).toBe( 'true' );
		expect( ui.getByText( 'Give the package a name.' ) ).toBeTruthy();
	} );

	it( "shows the server's message in the dialog and next to the field it names", () => {
		const { dialog } = renderForm( {
			error: {
				message: 'Unknown role: editor.',
				fields: { roles: 'Unknown role: editor.' },
			},
		} );
		expect(
			within( dialog ).getAllByText( 'Unknown role: editor.' )
		).toHaveLength( 2 );
	} );
} );
