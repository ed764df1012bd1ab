/**
 * The community overview of wp-admin (admin-ui extension, not in the
 * contract): the numbers of the Overview page and the dashboard widget, read
 * in a constant number of queries from totals and cached. See
 * docs/community-overview.md.
 */
import { auth, resource, schema, t, type SchemaSpec } from '../../dsl/index.js';
import { MEDIA_TYPE } from './values.js';

export const overview = resource({
	name: 'overview',
	summary: 'The community overview: uploads, storage, active members, the queue, reports and top tags (admin-ui extension).',
	service: 'MVS_Overview_Service',
	typedArgs: true,
	routes: [
		{
			name: 'get_community_overview',
			method: 'GET',
			path: '/overview',
			summary: 'How the community is doing over the last 30 days, cached for a few minutes.',
			auth: auth.cap('moderate_mvs_media'),
			response: { schema: 'CommunityOverview' },
			since: '1.1.0',
			implemented: true,
			extension: 'admin-ui',
		},
	],
});

export const overviewSchemas: readonly SchemaSpec[] = [
	schema('CommunityOverview', 'The community overview: the last 30 UTC days, oldest first, and current totals.', {
		generated_at: t.datetime().required().describe('When these numbers were computed (they are cached for a few minutes).'),
		uploads_per_day: t
			.array(
				t.object({
					day: t.string().required().describe('UTC day, YYYY-MM-DD.'),
					image: t.int().required(),
					video: t.int().required(),
					audio: t.int().required(),
					document: t.int().required(),
				}),
			)
			.required()
			.describe('Items uploaded on each of the last 30 UTC days (today last) that still exist, per media type.'),
		storage: t
			.array(
				t.object({
					media_type: t.oneOf(MEDIA_TYPE).required(),
					items: t.int().required(),
					bytes: t.int().required().describe('Sum of the original files\' sizes.'),
				}),
			)
			.required()
			.describe('Every existing item and its original file\'s bytes, per media type (every type, zeros included).'),
		active_members: t.int().required().describe('Members with a community event (upload, comment, reaction, album) in the last 30 days.'),
		queue: t
			.object({
				size: t.int().required().describe('pending + flagged + reported, as the desk\'s "waiting" view counts them.'),
				pending: t.int().required(),
				flagged: t.int().required(),
				reported: t.int().required().describe('Approved items with open reports.'),
				oldest_at: t.datetime().nullable().required().describe('Since when the longest-waiting item waits (its upload, or its oldest open report); null when the queue is empty.'),
			})
			.required(),
		reports_per_day: t
			.array(t.object({ day: t.string().required(), count: t.int().required() }))
			.required()
			.describe('Reports filed on each of the last 30 UTC days (today last).'),
		top_tags: t
			.array(t.object({ id: t.int().required(), name: t.string().required(), slug: t.string().required(), items: t.int().required() }))
			.required()
			.describe('The ten tags with the most approved items, most first.'),
	}),
];
