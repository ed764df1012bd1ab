/**
 * Follow routes (spec section "Follows, profile, users").
 */
import { auth, resource } from '../../dsl/index.js';
import { userIdPath } from './common.js';

const userPage = { perPage: 20, max: 100, totalHeader: true } as const;

export const follows = resource({
	name: 'follows',
	summary: 'Follow relationships between members.',
	routes: [
		{
			name: 'follow_user',
			method: 'POST',
			path: '/users/{id}/follow',
			summary: 'Follow a user.',
			auth: auth.user(),
			rateLimit: 30,
			params: userIdPath,
			errors: ['mvs_user_not_found', 'mvs_invalid_param'],
			since: '1.0.0',
		},
		{
			name: 'unfollow_user',
			method: 'DELETE',
			path: '/users/{id}/follow',
			summary: 'Unfollow a user.',
			auth: auth.user(),
			params: userIdPath,
			errors: ['mvs_user_not_found'],
			since: '1.0.0',
		},
		{
			name: 'list_user_followers',
			method: 'GET',
			path: '/users/{id}/followers',
			summary: "A user's followers.",
			auth: auth.public(),
			params: userIdPath,
			paginate: userPage,
			response: { note: 'Users with display name and avatar; shape not shown in the spec.' },
			errors: ['mvs_user_not_found'],
			since: '1.0.0',
		},
		{
			name: 'list_user_following',
			method: 'GET',
			path: '/users/{id}/following',
			summary: 'The users a user follows.',
			auth: auth.public(),
			params: userIdPath,
			paginate: userPage,
			response: { note: 'Users with display name and avatar; shape not shown in the spec.' },
			errors: ['mvs_user_not_found'],
			since: '1.0.0',
		},
		{
			name: 'list_my_following',
			method: 'GET',
			path: '/me/following',
			summary: 'The users the caller follows.',
			auth: auth.user(),
			paginate: userPage,
			response: { note: 'Users with display name and avatar; shape not shown in the spec.' },
			since: '1.0.0',
		},
		{
			name: 'list_my_followers',
			method: 'GET',
			path: '/me/followers',
			summary: "The caller's followers.",
			auth: auth.user(),
			paginate: userPage,
			response: { note: 'Users with display name and avatar; shape not shown in the spec.' },
			since: '1.0.0',
		},
	],
});
