import { describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import type { QueueItem } from '../../../api/types';
import { store } from '../../../store/moderation';
import { freshRegistry, withRegistry } from '../../../testing';
import { QueueRow, stateLabel } from '..';

const item = {
	id: 3,
	title: '',
	media_type: 'image',
	mime_type: 'image/png',
	open_reports: 2,
} as QueueItem;

function renderRow() {
	const registry = freshRegistry( store );
	const { container } = render(
		<table>
			<tbody>
				<QueueRow item={ item } state="flagged" />
			</tbody>
		</table>,
		{ wrapper: withRegistry( registry ) }
	);
	return { registry, container };
}

describe( 'QueueRow', () => {
	it( 'names an untitled item by id, labels its state and shows the media type until a signed URL arrives', () => {
		const { registry, container } = renderRow();
		expect(
			screen.getByRole( 'button', { name: 'Approve #3' } )
		).toBeTruthy();
		expect( screen.getByText( 'Flagged' ) ).toBeTruthy();
		expect(
			container.querySelector( '.mvs-queue__thumb--placeholder' )
				?.textContent
		).toBe( 'image' );
		fireEvent.click(
			screen.getByRole( 'checkbox', { name: 'Select #3' } )
		);
		expect( registry.select( store ).getSelected() ).toEqual( [ 3 ] );
		fireEvent.click( screen.getByRole( 'button', { name: 'Reject #3' } ) );
		expect( registry.select( store ).getRejecting() ).toEqual( [ 3 ] );
	} );

	it( 'translates known states and keeps unknown slugs', () => {
		expect( stateLabel( 'approved' ) ).toBe( 'Approved' );
		expect( stateLabel( 'other' ) ).toBe( 'other' );
	} );
} );
