export interface RejectModalProps {
	/** How many items the rejection is for (the title names it). */
	count: number;
	/** A request is running: both buttons are disabled. */
	busy: boolean;
	/** Called with the trimmed reason ('' when none was given). */
	onConfirm: ( reason: string ) => void;
	onCancel: () => void;
}
