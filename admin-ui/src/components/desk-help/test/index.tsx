import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { DeskHelp } from '..';

describe( 'DeskHelp', () => {
	it( 'lists every shortcut with what it does', () => {
		render( <DeskHelp onClose={ jest.fn() } /> );
		const dialog = screen.getByRole( 'dialog', {
			name: 'Keyboard shortcuts',
		} );
		const terms = [ ...dialog.querySelectorAll( 'dt' ) ].map(
			( dt ) => dt.textContent
		);
		expect( terms ).toEqual( [
			'j',
			'k',
			'a',
			'r',
			'o or Enter',
			'? or h',
		] );
		expect( dialog.textContent ).toContain( 'Approve the item' );
	} );
} );
