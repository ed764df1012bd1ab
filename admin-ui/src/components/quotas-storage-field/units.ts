/**
 * Storage sizes as site owners type them (MB, GB) and as the API keeps them
 * (raw bytes; 1 GB = 1073741824 bytes, as the contract counts).
 */
export type StorageUnit = 'MB' | 'GB';

export const BYTES: Record< StorageUnit, number > = {
	MB: 1024 * 1024,
	GB: 1024 * 1024 * 1024,
};

/** Bytes of a typed amount (whole bytes; a negative or unreadable amount is NaN). */
export function toBytes( amount: string, unit: StorageUnit ): number {
	const value = Number( amount.trim().replace( ',', '.' ) );
	if ( '' === amount.trim() || ! Number.isFinite( value ) || value < 0 ) {
		return NaN;
	}
	return Math.round( value * BYTES[ unit ] );
}

/** How to show stored bytes in the form: whole GB when they are, else MB. */
export function fromBytes( bytes: number ): {
	amount: string;
	unit: StorageUnit;
} {
	if ( bytes > 0 && 0 === bytes % BYTES.GB ) {
		return { amount: String( bytes / BYTES.GB ), unit: 'GB' };
	}
	const mb = bytes / BYTES.MB;
	return { amount: String( Math.round( mb * 100 ) / 100 ), unit: 'MB' };
}

/** Bytes for reading: KB, MB or GB with at most one decimal. */
export function formatBytes( bytes: number ): string {
	const units: Array< [ string, number ] > = [
		[ 'GB', BYTES.GB ],
		[ 'MB', BYTES.MB ],
		[ 'KB', 1024 ],
	];
	for ( const [ unit, size ] of units ) {
		if ( bytes >= size ) {
			return `${ Math.round( ( bytes / size ) * 10 ) / 10 } ${ unit }`;
		}
	}
	return `${ bytes } B`;
}
