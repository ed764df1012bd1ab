/**
 * Public user profiles, search, suggestions, a member's media and activity
 * (spec section "Follows, profile, users").
 */
import { auth, resource, t } from '../../dsl/index.js';
import { userIdPath } from './common.js';

const userPage = { perPage: 20, max: 100, totalHeader: true } as const;

export const users = resource({
	name: 'users',
	summary: 'Public user profiles, their media and activity, search and suggestions.',
	typedArgs: true,
	groups: [
		{
			name: 'user_profiles',
			summary: 'Public profiles, member search and suggestions (docs/people.md).',
			service: 'MVS_User_Profiles_Service',
			routes: [
				{
					name: 'get_user',
					method: 'GET',
					path: '/users/{id}',
					summary: "A user's public profile.",
					auth: auth.public(),
					rateLimit: 60,
					params: userIdPath,
					response: { schema: 'UserProfile' },
					errors: ['mvs_user_not_found'],
					since: '1.0.0',
					implemented: true,
				},
				{
					name: 'search_users',
					method: 'GET',
					path: '/users/search',
					summary: 'Search members by the start of any word of their display name or login.',
					auth: auth.public(),
					query: {
						q: t.string().min(2).max(100).required().describe('Search text: at least 2 characters; every word must start a word of the name or login.'),
					},
					paginate: { perPage: 10, max: 50, totalHeader: false, paged: false },
					response: { schema: 'list:UserCard' },
					since: '1.0.0',
					implemented: true,
				},
				{
					name: 'list_suggested_users',
					method: 'GET',
					path: '/users/suggested',
					summary: 'Members to follow, excluding the viewer, followed and blocked users.',
					auth: auth.user(),
					query: {
						// The contract clamps rather than refuses: 0 gives one suggestion, 500 gives 50 (MVS_User_Profiles_Service).
						limit: t.int().default(10).describe('How many suggestions; clamped to 1-50.'),
					},
					response: { schema: 'list:SuggestedUser' },
					since: '1.9.0',
					implemented: true,
				},
			],
		},
		{
			name: 'user_media',
			summary: "A member's media, as the caller may see it.",
			service: 'MVS_User_Media_Service',
			routes: [
				{
					name: 'list_user_media',
					method: 'GET',
					path: '/users/{id}/media',
					summary: "A user's media visible to the caller.",
					auth: auth.publicWithPrivacy(),
					params: userIdPath,
					paginate: { ...userPage, envelope: true },
					response: { schema: 'list:MediaItem' },
					errors: ['mvs_user_not_found'],
					since: '1.0.0',
					implemented: true,
				},
			],
		},
		{
			name: 'user_activity',
			summary: "A member's activity, as the caller may see it (docs/activity-and-feed.md).",
			service: 'MVS_User_Activity_Service',
			routes: [
				{
					name: 'list_user_activity',
					method: 'GET',
					path: '/users/{id}/activity',
					summary: "A user's uploads, album creations and reactions.",
					auth: auth.public(),
					params: userIdPath,
					paginate: userPage,
					response: { schema: 'list:ActivityEvent' },
					errors: ['mvs_user_not_found'],
					since: '1.0.0',
					implemented: true,
				},
			],
		},
	],
});
