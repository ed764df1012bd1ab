import type { SettingField } from '../../../../client/src/client';

export interface SettingControlProps {
	/** The setting's descriptor from GET /mvs/v1/settings: its type picks the control. */
	field: SettingField;
	value: unknown;
	/** Why the value was refused, naming the field: shown above the help. */
	error?: string;
	/** Whether the value was edited since the last load or save. */
	dirty?: boolean;
	onChange: ( value: unknown ) => void;
	/** Drops the edit (a secret emptied again keeps the stored one). */
	onDiscard?: () => void;
}
