import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { RejectModal } from '..';

describe( 'RejectModal', () => {
	it( 'names the count and confirms with the trimmed reason', () => {
		const onConfirm = jest.fn();
		render(
			<RejectModal
				count={ 2 }
				busy={ false }
				onConfirm={ onConfirm }
				onCancel={ jest.fn() }
			/>
		);
		const dialog = screen.getByRole( 'dialog', { name: 'Reject 2 items' } );
		fireEvent.change(
			screen.getByLabelText( 'Reason (optional, sent to the uploader)' ),
			{ target: { value: '  Blurry  ' } }
		);
		fireEvent.click( screen.getByRole( 'button', { name: 'Reject' } ) );
		expect( dialog ).toBeTruthy();
		expect( onConfirm ).toHaveBeenCalledWith( 'Blurry' );
	} );

	it( 'disables both buttons while busy', () => {
		render(
			<RejectModal
				count={ 1 }
				busy
				onConfirm={ jest.fn() }
				onCancel={ jest.fn() }
			/>
		);
		expect(
			(
				screen.getByRole( 'button', {
					name: 'Reject',
				} ) as HTMLButtonElement
			 ).disabled
		).toBe( true );
		expect(
			(
				screen.getByRole( 'button', {
					name: 'Cancel',
				} ) as HTMLButtonElement
			 ).disabled
		).toBe( true );
	} );
} );
