export interface UsageBarProps {
	/** What is measured, e.g. "Images" (names the meter for screen readers). */
	label: string;
	/** A short visible name, e.g. "Images", when the bar sits among others. */
	caption?: string;
	used: number;
	/** 0 = unlimited. */
	limit: number;
	/** Shows a figure for reading (bytes as MB/GB). */
	format?: ( value: number ) => string;
	/** The member bypasses quotas: the limit is shown but not enforced. */
	bypass?: boolean;
}
