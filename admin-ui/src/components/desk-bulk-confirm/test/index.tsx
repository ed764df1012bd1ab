import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { DeskBulkConfirm, nameItems } from '..';

describe( 'DeskBulkConfirm', () => {
	it( 'names the items and confirms or cancels', () => {
		const onConfirm = jest.fn();
		const onCancel = jest.fn();
		render(
			<DeskBulkConfirm
				titles={ [ 'a.jpg', 'b.png', 'c.mp4' ] }
				busy={ false }
				onConfirm={ onConfirm }
				onCancel={ onCancel }
			/>
		);
		const dialog = screen.getByRole( 'dialog', {
			name: 'Approve selected items',
		} );
		expect( dialog.textContent ).toContain(
			'Approve 3 items: a.jpg, b.png, c.mp4?'
		);
		fireEvent.click( screen.getByRole( 'button', { name: 'Cancel' } ) );
		expect( onCancel ).toHaveBeenCalled();
		expect( onConfirm ).not.toHaveBeenCalled();
		fireEvent.click( screen.getByRole( 'button', { name: 'Approve' } ) );
		expect( onConfirm ).toHaveBeenCalled();
	} );

	it( 'names the first ten of a long selection', () => {
		const titles = Array.from( { length: 12 }, ( _, i ) => `t${ i }` );
		expect( nameItems( titles ) ).toBe(
			't0, t1, t2, t3, t4, t5, t6, t7, t8, t9 and 2 more'
		);
	} );
} );
