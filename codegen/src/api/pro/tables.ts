/**
 * Tables of the Pro plugin. The schema version is derived from these
 * declarations (see emit/php/schema.ts): nothing to bump on change.
 */
import { col, erase, key, personal, table, unique, type TableSpec } from '../../dsl/index.js';

export const proTables: readonly TableSpec[] = [
	table({
		name: 'mvs_quota_packages',
		summary: 'Upload quota packages; 0 means unlimited.',
		since: 1,
		columns: {
			id: col.id(),
			name: col.varchar(200),
			image_limit: col.uint(),
			video_limit: col.uint(),
			audio_limit: col.uint(),
			storage_bytes: col.bigint(),
			is_default: col.bool(),
			sort_order: col.uint(),
			roles: col.varchar(500),
			created_at: col.datetime(),
		},
		primaryKey: ['id'],
		indexes: [key('sort', 'sort_order', 'id')],
	}),
	table({
		name: 'mvs_quota_usage',
		summary: "Each member's running usage and credit balances, so enforcement and reads never scan their media (docs/pro-quotas.md).",
		since: 1,
		columns: {
			user_id: col.userId(erase.rows('Usage counters of the account, meaningless without it.')),
			image_count: col.uint(),
			video_count: col.uint(),
			audio_count: col.uint(),
			storage_bytes: col.bigint(),
			image_credits: col.signedInt(),
			video_credits: col.signedInt(),
			audio_credits: col.signedInt(),
		},
		primaryKey: ['user_id'],
		// GET /quotas/members sorted by storage walks this key.
		indexes: [key('storage', 'storage_bytes', 'user_id')],
	}),
	table({
		name: 'mvs_user_packages',
		summary: 'Packages assigned to users directly or through a membership level.',
		since: 1,
		columns: {
			id: col.id(),
			user_id: col.userId(erase.rows('Their package assignments go.')),
			package_id: col.bigint(),
			source: col.varchar(50, 'manual'),
			assigned_at: col.datetime(),
		},
		primaryKey: ['id'],
		indexes: [unique('user_source', 'user_id', 'source'), key('package', 'package_id')],
	}),
	table({
		name: 'mvs_credit_log',
		summary: 'Credit changes per user.',
		since: 1,
		columns: {
			id: col.id(),
			user_id: col.userId(erase.rows('Their credit history goes with the account it counted for.')),
			credit_type: col.varchar(20),
			amount: col.signedInt(),
			balance_after: col.signedInt(),
			source: col.varchar(50),
			reference: col.varchar(200),
			note: personal(col.text(), erase.withRow('A note on a credit change, deleted with it.')),
			created_at: col.datetime(),
		},
		primaryKey: ['id'],
		indexes: [key('user', 'user_id', 'id')],
	}),
	table({
		name: 'mvs_pro_push_devices',
		summary: 'Expo-style push tokens registered through the Pro extension.',
		since: 1,
		columns: {
			id: col.id(),
			user_id: col.userId(erase.rows('Their devices stop receiving pushes.')),
			platform: col.varchar(10),
			token: personal(col.varchar(255), erase.withRow('The push token, deleted with the device row.')),
			created_at: col.datetime(),
			updated_at: col.datetime(),
			// Expo's ticket of the last push to this token, until its receipt is read (docs/pro-quotas.md, "Push").
			receipt_id: col.varchar(64, null),
			receipt_at: col.nullableDatetime(),
		},
		primaryKey: ['id'],
		indexes: [unique('token', 'token'), key('user', 'user_id'), key('receipt', 'receipt_at')],
	}),
];
