import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import type { DeskItem } from '../../../api/types';
import { DeskHistory } from '..';

describe( 'DeskHistory', () => {
	it( 'lists every decision with who, what and why, and says when there is none', () => {
		const item = {
			id: 2,
			title: 'Cat',
			history: [
				{
					action: 'undo',
					by: { id: 3, name: 'Mo' },
					at: '2026-11-02T10:00:00Z',
					reason: null,
					from: 'rejected',
					to: 'pending',
				},
				{
					action: 'reject',
					by: { id: 3, name: 'Mo' },
					at: '2026-11-01T10:00:00Z',
					reason: 'Off topic',
					from: 'pending',
					to: 'rejected',
				},
				{
					action: 'flag',
					by: { id: 0, name: null },
					at: '2026-10-31T10:00:00Z',
					reason: '3 open reports reached the threshold of 3.',
					from: null,
					to: 'flagged',
				},
			],
		} as unknown as DeskItem;
		const { rerender } = render( <DeskHistory item={ item } /> );
		const rows = within(
			screen.getByRole( 'region', { name: 'History of Cat' } )
		).getAllByRole( 'row' );
		expect( rows.map( ( row ) => row.textContent ) ).toEqual( [
			'DateWhatWhoReason',
			expect.stringMatching(
				/Decision undone \(Rejected → Pending\)Mo—$/
			),
			expect.stringMatching(
				/Rejected \(Pending → Rejected\)MoOff topic$/
			),
			expect.stringMatching( /FlaggedAutomatic3 open reports/ ),
		] );
		rerender( <DeskHistory item={ { ...item, history: [] } } /> );
		expect( screen.getByText( 'No decisions yet.' ) ).toBeTruthy();
	} );
} );
