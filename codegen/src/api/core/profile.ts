/**
 * The caller's own profile and avatar (spec section "Follows, profile, users").
 */
import { auth, resource, t } from '../../dsl/index.js';

export const profile = resource({
	name: 'profile',
	summary: "The caller's own profile and avatar.",
	routes: [
		{
			name: 'get_my_profile',
			method: 'GET',
			path: '/me/profile',
			summary: "The caller's profile.",
			auth: auth.user(),
			response: { note: 'Profile fields; shape not shown in the spec.' },
			since: '1.0.0',
		},
		{
			name: 'update_my_profile',
			method: 'PUT',
			path: '/me/profile',
			summary: "Edit the caller's name, display name and bio.",
			auth: auth.user(),
			body: {
				first_name: t.string(),
				last_name: t.string(),
				display_name: t.string(),
				description: t.text().describe('Biography.'),
			},
			response: { note: 'The updated profile; shape not shown in the spec.' },
			since: '1.0.0',
		},
		{
			name: 'upload_my_avatar',
			method: 'POST',
			path: '/me/avatar',
			summary: 'Upload a custom avatar.',
			auth: auth.user(),
			multipart: { file: t.file('image/*').required() },
			response: { note: 'The new avatar; shape not shown in the spec.' },
			errors: ['mvs_no_file', 'mvs_invalid_type', 'mvs_file_too_large', 'mvs_blocked_extension', 'mvs_storage_failed'],
			since: '1.0.0',
		},
		{
			name: 'delete_my_avatar',
			method: 'DELETE',
			path: '/me/avatar',
			summary: 'Remove the custom avatar, reverting to the default external avatar.',
			auth: auth.user(),
			since: '1.0.0',
		},
	],
});
