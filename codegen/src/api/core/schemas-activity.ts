/**
 * Response schema of activity events (GET /feed, GET /users/{id}/activity).
 * The contract shows no keys; docs/activity-and-feed.md explains each choice.
 */
import { schema, t, type SchemaSpec } from '../../dsl/index.js';
import { ACTIVITY_TYPE } from './values.js';

export const activitySchemas: readonly SchemaSpec[] = [
	schema('ActivityEvent', 'One event as the caller may see it at the time of the request.', {
		id: t.int().required(),
		type: t.oneOf(ACTIVITY_TYPE).required().describe('upload, album (created), comment or reaction.'),
		actor: t.ref('UserCard').required().describe('The member who acted.'),
		object_type: t.enum('media', 'album').required().describe('media for uploads, comments and reactions; album for album creations.'),
		object_id: t.int().required(),
		media: t.ref('MediaItem').describe('The item, as GET /media/{id} shows it to the caller: present when object_type is media.'),
		album: t.ref('Album').describe('The album, as GET /albums shows it to the caller: present when object_type is album.'),
		created_at: t.datetime().required(),
	}),
];
