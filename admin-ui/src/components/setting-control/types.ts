import type { SettingField } from '../../../../codegen/out/client';

export interface SettingControlProps {
	/** The setting's descriptor from GET /mvs/v1/settings: its type picks the control. */
	field: SettingField;
	value: unknown;
	/** The server's message for this field: shown instead of the description. */
	error?: string;
	onChange: ( value: unknown ) => void;
}
