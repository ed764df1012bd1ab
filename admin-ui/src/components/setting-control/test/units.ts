/**
 * Conversions between the stored numbers and the amounts site owners type,
 * and the plain-language checks built on them.
 */
import { describe, expect, it } from '@jest/globals';
import type { SettingField } from '../../../../../client/src/client';
import { formatStored, fromStored, toStored } from '../units';
import { checkValue, rangeText, serverMessage } from '../validation';

const upload = {
	key: 'max_upload_bytes',
	title: 'Largest upload',
	type: 'integer',
	unit: 'bytes',
	minimum: 1024,
	maximum: 4294967296,
	default: 104857600,
} as SettingField;

describe( 'units', () => {
	it( 'converts typed amounts to the stored unit exactly, where floats drift', () => {
		// 4.35 * 1073741824 in floating point is 4670776934.400001.
		expect( toStored( '4.35', 'GB', 'bytes' ) ).toEqual( {
			ok: true,
			value: 4670776934,
		} );
		expect( toStored( '1.1', 'MB', 'bytes' ) ).toEqual( {
			ok: true,
			value: 1153434,
		} );
		expect( toStored( '0,5', 'GB', 'bytes' ) ).toEqual( {
			ok: true,
			value: 536870912,
		} );
		// 0.29 * 100 is 28.999999999999996 in floating point.
		expect( toStored( '0.29', 'days', 'minutes' ) ).toEqual( {
			ok: false,
			problem: 'whole',
		} );
		expect( toStored( '1.5', 'hours', 'seconds' ) ).toEqual( {
			ok: true,
			value: 5400,
		} );
		expect( toStored( '0.000001', 'MP', 'pixels' ) ).toEqual( {
			ok: true,
			value: 1,
		} );
		expect( toStored( '12.34', 'MP', 'pixels' ) ).toEqual( {
			ok: true,
			value: 12340000,
		} );
		expect( toStored( '', 'MB', 'bytes' ) ).toEqual( {
			ok: false,
			problem: 'empty',
		} );
		expect( toStored( '1e3', 'MB', 'bytes' ) ).toEqual( {
			ok: false,
			problem: 'number',
		} );
		expect( toStored( '.', 'MB', 'bytes' ) ).toEqual( {
			ok: false,
			problem: 'number',
		} );
		expect( toStored( '0.5', 'minutes', 'minutes' ) ).toEqual( {
			ok: false,
			problem: 'whole',
		} );
	} );

	it( 'shows a stored number in the largest unit that holds it whole, and saves it back unchanged', () => {
		expect( fromStored( 104857600, 'bytes' ) ).toEqual( {
			amount: '100',
			unit: 'MB',
		} );
		expect( fromStored( 4294967296, 'bytes' ) ).toEqual( {
			amount: '4',
			unit: 'GB',
		} );
		expect( fromStored( 1500, 'bytes' ) ).toEqual( {
			amount: '1.46484375',
			unit: 'KB',
		} );
		expect( fromStored( 3600, 'seconds' ) ).toEqual( {
			amount: '1',
			unit: 'hours',
		} );
		expect( fromStored( 90, 'seconds' ) ).toEqual( {
			amount: '90',
			unit: 'seconds',
		} );
		expect( fromStored( 0, 'minutes' ) ).toEqual( {
			amount: '0',
			unit: 'minutes',
		} );
		expect( fromStored( 25000000, 'pixels' ) ).toEqual( {
			amount: '25',
			unit: 'MP',
		} );
		for ( const [ stored, unit ] of [
			[ 1500, 'bytes' ],
			[ 1153434, 'bytes' ],
			[ 4670776934, 'bytes' ],
			[ 25000001, 'pixels' ],
			[ 604799, 'seconds' ],
			[ 10080, 'minutes' ],
		] as const ) {
			const shown = fromStored( stored, unit );
			expect( toStored( shown.amount, shown.unit, unit ) ).toEqual( {
				ok: true,
				value: stored,
			} );
		}
		expect( formatStored( 86400, 'seconds' ) ).toBe( '1 day' );
		expect( formatStored( 120, 'seconds' ) ).toBe( '2 minutes' );
	} );
} );

describe( 'checks', () => {
	it( 'words ranges and defaults in units and names the label, never the key', () => {
		expect( rangeText( upload ) ).toBe(
			'From 1 KB to 4 GB. Default: 100 MB.'
		);
		expect( checkValue( upload, 5368709120 ) ).toBe(
			'“Largest upload” must be from 1 KB to 4 GB.'
		);
		expect( checkValue( upload, 104857600 ) ).toBeNull();
		expect( checkValue( upload, 'abc MB' ) ).toBe(
			'“Largest upload” needs a number.'
		);
		expect( checkValue( upload, ' MB' ) ).toBe(
			'Enter a value for “Largest upload”.'
		);
		expect( checkValue( upload, '5 GB' ) ).toBe(
			'“Largest upload” must be from 1 KB to 4 GB.'
		);
		const edit = {
			...upload,
			key: 'comment_edit_minutes',
			title: 'Edit window',
			unit: 'minutes',
			minimum: 0,
			maximum: 10080,
		} as SettingField;
		expect( checkValue( edit, '0.5 minutes' ) ).toBe(
			'“Edit window” must be a whole number of minutes.'
		);
		const plain = {
			...upload,
			unit: null,
			minimum: 1,
			maximum: 100,
			title: 'Report threshold',
		} as SettingField;
		expect( checkValue( plain, 2.5 ) ).toBe(
			'“Report threshold” must be a whole number.'
		);
	} );

	it( 'rewords the server refusals by their code, and puts the label in place of the key', () => {
		expect(
			serverMessage( upload, {
				code: 'rest_out_of_bounds',
				message:
					'max_upload_bytes must be between 1024 (inclusive) and 4294967296 (inclusive)',
			} )
		).toBe( '“Largest upload” must be from 1 KB to 4 GB.' );
		expect(
			serverMessage( upload, {
				code: 'rest_invalid_type',
				message: 'max_upload_bytes is not of type integer.',
			} )
		).toBe( '“Largest upload” needs a number.' );
		expect( serverMessage( upload, 'max_upload_bytes is odd.' ) ).toBe(
			'“Largest upload” is odd.'
		);
		expect(
			serverMessage( upload, {
				code: 'rest_invalid_param',
				message: 'The AI endpoint must be https.',
			} )
		).toBe( '“Largest upload”: The AI endpoint must be https.' );
	} );
} );
