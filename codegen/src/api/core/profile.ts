/**
 * The caller's own profile and avatar (spec section "Follows, profile, users";
 * docs/profile-and-avatar.md).
 */
import { auth, resource, t } from '../../dsl/index.js';

export const profile = resource({
	name: 'profile',
	summary: "The caller's own profile and avatar.",
	service: 'MVS_Profile_Service',
	typedArgs: true,
	schema: 'Profile',
	routes: [
		{
			name: 'get_my_profile',
			method: 'GET',
			path: '/me/profile',
			summary: "The caller's profile.",
			auth: auth.user(),
			response: { schema: 'Profile' },
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'update_my_profile',
			method: 'PUT',
			path: '/me/profile',
			summary: "Edit the caller's name, display name and bio; only the fields sent change.",
			auth: auth.user(),
			body: {
				// 50 characters stored as HTML-escaped text (& becomes &amp;) stay within wp_users.display_name, varchar(250).
				first_name: t.string().max(100),
				last_name: t.string().max(100),
				display_name: t.string().max(50).describe('Must keep at least one character once sanitized (mvs_display_name_empty).'),
				description: t.text().max(1000).describe('Biography, plain text: markup is removed.'),
			},
			response: { schema: 'Profile' },
			errors: ['mvs_display_name_empty', 'mvs_storage_failed'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'upload_my_avatar',
			method: 'POST',
			path: '/me/avatar',
			summary: 'Upload a custom avatar (JPEG, PNG, GIF or WebP), stored as square sizes.',
			auth: auth.user(),
			// Each upload decodes and re-encodes an image three times: tighter than the default write limit.
			rateLimit: 10,
			multipart: { file: t.file('image/jpeg', 'image/png', 'image/gif', 'image/webp').required() },
			response: { schema: 'Avatar' },
			errors: ['mvs_no_file', 'mvs_invalid_type', 'mvs_file_too_large', 'mvs_image_too_large', 'mvs_blocked_extension', 'mvs_storage_failed'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'delete_my_avatar',
			method: 'DELETE',
			path: '/me/avatar',
			summary: 'Remove the custom avatar, reverting to the default external avatar.',
			auth: auth.user(),
			response: { schema: 'AvatarRemoved' },
			since: '1.0.0',
			implemented: true,
		},
	],
});
