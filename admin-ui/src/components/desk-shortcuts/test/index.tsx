import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render } from '@testing-library/react';
import { useDeskShortcuts, type DeskShortcut } from '..';

function Harness( {
	onShortcut,
}: {
	onShortcut: ( s: DeskShortcut ) => void;
} ) {
	useDeskShortcuts( onShortcut );
	return (
		<table>
			<tbody>
				<tr tabIndex={ -1 } data-testid="row">
					<td>
						<input aria-label="field" />
						<button type="button">Act</button>
					</td>
				</tr>
			</tbody>
		</table>
	);
}

describe( 'useDeskShortcuts', () => {
	it( 'maps the keys, and ignores typing, modifiers, Enter on a button and open dialogs', () => {
		const onShortcut = jest.fn();
		const { getByLabelText, getByRole, getByTestId } = render(
			<Harness onShortcut={ onShortcut } />
		);
		for ( const key of [ 'j', 'k', 'a', 'r', 'o', '?', 'h', 'x' ] ) {
			fireEvent.keyDown( document.body, { key } );
		}
		fireEvent.keyDown( getByTestId( 'row' ), { key: 'Enter' } );
		expect( onShortcut.mock.calls.map( ( [ s ] ) => s ) ).toEqual( [
			'next',
			'previous',
			'approve',
			'reject',
			'open',
			'help',
			'help',
			'open',
		] );
		onShortcut.mockClear();
		fireEvent.keyDown( getByLabelText( 'field' ), { key: 'a' } );
		fireEvent.keyDown( document.body, { key: 'a', ctrlKey: true } );
		fireEvent.keyDown( getByRole( 'button' ), { key: 'Enter' } );
		const modal = document.createElement( 'div' );
		modal.className = 'components-modal__frame';
		document.body.appendChild( modal );
		fireEvent.keyDown( document.body, { key: 'j' } );
		modal.remove();
		expect( onShortcut ).not.toHaveBeenCalled();
	} );
} );
