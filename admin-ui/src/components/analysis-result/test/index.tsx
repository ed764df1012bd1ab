import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { AnalysisResult, formatValue, verdictLabel } from '..';

describe( 'AnalysisResult', () => {
	it( 'words the verdict and the score against the threshold', () => {
		const onClose = jest.fn();
		render(
			<AnalysisResult
				title="Cat"
				result={
					{
						description: 'A cat',
						tags: [ 'cat', 'pet' ],
						safety: { score: 0.1, threshold: 0.6, verdict: 'safe' },
						provider: 'local',
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

	it( 'formats missing and structured values', () => {
		expect( formatValue( null ) ).toBe( '—' );
		expect( formatValue( { a: 1 } ) ).toBe( '{"a":1}' );
		expect( verdictLabel( 'unsafe' ) ).toBe( 'Unsafe: flagged for review' );
		expect( verdictLabel( undefined ) ).toBe( '—' );
	} );
} );
