/**
 * Notification, device-token and dismissal routes
 * (spec section "Notifications, devices, dismissals, admin").
 */
import { auth, resource, t } from '../../dsl/index.js';

export const notifications = resource({
	name: 'notifications',
	summary: "The caller's in-app notifications.",
	routes: [
		{
			name: 'list_my_notifications',
			method: 'GET',
			path: '/me/notifications',
			summary: "The caller's notifications.",
			auth: auth.user(),
			query: {
				filter: t.key().default('all').describe('Which notifications, e.g. all or unread.'),
			},
			paginate: { perPage: 20, max: 100, totalHeader: true },
			response: { note: 'Notification records; shape not shown in the spec.' },
			since: '1.0.0',
		},
		{
			name: 'get_my_notification_count',
			method: 'GET',
			path: '/me/notifications/count',
			summary: 'Unread notification count.',
			auth: auth.user(),
			response: { note: 'The unread count; shape not shown in the spec.' },
			since: '1.0.0',
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
			since: '1.0.0',
		},
	],
});

export const devices = resource({
	name: 'devices',
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
				token: t.string().max(4096).required(),
			},
			since: '2.4.0',
		},
		{
			name: 'unregister_device',
			method: 'DELETE',
			path: '/me/devices',
			summary: 'Remove a push device token.',
			auth: auth.user(),
			body: {
				token: t.string().max(4096).required(),
			},
			since: '2.4.0',
		},
	],
});

export const dismissals = resource({
	name: 'dismissals',
	summary: 'Banners a member has dismissed, permanent across devices.',
	routes: [
		{
			name: 'dismiss_banner',
			method: 'POST',
			path: '/me/dismiss',
			summary: 'Dismiss a banner for the caller.',
			auth: auth.user(),
			body: {
				key: t.key().required().max(64).describe('Banner key.'),
			},
			since: '1.0.0',
		},
		{
			name: 'dismiss_admin_welcome',
			method: 'POST',
			path: '/admin/welcome/dismiss',
			summary: 'Dismiss the admin welcome banner for the caller.',
			auth: auth.user(),
			since: '1.0.0',
		},
	],
});
