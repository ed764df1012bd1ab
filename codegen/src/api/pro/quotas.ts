/**
 * Pro routes under mvs-pro/v1 (spec section "(Pro) Quotas"). Choices the
 * contract leaves open: docs/pro-quotas.md.
 */
import { auth, resource, t } from '../../dsl/index.js';

const settings = auth.cap('manage_mvs_settings');
const userIdPath = { user_id: t.id().describe('User ID.') };
const packageIdPath = { id: t.id().describe('Package ID.') };
const CREDIT_TYPES = ['image', 'video', 'audio'] as const;

export const quotas = resource({
	name: 'quotas',
	summary: 'Upload quotas and credits per user.',
	service: 'MVS_Pro_Quotas_Service',
	typedArgs: true,
	routes: [
		{
			name: 'get_my_quota',
			method: 'GET',
			path: '/me/quota',
			summary: "The caller's quota.",
			auth: auth.user(),
			response: { schema: 'QuotaUsage' },
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'get_user_quota',
			method: 'GET',
			path: '/users/{user_id}/quota',
			summary: "A user's usage against their package limits.",
			auth: settings,
			params: userIdPath,
			response: { schema: 'QuotaUsage' },
			errors: ['mvs_user_not_found'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'assign_user_package',
			method: 'POST',
			path: '/users/{user_id}/package',
			summary: 'Assign a quota package to a user.',
			auth: settings,
			params: userIdPath,
			body: {
				package_id: t.int().min(0).required().describe('The package to assign; 0 removes the assignment (the member keeps their role packages, else the default).'),
			},
			response: { schema: 'QuotaUsage' },
			errors: ['mvs_user_not_found', 'mvs_not_found', 'mvs_storage_failed'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'adjust_user_credits',
			method: 'POST',
			path: '/users/{user_id}/credits',
			summary: "Manually adjust a user's credits.",
			auth: settings,
			params: userIdPath,
			body: {
				credit_type: t.enum(...CREDIT_TYPES).required(),
				amount: t.int().range(-100000, 100000).required().describe('Non-zero; negative deducts, positive grants (checked by the handler).'),
				note: t.text().max(1000).describe('Why; shown in the member\'s credit history.'),
			},
			response: { schema: 'CreditLogEntry' },
			errors: ['mvs_user_not_found', 'mvs_invalid_param', 'mvs_insufficient_credits', 'mvs_storage_failed'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'list_my_credit_history',
			method: 'GET',
			path: '/me/credits/history',
			summary: "The caller's own credit log.",
			auth: auth.user(),
			paginate: { perPage: 20, max: 100, totalHeader: true },
			response: { schema: 'list:CreditLogEntry' },
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'list_member_quotas',
			method: 'GET',
			path: '/quotas/members',
			summary: "Members with their usage against their limits, one page in a constant number of queries (the Quotas screen's list).",
			auth: settings,
			query: {
				search: t.string().max(200).describe('Only members whose display name or login contains this text (never the e-mail).'),
				package: t.int().min(1).describe('Only members holding this package directly, through a role, or by default (packages a membership plugin grants through the filter are not seen here; docs/pro-quotas.md).'),
				orderby: t.enum('name', 'registered', 'storage_used', 'items_used').default('name').describe('name: display name; registered: registration date; storage_used: bytes stored; items_used: image, video and audio files together.'),
				order: t.enum('asc', 'desc').default('asc').describe('Sort direction (ties: by user ID, same direction).'),
			},
			paginate: { perPage: 20, max: 100, totalHeader: true },
			response: { schema: 'list:MemberQuota' },
			since: '1.1.0',
			implemented: true,
			extension: 'admin-ui',
		},
		{
			name: 'list_user_credit_history',
			method: 'GET',
			path: '/users/{user_id}/credits/history',
			summary: "A member's credit log for managers, as GET /me/credits/history shows it to the member.",
			auth: settings,
			params: userIdPath,
			paginate: { perPage: 20, max: 100, totalHeader: true },
			response: { schema: 'list:CreditLogEntry' },
			errors: ['mvs_user_not_found'],
			since: '1.1.0',
			implemented: true,
			extension: 'admin-ui',
		},
	],
});

const packageBody = {
	name: t.string().min(1).max(200),
	image_limit: t.int().range(0, 1000000000).describe('Max image files; 0 = unlimited.'),
	video_limit: t.int().range(0, 1000000000).describe('Max video files; 0 = unlimited.'),
	audio_limit: t.int().range(0, 1000000000).describe('Max audio files; 0 = unlimited.'),
	storage_bytes: t.int().range(0, 1125899906842624).describe('Storage cap in bytes (up to 1 PiB); 0 = unlimited.'),
	is_default: t.bool().describe('Default package for users with no membership; setting it clears the previous default.'),
	sort_order: t.int().range(0, 1000000),
	roles: t.array(t.key()).describe('WordPress roles whose members hold this package (role slugs; an empty list ties it to none).'),
};

export const packages = resource({
	name: 'packages',
	summary: 'Quota packages (table mvs_quota_packages).',
	schema: 'QuotaPackage',
	service: 'MVS_Pro_Packages_Service',
	typedArgs: true,
	routes: [
		{
			name: 'list_packages',
			method: 'GET',
			path: '/packages',
			summary: 'List quota packages.',
			auth: settings,
			response: { schema: 'list:QuotaPackage' },
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'create_package',
			method: 'POST',
			path: '/packages',
			summary: 'Create a quota package.',
			auth: settings,
			body: { ...packageBody, name: packageBody.name.required() },
			response: { status: 201, schema: 'QuotaPackage' },
			errors: ['mvs_invalid_param', 'mvs_storage_failed'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'update_package',
			method: 'PUT',
			path: '/packages/{id}',
			summary: 'Edit a quota package.',
			auth: settings,
			params: packageIdPath,
			body: packageBody,
			response: { schema: 'QuotaPackage' },
			errors: ['mvs_not_found', 'mvs_invalid_param', 'mvs_storage_failed'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'delete_package',
			method: 'DELETE',
			path: '/packages/{id}',
			summary: 'Delete a quota package.',
			auth: settings,
			params: packageIdPath,
			response: { schema: 'PackageDeleted' },
			since: '1.0.0',
			implemented: true,
		},
	],
});

export const push = resource({
	name: 'push',
	summary: 'Expo-style push registration of the extension (table mvs_pro_push_devices).',
	service: 'MVS_Pro_Push_Service',
	typedArgs: true,
	routes: [
		{
			name: 'register_push_device',
			method: 'POST',
			path: '/push/register-device',
			summary: 'Register (upsert) an Expo push token; separate from POST /me/devices (docs/pro-quotas.md, "Push").',
			auth: auth.user(),
			body: {
				token: t.string().max(255).required().describe('Expo push token: ExponentPushToken[…] or ExpoPushToken[…] (the format is checked by the handler).'),
				platform: t.enum('ios', 'android').required(),
			},
			response: { schema: 'PushDeviceRegistered' },
			errors: ['mvs_invalid_param', 'mvs_storage_failed'],
			since: '1.0.0',
			implemented: true,
		},
	],
});
