import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { DeskRowNotice } from '..';

describe( 'DeskRowNotice', () => {
	it( 'announces a success with Undo, and an error as an alert without it', () => {
		const onUndo = jest.fn();
		const { rerender } = render(
			<DeskRowNotice
				notice={ {
					status: 'success',
					message: 'Cat approved.',
					undo: true,
				} }
				busy={ false }
				onUndo={ onUndo }
				onDismiss={ () => undefined }
			/>
		);
		expect( screen.getByRole( 'status' ).textContent ).toContain(
			'Cat approved.'
		);
		fireEvent.click( screen.getByRole( 'button', { name: 'Undo' } ) );
		expect( onUndo ).toHaveBeenCalledTimes( 1 );
		rerender(
			<DeskRowNotice
				notice={ {
					status: 'error',
					message: 'Not found.',
					undo: false,
				} }
				busy={ false }
				onUndo={ onUndo }
				onDismiss={ () => undefined }
			/>
		);
		expect( screen.getByRole( 'alert' ).textContent ).toContain(
			'Not found.'
		);
		expect( screen.queryByRole( 'button', { name: 'Undo' } ) ).toBeNull();
	} );
} );
