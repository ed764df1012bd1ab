/**
 * The settings route of the wp-admin settings screen. NOT part of the REST
 * contract: it is flagged `extension: 'admin-ui'`, so contract checks leave
 * it out and `npm run status` lists it apart. The settings themselves (keys,
 * types, ranges, titles) are declared in PHP, in MVS_Settings_Registry, and travel in
 * the response, so the screen renders whatever settings the plugin has.
 */
import { auth, resource, schema, t, type SchemaSpec } from '../../dsl/index.js';

const settingsAdmin = auth.cap('manage_options', 'manage_mvs_settings');

export const settingsSchemas: readonly SchemaSpec[] = [
	schema('SettingField', 'One setting as the settings screen renders it.', {
		key: t.string().required(),
		section: t.string().required(),
		title: t.string().required(),
		description: t.string().required(),
		details: t.string().required().describe('Technical details (error codes, server set-up, filters) the screen shows behind a "More" disclosure; empty when none.'),
		type: t.enum('boolean', 'integer', 'number', 'string', 'array').required(),
		enum: t.array(t.string()).nullable().required(),
		options: t
			.array(t.object({ value: t.string().required(), label: t.string().required() }))
			.nullable()
			.required(),
		minimum: t.number().nullable().required(),
		maximum: t.number().nullable().required(),
		secret: t.bool().required(),
		is_set: t.bool().required(),
		unit: t
			.enum('bytes', 'pixels', 'seconds', 'minutes', 'days')
			.nullable()
			.required()
			.describe('What the stored number counts, so the screen can show it in larger units (MB, minutes, megapixels); null: a plain number or no number.'),
		default: t.number().nullable().required().describe('The default of a number setting; null for other types.'),
		applies_when: t
			.object({ key: t.string().required(), values: t.array(t.string()).required() })
			.nullable()
			.required()
			.describe('The setting only has an effect while the setting `key` has one of `values`; null: always.'),
	}),
	schema('SettingsSection', 'A group of settings on the settings screen.', {
		key: t.string().required(),
		title: t.string().required(),
	}),
	schema('SettingsScreen', 'Every setting: current values (secrets masked), field descriptors and sections.', {
		values: t.json().required(),
		fields: t.array(t.ref<unknown>('SettingField')).required(),
		sections: t.array(t.ref<unknown>('SettingsSection')).required(),
	}),
];

export const settings = resource({
	name: 'settings',
	summary: 'Site settings for the wp-admin settings screen (admin-ui extension, not in the contract).',
	service: 'MVS_Settings_Service',
	typedArgs: true,
	schema: 'SettingsScreen',
	routes: [
		{
			name: 'get_settings',
			method: 'GET',
			path: '/settings',
			summary: 'Every setting with its descriptor; secret values are never returned.',
			auth: settingsAdmin,
			response: { schema: 'SettingsScreen' },
			since: '1.0.0',
			implemented: true,
			extension: 'admin-ui',
		},
		{
			name: 'update_settings',
			method: 'PUT',
			path: '/settings',
			summary: 'Change some settings, all or nothing: one invalid value saves none (400 rest_invalid_param).',
			auth: settingsAdmin,
			body: {
				// The keys are open (whatever MVS_Settings_Registry declares): MVS_Settings_Validator,
				// shared with /wp/v2/settings, checks each one in the handler.
				values: t
					.json()
					.required()
					.describe('Setting key to new value (the keys and rules are the fields of GET /settings); keys left out keep their value.'),
			},
			response: { schema: 'SettingsScreen' },
			errors: ['rest_invalid_param'],
			since: '1.0.0',
			implemented: true,
			extension: 'admin-ui',
		},
	],
});
