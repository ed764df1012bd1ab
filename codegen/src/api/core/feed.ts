/**
 * Activity feed route (spec section "Feed"; docs/activity-and-feed.md).
 */
import { auth, resource, t } from '../../dsl/index.js';

export const feed = resource({
	name: 'feed',
	summary: 'The community activity feed.',
	service: 'MVS_Feed_Service',
	typedArgs: true,
	routes: [
		{
			name: 'get_feed',
			method: 'GET',
			path: '/feed',
			summary: 'Public or followed activity; events about what the caller may not see never appear.',
			auth: auth.public(),
			query: {
				scope: t.enum('public', 'following').default('public').describe('following: events of the members the caller follows; empty for anonymous callers.'),
			},
			paginate: { perPage: 20, max: 100, totalHeader: true },
			response: { schema: 'list:ActivityEvent' },
			since: '1.0.0',
			implemented: true,
		},
	],
});
