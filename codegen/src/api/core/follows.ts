/**
 * Follow routes (spec section "Follows, profile, users"; choices in docs/people.md).
 */
import { auth, resource } from '../../dsl/index.js';
import { userIdPath } from './common.js';

const userPage = { perPage: 20, max: 100, totalHeader: true } as const;

export const follows = resource({
	name: 'follows',
	summary: 'Follow relationships between members.',
	service: 'MVS_Follows_Service',
	typedArgs: true,
	routes: [
		{
			name: 'follow_user',
			method: 'POST',
			path: '/users/{id}/follow',
			summary: 'Follow a user (idempotent).',
			auth: auth.user(),
			rateLimit: 30,
			params: userIdPath,
			response: { schema: 'FollowState' },
			errors: ['mvs_user_not_found', 'mvs_invalid_param'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'unfollow_user',
			method: 'DELETE',
			path: '/users/{id}/follow',
			summary: 'Unfollow a user (idempotent: deleted false when there was no follow).',
			auth: auth.user(),
			params: userIdPath,
			response: { schema: 'FollowRemoved' },
			errors: ['mvs_user_not_found'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'list_user_followers',
			method: 'GET',
			path: '/users/{id}/followers',
			summary: "A user's followers, newest first.",
			auth: auth.public(),
			params: userIdPath,
			paginate: userPage,
			response: { schema: 'list:UserCard' },
			errors: ['mvs_user_not_found'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'list_user_following',
			method: 'GET',
			path: '/users/{id}/following',
			summary: 'The users a user follows, newest first.',
			auth: auth.public(),
			params: userIdPath,
			paginate: userPage,
			response: { schema: 'list:UserCard' },
			errors: ['mvs_user_not_found'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'list_my_following',
			method: 'GET',
			path: '/me/following',
			summary: 'The users the caller follows, newest first.',
			auth: auth.user(),
			paginate: userPage,
			response: { schema: 'list:UserCard' },
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'list_my_followers',
			method: 'GET',
			path: '/me/followers',
			summary: "The caller's followers, newest first.",
			auth: auth.user(),
			paginate: userPage,
			response: { schema: 'list:UserCard' },
			since: '1.0.0',
			implemented: true,
		},
	],
});
