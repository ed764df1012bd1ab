import { describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import type { DeskItem } from '../../../api/types';
import { store } from '../../../store/moderation';
import { freshRegistry, withRegistry } from '../../../testing';
import { QueueRow, stateLabel } from '..';

const item = {
	id: 3,
	title: '',
	media_type: 'image',
	mime_type: 'image/png',
	privacy: 'public',
	created_at: '2026-11-01T10:00:00Z',
	moderation_status: 'flagged',
	uploader: { id: 7, name: 'Ada', profile_url: null },
	open_reports: 2,
	reasons: [ { reason: 'spam', count: 2 } ],
	latest_details: null,
	reports: [],
	flag_reason: null,
	analysis: null,
	decision: {
		action: 'reject',
		by: { id: 1, name: 'Mo' },
		at: '2026-11-02T10:00:00Z',
		reason: 'Blurry',
		from: 'approved',
	},
	history: [],
} as unknown as DeskItem;

function renderRow() {
	const registry = freshRegistry( store );
	const { container } = render(
		<table>
			<tbody>
				<QueueRow item={ item } columns={ 7 } />
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
		// The uploader without a profile link, and who decided last and why.
		expect( screen.getByText( 'Ada' ) ).toBeTruthy();
		expect( screen.getByText( /Rejected by Mo/ ) ).toBeTruthy();
		expect( screen.getByText( 'Blurry' ) ).toBeTruthy();
		// Details expand the row: its reports and that it was not analysed.
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Details of #3' } )
		);
		expect( screen.getByText( 'Not analysed yet.' ) ).toBeTruthy();
	} );

	it( 'translates known states and keeps unknown slugs', () => {
		expect( stateLabel( 'approved' ) ).toBe( 'Approved' );
		expect( stateLabel( 'other' ) ).toBe( 'other' );
	} );
} );
