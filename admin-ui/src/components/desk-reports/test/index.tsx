import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import type { DeskItem } from '../../../api/types';
import { ReportList, ReportSummary, reasonLabel } from '..';

const item = ( extra: Partial< DeskItem > ) =>
	( {
		id: 3,
		title: 'Cat',
		reasons: [],
		latest_details: null,
		reports: [],
		flag_reason: null,
		...extra,
	} ) as DeskItem;

describe( 'desk reports', () => {
	it( 'summarises reasons with counts and the latest details, or says why an item without reports is flagged', () => {
		const { rerender } = render(
			<ReportSummary
				item={ item( {
					reasons: [
						{ reason: 'nudity', count: 2 },
						{ reason: 'spam', count: 1 },
					],
					latest_details: 'Not for kids',
				} ) }
			/>
		);
		expect( screen.getByText( 'Nudity (2)' ) ).toBeTruthy();
		expect( screen.getByText( 'Spam (1)' ) ).toBeTruthy();
		expect( screen.getByText( 'Not for kids' ) ).toBeTruthy();
		rerender(
			<ReportSummary
				item={ item( {
					flag_reason: 'AI safety score 1 reached the threshold 0.6.',
				} ) }
			/>
		);
		expect(
			screen.getByText( 'AI safety score 1 reached the threshold 0.6.' )
		).toBeTruthy();
		expect( reasonLabel( 'unknown' ) ).toBe( 'unknown' );
	} );

	it( 'lists every report with reporter, reason, details and date', () => {
		render(
			<ReportList
				item={ item( {
					reports: [
						{
							id: 1,
							reporter: { id: 4, name: 'Bo' },
							reason: 'spam',
							details: 'Shop link',
							status: 'open',
							created_at: '2026-11-01T10:00:00Z',
						},
						{
							id: 2,
							reporter: { id: 5, name: null },
							reason: 'other',
							details: '',
							status: 'resolved',
							created_at: '2026-10-01T10:00:00Z',
						},
					],
				} ) }
			/>
		);
		const region = screen.getByRole( 'region', { name: 'Reports on Cat' } );
		expect( region.textContent ).toContain( '2 reports' );
		expect( screen.getByRole( 'cell', { name: 'Bo' } ) ).toBeTruthy();
		expect(
			screen.getByRole( 'cell', { name: 'Shop link' } )
		).toBeTruthy();
		expect(
			screen.getByRole( 'cell', { name: 'Deleted account' } )
		).toBeTruthy();
	} );
} );
