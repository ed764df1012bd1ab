/**
 * Activity feed route (spec section "Feed").
 */
import { auth, resource, t } from '../../dsl/index.js';

export const feed = resource({
	name: 'feed',
	summary: 'The community activity feed.',
	routes: [
		{
			name: 'get_feed',
			method: 'GET',
			path: '/feed',
			summary: 'Public or followed activity; private events never appear.',
			auth: auth.public(),
			query: {
				scope: t.enum('public', 'following').default('public').describe('following is empty for anonymous callers.'),
			},
			paginate: { perPage: 20, max: 100, totalHeader: true },
			response: { note: 'Activity events; shape not shown in the spec.' },
			since: '1.0.0',
		},
	],
});
