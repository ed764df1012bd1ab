/**
 * Sizes typed in MB / GB against the bytes the API keeps (1 GB = 1073741824).
 */
import { describe, expect, it } from '@jest/globals';
import { formatBytes, fromBytes, toBytes } from '../units';

describe( 'storage units', () => {
	it( 'converts typed MB and GB to bytes, and refuses what is not a size', () => {
		expect( toBytes( '250', 'MB' ) ).toBe( 262144000 );
		expect( toBytes( '1.5', 'GB' ) ).toBe( 1610612736 );
		expect( toBytes( '0', 'GB' ) ).toBe( 0 );
		expect( toBytes( '-1', 'MB' ) ).toBeNaN();
		expect( toBytes( 'ten', 'MB' ) ).toBeNaN();
		expect( toBytes( ' ', 'MB' ) ).toBeNaN();
	} );

	it( 'shows stored bytes in whole GB when they are, else MB', () => {
		expect( fromBytes( 2147483648 ) ).toEqual( {
			amount: '2',
			unit: 'GB',
		} );
		expect( fromBytes( 262144000 ) ).toEqual( {
			amount: '250',
			unit: 'MB',
		} );
		expect( fromBytes( 0 ) ).toEqual( { amount: '0', unit: 'MB' } );
		expect( fromBytes( 1000000 ) ).toEqual( {
			amount: '0.95',
			unit: 'MB',
		} );
	} );

	it( 'formats bytes for reading', () => {
		expect( formatBytes( 512 ) ).toBe( '512 B' );
		expect( formatBytes( 1536 ) ).toBe( '1.5 KB' );
		expect( formatBytes( 262144000 ) ).toBe( '250 MB' );
		expect( formatBytes( 1073741824 ) ).toBe( '1 GB' );
	} );
} );
