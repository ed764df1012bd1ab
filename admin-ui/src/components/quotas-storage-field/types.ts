import type { StorageUnit } from './units';

export interface StorageFieldProps {
	label: string;
	/** The typed amount, as typed. */
	amount: string;
	unit: StorageUnit;
	onChange: ( amount: string, unit: StorageUnit ) => void;
	help?: string;
	/** The server's message for this field. */
	error?: string;
}
