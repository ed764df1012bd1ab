export interface NoticesProps {
	/** The `core/notices` context of the screen. */
	context: string;
}
