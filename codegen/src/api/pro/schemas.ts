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
		roles: t.array(t.string()).required().describe('WordPress roles whose members hold this package (docs/pro-quotas.md).'),
		created_at: t.datetime().required().describe('UTC.'),
	}),
	schema('PackageDeleted', 'Outcome of DELETE /packages/{id}; members who held it fall back to their other packages, else the default (docs/pro-quotas.md).', {
		deleted: t.bool().required().describe('True when this request removed it; false when it was already absent (a retried or repeated DELETE).'),
		id: t.int().required(),
		unassigned: t.int().required().describe('Members whose direct assignment of this package was removed.'),
	}),
	schema('QuotaUsage', "A user's quota usage against their package limits (docs/pro-quotas.md).", {
		user_id: t.int().required(),
		package: t.string().required().describe("Name of the package that applies; several are joined with ', ' in display order; '' when none applies (unlimited)."),
		package_ids: t.array(t.int()).required().describe('The packages that apply, in display order: the direct assignment, role packages, else the default.'),
		bypass: t.bool().required().describe('True for users with manage_mvs_settings: no limit is enforced for them.'),
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
			.required()
			.describe('Highest limit per dimension across the packages that apply; 0 = unlimited.'),
		credits: t
			.object({
				image: t.int().required(),
				video: t.int().required(),
				audio: t.int().required(),
			})
			.required()
			.describe('Credit balances: uploads allowed beyond the package limit of that type, one credit each.'),
	}),
	schema('MemberQuota', 'A row of GET /quotas/members: the member and their quota (docs/pro-quotas.md, "Usage per member").', {
		id: t.int().required(),
		name: t.string().required().describe('Display name.'),
		login: t.string().required().describe('User login.'),
		avatar_url: t.string().required().describe('As WordPress shows it anywhere (get_avatar_url).'),
		registered: t.datetime().required().describe('Registration date, UTC.'),
		quota: t.ref('QuotaUsage').required().describe('As GET /users/{user_id}/quota answers it.'),
	}),
	schema('PushDeviceRegistered', 'An Expo push token registered for the caller (table mvs_pro_push_devices).', {
		platform: t.enum('ios', 'android').required(),
		registered: t.bool().required(),
		devices: t.int().min(1).required().describe("The caller's registered Expo tokens after this one (at most 10: the least recently registered go first)."),
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
