/**
 * Response schemas of the Pro namespace (mvs-pro/v1).
 */
import { schema, t, type SchemaSpec } from '../../dsl/index.js';

const CREDIT_TYPES = ['image', 'video', 'audio'] as const;

export const proSchemas: readonly SchemaSpec[] = [
	schema('QuotaPackage', 'An upload quota package (table mvs_quota_packages).', {
		id: t.int().required(),
		name: t.string().required(),
		image_limit: t.int().min(0).required().describe('Max image files; 0 = unlimited.'),
		video_limit: t.int().min(0).required().describe('Max video files; 0 = unlimited.'),
		audio_limit: t.int().min(0).required().describe('Max audio files; 0 = unlimited.'),
		storage_bytes: t.int().min(0).required().describe('Storage cap over all file types, in bytes; 0 = unlimited.'),
		is_default: t.bool().required().describe('Default package for users with no membership.'),
		sort_order: t.int().min(0).required().describe('Display order.'),
		created_at: t.datetime().required().describe('UTC.'),
	}),
	schema('QuotaUsage', "A user's quota usage against their package limits.", {
		user_id: t.int().required(),
		package: t.string().required().describe('Package name.'),
		usage: t
			.object({
				image_count: t.int().required(),
				video_count: t.int().required(),
				audio_count: t.int().required(),
				storage_bytes: t.int().required().describe('Raw bytes.'),
			})
			.required(),
		limits: t
			.object({
				image_limit: t.int().required(),
				video_limit: t.int().required(),
				audio_limit: t.int().required(),
				storage_bytes: t.int().required().describe('Raw bytes.'),
			})
			.required(),
	}),
	schema('CreditLogEntry', 'One change to a credit balance (table mvs_credit_log).', {
		id: t.int().required(),
		user_id: t.int().required(),
		credit_type: t.enum(...CREDIT_TYPES).required(),
		amount: t.int().required().describe('Change applied; negative deducts, positive restores.'),
		balance_after: t.int().required().describe('Resulting balance for that credit type.'),
		source: t.string().required().describe('Origin of the change, e.g. upload.'),
		reference: t.string().nullable().required().describe('Optional reference.'),
		note: t.string().required(),
		created_at: t.datetime().required().describe('UTC.'),
	}),
];
