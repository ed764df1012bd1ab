/**
 * The usage bar: a named meter with its figures, none for unlimited.
 */
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { UsageBar } from '..';

describe( 'UsageBar', () => {
	it( 'is a meter named by its label, valued by the usage, capped at the limit', () => {
		render( <UsageBar label="Images of Ann" used={ 12 } limit={ 10 } /> );
		const meter = screen.getByRole( 'meter', { name: 'Images of Ann' } );
		expect( meter.getAttribute( 'aria-valuenow' ) ).toBe( '10' );
		expect( meter.getAttribute( 'aria-valuemax' ) ).toBe( '10' );
		expect( meter.getAttribute( 'aria-valuetext' ) ).toBe( '12 of 10' );
		expect( meter.className ).toContain( 'mvs-usage__bar--full' );
		expect( screen.getByText( '12 of 10' ) ).toBeTruthy();
	} );

	it( 'shows its caption before the figures when it has one', () => {
		render(
			<UsageBar
				label="Videos of Ann"
				caption="Videos"
				used={ 1 }
				limit={ 4 }
			/>
		);
		expect( screen.getByText( 'Videos: 1 of 4' ) ).toBeTruthy();
	} );

	it( 'shows no meter for an unlimited dimension', () => {
		render(
			<UsageBar
				label="Storage of Ann"
				used={ 2048 }
				limit={ 0 }
				format={ ( n ) => `${ n / 1024 } KB` }
			/>
		);
		expect( screen.queryByRole( 'meter' ) ).toBeNull();
		expect( screen.getByText( '2 KB · unlimited' ) ).toBeTruthy();
	} );
} );
