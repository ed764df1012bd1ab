/**
 * Fields Pro adds to core responses (docs/api-conventions.md, "Extension
 * fields"), under extensions["mvs-pro"]; values from plugin-pro/includes.
 */
import { extensionField, t, type ExtensionFieldSpec } from '../../dsl/index.js';

export const proExtensionFields: readonly ExtensionFieldSpec[] = [
	extensionField(
		'MediaItem',
		'quota_bytes',
		t
			.int()
			.min(0)
			.nullable()
			.required()
			.describe("Bytes the item counts against its uploader's storage quota (the stored original); for the uploader and users with manage_mvs_settings, null for everyone else."),
		'MVS_Pro_Quota_Fields::quota_bytes',
	),
];
