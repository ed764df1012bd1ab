export interface RejectModalProps {
	/** How many items the rejection is for (the title names it). */
	count: number;
	/** Titles of the items, named in the dialog when given. */
	titles?: string[];
	/** A request is running: both buttons are disabled. */
	busy: boolean;
	/** Called with the trimmed reason ('' when none was given). */
	onConfirm: ( reason: string ) => void;
	onCancel: () => void;
}
