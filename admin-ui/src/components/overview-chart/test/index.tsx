import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { OverviewChart } from '..';

const made: Array< {
	options: Record< string, any >;
	data: number[][];
	destroy: jest.Mock;
} > = [];
jest.mock( 'uplot', () => {
	const Chart = jest.fn(
		( options: Record< string, any >, data: number[][] ) => {
			const chart = {
				options,
				data,
				destroy: jest.fn(),
				setSize: jest.fn(),
			};
			made.push( chart );
			return chart;
		}
	);
	( Chart as unknown as { paths: unknown } ).paths = { bars: () => 'bars' };
	return { __esModule: true, default: Chart };
} );
jest.mock( 'uplot/dist/uPlot.min.css', () => ( {} ), { virtual: true } );

describe( 'OverviewChart', () => {
	it( 'draws the days as UTC midnights with one series each, names the figure, and lets go of the chart on unmount', () => {
		const { unmount } = render(
			<OverviewChart
				title="Reports per day"
				summary="2 reports in the last 30 days."
				days={ [ '2026-11-29', '2026-11-30' ] }
				series={ [
					{ label: 'Reports', color: '#d63638', values: [ 0, 2 ] },
				] }
				bars
			/>
		);
		expect( screen.getByText( 'Reports per day' ).tagName ).toBe(
			'FIGCAPTION'
		);
		expect(
			screen.getByRole( 'img', {
				name: '2 reports in the last 30 days.',
			} )
		).toBeTruthy();
		expect( made ).toHaveLength( 1 );
		expect( made[ 0 ]!.data ).toEqual( [
			[
				Date.UTC( 2026, 10, 29 ) / 1000,
				Date.UTC( 2026, 10, 30 ) / 1000,
			],
			[ 0, 2 ],
		] );
		expect( made[ 0 ]!.options.series[ 1 ] ).toMatchObject( {
			label: 'Reports',
			paths: 'bars',
		} );
		unmount();
		expect( made[ 0 ]!.destroy ).toHaveBeenCalled();
	} );
} );
