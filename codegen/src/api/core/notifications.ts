/**
 * Notification, device-token and dismissal routes
 * (spec section "Notifications, devices, dismissals, admin").
 */
import { auth, resource, schema, t, type SchemaSpec } from '../../dsl/index.js';

export const notificationSchemas: readonly SchemaSpec[] = [
	schema('Notification', 'An in-app notification of the caller.', {
		id: t.int().required(),
		type: t.string().required().describe('media_rejected, media_reaction, media_comment, comment_reply, mention, ...'),
		actor_id: t.int().required().describe('Who caused it; 0 for the site.'),
		object_type: t.string().required(),
		object_id: t.int().required(),
		data: t.json().required().describe('Type-specific details (item title, reason, comment excerpt).'),
		is_read: t.bool().required(),
		created_at: t.datetime().required(),
	}),
	schema('NotificationsRead', 'Outcome of marking notifications read.', {
		marked: t.int().required().describe('Notifications of the caller that changed from unread to read.'),
		unread: t.int().required().describe('Unread notifications left.'),
	}),
	schema('DeviceRegistered', 'A registered push device token.', {
		platform: t.enum('ios', 'android', 'web').required(),
		registered: t.bool().required(),
	}),
	schema('DeviceRemoved', 'Outcome of removing a push device token.', {
		deleted: t.bool().required().describe('False when the caller had no such token.'),
	}),
	schema('Dismissed', 'A dismissed banner.', {
		key: t.string().required(),
		dismissed: t.bool().required(),
	}),
];

export const notifications = resource({
	name: 'notifications',
	service: 'MVS_Notifications_Service',
	typedArgs: true,
	summary: "The caller's in-app notifications.",
	routes: [
		{
			name: 'list_my_notifications',
			method: 'GET',
			path: '/me/notifications',
			summary: "The caller's notifications, newest first.",
			auth: auth.user(),
			query: {
				filter: t.enum('all', 'unread').default('all').describe('Which notifications: all or unread.'),
			},
			paginate: { perPage: 20, max: 100, totalHeader: true },
			response: { schema: 'list:Notification' },
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'get_my_notification_count',
			method: 'GET',
			path: '/me/notifications/count',
			summary: 'Unread notification count.',
			auth: auth.user(),
			response: { schema: 'Count' },
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'mark_notifications_read',
			method: 'POST',
			path: '/me/notifications/read',
			summary: 'Mark the given notifications read, or all when ids is omitted.',
			auth: auth.user(),
			body: {
				ids: t.ids().max(100).describe('Notifications to mark read; omit to mark all.'),
			},
			response: { schema: 'NotificationsRead' },
			since: '1.0.0',
			implemented: true,
		},
	],
});

export const devices = resource({
	name: 'devices',
	service: 'MVS_Devices_Service',
	typedArgs: true,
	summary: 'Push device tokens of the caller (table mvs_device_tokens).',
	routes: [
		{
			name: 'register_device',
			method: 'POST',
			path: '/me/devices',
			summary: 'Register (upsert) a push device token.',
			auth: auth.user(),
			body: {
				platform: t.enum('ios', 'android', 'web').required(),
				// APNs tokens are 64 hex digits, FCM ones about 160 characters, a web
				// push subscription a few hundred: 1,024 leaves room, not a store.
				token: t.string().min(1).max(1024).required(),
			},
			response: { schema: 'DeviceRegistered' },
			errors: ['mvs_storage_failed'],
			// An app registers its token at start-up and when the OS rotates it.
			rateLimit: 10,
			since: '2.4.0',
			implemented: true,
		},
		{
			name: 'unregister_device',
			method: 'DELETE',
			path: '/me/devices',
			summary: 'Remove a push device token.',
			auth: auth.user(),
			body: {
				token: t.string().min(1).max(4096).required(),
			},
			response: { schema: 'DeviceRemoved' },
			rateLimit: 10,
			since: '2.4.0',
			implemented: true,
		},
	],
});

export const dismissals = resource({
	name: 'dismissals',
	service: 'MVS_Dismissals_Service',
	typedArgs: true,
	summary: 'Banners a member has dismissed, permanent across devices.',
	routes: [
		{
			name: 'dismiss_banner',
			method: 'POST',
			path: '/me/dismiss',
			summary: 'Dismiss a banner for the caller.',
			auth: auth.user(),
			body: {
				key: t.key().required().min(1).max(64).describe('Banner key (sanitized as a key: lowercase letters, digits, - and _).'),
			},
			response: { schema: 'Dismissed' },
			errors: ['mvs_invalid_param'],
			rateLimit: 10,
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'dismiss_admin_welcome',
			method: 'POST',
			path: '/admin/welcome/dismiss',
			summary: 'Dismiss the admin welcome banner for the caller.',
			auth: auth.user(),
			response: { schema: 'Dismissed' },
			rateLimit: 10,
			since: '1.0.0',
			implemented: true,
		},
	],
});
