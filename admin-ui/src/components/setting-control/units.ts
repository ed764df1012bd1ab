/**
 * Stored setting numbers (bytes, pixels, seconds, minutes, days) as site
 * owners read and type them (MB, megapixels, hours ...). Conversions use
 * integer arithmetic on the typed decimal, so "1.1 GB" is the same bytes
 * every time and a stored value shown and saved back never changes.
 */
import { __, _n, sprintf } from '@wordpress/i18n';
import type { SettingField } from '../../../../client/src/client';

export type StoredUnit = NonNullable< SettingField[ 'unit' ] >;

export interface DisplayUnit {
	key: string;
	/** Stored units in one of these. */
	factor: bigint;
}

/** The units offered per stored unit, smallest first. */
export const UNITS: Record< StoredUnit, DisplayUnit[] > = {
	bytes: [
		{ key: 'KB', factor: BigInt( 1024 ) },
		{ key: 'MB', factor: BigInt( 1024 * 1024 ) },
		{ key: 'GB', factor: BigInt( 1024 * 1024 * 1024 ) },
	],
	pixels: [ { key: 'MP', factor: BigInt( 1000000 ) } ],
	seconds: [
		{ key: 'seconds', factor: BigInt( 1 ) },
		{ key: 'minutes', factor: BigInt( 60 ) },
		{ key: 'hours', factor: BigInt( 3600 ) },
		{ key: 'days', factor: BigInt( 86400 ) },
	],
	minutes: [
		{ key: 'minutes', factor: BigInt( 1 ) },
		{ key: 'hours', factor: BigInt( 60 ) },
		{ key: 'days', factor: BigInt( 1440 ) },
	],
	days: [ { key: 'days', factor: BigInt( 1 ) } ],
};

/** The smallest unit offered: the stored unit itself, or KB, or megapixels. */
export function smallestUnit( unit: StoredUnit ): DisplayUnit {
	return UNITS[ unit ][ 0 ] as DisplayUnit;
}

/** The name of a unit in the unit menu. */
export function unitName( key: string ): string {
	const names: Record< string, string > = {
		KB: __( 'KB', 'media-community-service' ),
		MB: __( 'MB', 'media-community-service' ),
		GB: __( 'GB', 'media-community-service' ),
		MP: __( 'megapixels', 'media-community-service' ),
		seconds: __( 'seconds', 'media-community-service' ),
		minutes: __( 'minutes', 'media-community-service' ),
		hours: __( 'hours', 'media-community-service' ),
		days: __( 'days', 'media-community-service' ),
	};
	return names[ key ] ?? key;
}

/** An amount with its unit for reading: "100 MB", "1 hour", "25 megapixels". */
function withUnit( amount: string, key: string ): string {
	const count = Number( amount );
	switch ( key ) {
		case 'seconds':
			return sprintf(
				/* translators: %s: number of seconds. */
				_n(
					'%s second',
					'%s seconds',
					count,
					'media-community-service'
				),
				amount
			);
		case 'minutes':
			return sprintf(
				/* translators: %s: number of minutes. */
				_n(
					'%s minute',
					'%s minutes',
					count,
					'media-community-service'
				),
				amount
			);
		case 'hours':
			return sprintf(
				/* translators: %s: number of hours. */
				_n( '%s hour', '%s hours', count, 'media-community-service' ),
				amount
			);
		case 'days':
			return sprintf(
				/* translators: %s: number of days. */
				_n( '%s day', '%s days', count, 'media-community-service' ),
				amount
			);
		default:
			return `${ amount } ${ unitName( key ) }`;
	}
}

/** value / factor as an exact decimal string (the factors are 2^n·10^m, so it ends). */
function exactQuotient( value: bigint, factor: bigint ): string {
	const whole = value / factor;
	let rest = value % factor;
	if ( BigInt( 0 ) === rest ) {
		return whole.toString();
	}
	let digits = '';
	while ( BigInt( 0 ) !== rest && digits.length < 30 ) {
		rest *= BigInt( 10 );
		digits += ( rest / factor ).toString();
		rest %= factor;
	}
	return `${ whole.toString() }.${ digits }`;
}

/**
 * How to show a stored number in the form: the largest unit that holds it
 * whole, else the smallest unit with an exact decimal.
 */
export function fromStored(
	value: number,
	unit: StoredUnit
): { amount: string; unit: string } {
	const units = UNITS[ unit ];
	const stored = BigInt( Math.trunc( value ) );
	for ( const candidate of [ ...units ].reverse() ) {
		if (
			candidate !== units[ 0 ] &&
			BigInt( 0 ) !== stored &&
			BigInt( 0 ) === stored % candidate.factor
		) {
			return {
				amount: ( stored / candidate.factor ).toString(),
				unit: candidate.key,
			};
		}
	}
	const smallest = smallestUnit( unit );
	return {
		amount: exactQuotient( stored, smallest.factor ),
		unit: smallest.key,
	};
}

/** A stored number for reading, e.g. in "between 1 KB and 4 GB". */
export function formatStored( value: number, unit: StoredUnit ): string {
	const shown = fromStored( value, unit );
	return withUnit( shown.amount, shown.unit );
}

export type Conversion =
	| { ok: true; value: number }
	| { ok: false; problem: 'empty' | 'number' | 'whole' };

/**
 * The stored number of a typed amount in a unit. Bytes and pixels round to
 * the nearest whole one (nobody means a fraction of a byte); a duration
 * that is no whole number of the stored unit is refused, not rounded.
 */
export function toStored(
	amount: string,
	unitKey: string,
	unit: StoredUnit
): Conversion {
	const text = amount.trim().replace( ',', '.' );
	if ( '' === text ) {
		return { ok: false, problem: 'empty' };
	}
	const match = /^(\d*)(?:\.(\d*))?$/.exec( text ) as
		[ string, string, string | undefined ] | null;
	const display = UNITS[ unit ].find(
		( candidate ) => candidate.key === unitKey
	);
	if ( ! match || '' === match[ 1 ] + ( match[ 2 ] ?? '' ) || ! display ) {
		return { ok: false, problem: 'number' };
	}
	const fraction = match[ 2 ] ?? '';
	// Not `**`: Babel may compile it to Math.pow, which refuses BigInt.
	const scale = BigInt( '1' + '0'.repeat( fraction.length ) );
	const scaled = BigInt( ( match[ 1 ] || '0' ) + fraction ) * display.factor;
	let stored = scaled / scale;
	const rest = scaled % scale;
	if ( BigInt( 0 ) !== rest ) {
		if ( 'bytes' !== unit && 'pixels' !== unit ) {
			return { ok: false, problem: 'whole' };
		}
		if ( rest * BigInt( 2 ) >= scale ) {
			stored += BigInt( 1 );
		}
	}
	if ( stored > BigInt( Number.MAX_SAFE_INTEGER ) ) {
		return { ok: false, problem: 'number' };
	}
	return { ok: true, value: Number( stored ) };
}

/**
 * A width × height that makes a pixel count, to picture a megapixel cap
 * (4:3, the shape of most camera photos).
 */
export function exampleDimensions( pixels: number ): string {
	const height = Math.floor( Math.sqrt( ( pixels * 3 ) / 4 ) );
	const width = Math.floor( pixels / height );
	return sprintf(
		/* translators: 1: width in pixels, 2: height in pixels. */
		__( '%1$d × %2$d pixels', 'media-community-service' ),
		width,
		height
	);
}
