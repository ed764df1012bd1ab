/**
 * The Pro plugin, mvs-pro/v1: upload quotas, credits and push registration.
 */
import { collectResources, type PluginSpec } from '../../dsl/index.js';
import { proExtensionFields } from './extension-fields.js';
import * as quotas from './quotas.js';
import { proSchemas } from './schemas.js';
import { proTables } from './tables.js';

export const proPlugin: PluginSpec = {
	id: 'pro',
	title: 'Media Community Service Pro',
	dir: 'plugin-pro',
	sources: ['codegen/src/api/pro'],
	namespace: 'mvs-pro/v1',
	gated: true,
	textDomain: 'media-community-service-pro',
	resources: collectResources(quotas),
	tables: proTables,
	schemas: proSchemas,
	// Pro answers with the core plugin's error codes (it requires core), plus its own.
	errors: [
		{ code: 'mvs_insufficient_credits', status: 409, meaning: 'A deduction larger than the member\'s balance of that credit type.' },
	],
	roles: [],
	extensionFields: proExtensionFields,
};
