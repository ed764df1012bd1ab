import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import {
	AnalysisResult,
	formatValue,
	measuresLabel,
	skinShareLabel,
	verdictLabel,
} from '..';

const match = {
	media_id: 12,
	title: 'Beach',
	distance: 3,
	decision: {
		by: { id: 2, name: 'Mia' },
		at: '2026-11-20T10:00:00Z',
		reason: 'Posted without consent',
	},
};

describe( 'AnalysisResult', () => {
	it( 'shows the local skin-tone share as a measure, never as a verdict', () => {
		render(
			<AnalysisResult
				title="Sunset"
				result={
					{
						description: 'A bright image',
						tags: [ 'orange' ],
						safety: {
							score: 0.42,
							threshold: 0.6,
							verdict: 'not_judged',
							basis: 'skin_tone_share',
						},
						metrics: {
							width: 160,
							height: 120,
							dominant_color: 'orange',
							brightness: 180,
						},
						provider: 'local',
					} as never
				}
			/>
		);
		expect(
			screen.getByText(
				'Skin-tone share 42 %: a colour measure, not a safety verdict'
			)
		).toBeTruthy();
		expect(
			screen.getByText(
				'160 × 120 px, mostly orange, brightness 180 of 255'
			)
		).toBeTruthy();
		expect( screen.queryByText( 'Verdict' ) ).toBeNull();
		expect( screen.queryByText( /Safe|Unsafe/ ) ).toBeNull();
	} );

	it( 'reads an analysis stored before the basis existed as the local measure too', () => {
		render(
			<AnalysisResult
				title="Old"
				result={
					{
						safety: { score: 1, threshold: 0.6, verdict: 'unsafe' },
						provider: 'local',
					} as never
				}
			/>
		);
		expect( screen.getByText( 'Skin-tone share' ) ).toBeTruthy();
		expect(
			screen.getByText(
				'Skin-tone share 100 %: a colour measure, not a safety verdict (this site lets it flag items)'
			)
		).toBeTruthy();
	} );

	it( 'words a model’s verdict and its score against the threshold', () => {
		const onClose = jest.fn();
		render(
			<AnalysisResult
				title="Cat"
				result={
					{
						description: 'A cat',
						tags: [ 'cat', 'pet' ],
						safety: {
							score: 0.1,
							threshold: 0.6,
							verdict: 'safe',
							basis: 'model',
						},
						provider: 'openai',
					} as never
				}
				onClose={ onClose }
			/>
		);
		expect( screen.getByText( 'Analysis of Cat' ) ).toBeTruthy();
		expect( screen.getByText( 'cat, pet' ) ).toBeTruthy();
		expect( screen.getByText( '0.1 (flagged from 0.6)' ) ).toBeTruthy();
		expect( screen.getByText( 'Safe' ) ).toBeTruthy();
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Close analysis' } )
		);
		expect( onClose ).toHaveBeenCalled();
	} );

	it( 'shows the hash and the earlier rejection with a link, without an analysis', () => {
		render(
			<AnalysisResult
				title="Again"
				result={ null }
				imageHash="5a5adad29696b4e5"
				earlierRejection={ match }
			/>
		);
		expect( screen.getByText( 'Not analysed yet.' ) ).toBeTruthy();
		expect( screen.getByText( '5a5adad29696b4e5' ) ).toBeTruthy();
		const note = screen.getByRole( 'note' );
		expect( note.textContent ).toContain(
			'Looks like “Beach” (#12), which a moderator rejected.'
		);
		expect( note.textContent ).toContain(
			'Reason: Posted without consent.'
		);
		expect( note.textContent ).toContain( 'differ in 3 of 64 bits' );
		expect(
			screen
				.getByRole( 'link', { name: 'Open the earlier decision' } )
				.getAttribute( 'href' )
		).toBe( '?page=mvs-moderation&view=rejected&s=Beach' );
	} );

	it( 'says when the earlier item is gone', () => {
		render(
			<AnalysisResult
				title="Again"
				result={ null }
				earlierRejection={ { ...match, title: null, decision: null } }
			/>
		);
		expect( screen.getByRole( 'note' ).textContent ).toContain(
			'item #12 (since deleted)'
		);
		expect( screen.queryByRole( 'link' ) ).toBeNull();
	} );

	it( 'formats missing and structured values', () => {
		expect( formatValue( null ) ).toBe( '—' );
		expect( formatValue( { a: 1 } ) ).toBe( '{"a":1}' );
		expect( verdictLabel( 'unsafe' ) ).toBe( 'Unsafe: flagged for review' );
		expect( verdictLabel( 'not_judged' ) ).toBe( 'Not judged' );
		expect( verdictLabel( undefined ) ).toBe( '—' );
		expect( measuresLabel( null ) ).toBe( '—' );
		expect( skinShareLabel( 0.055, false ) ).toBe(
			'Skin-tone share 6 %: a colour measure, not a safety verdict'
		);
	} );
} );
