/**
 * Response schemas of the core namespace (the shapes the contract lists).
 */
import { schema, t, type SchemaSpec } from '../../dsl/index.js';
import { APP_LAYOUT, MEDIA_TYPE, MODERATION_STATUS, PRIVACY } from './values.js';

/** Fields of an album record (the contract shows none). */
/** The flag every DELETE answers (docs/api-conventions.md, "Retry-safe writes"). */
export const removedFlag = t.bool().required().describe('True when this request removed it; false when it was already absent (a retried or repeated DELETE).');

const albumFields = {
	id: t.int().required(),
	title: t.string().required(),
	description: t.string().required(),
	privacy: t.oneOf(PRIVACY).required(),
	author_id: t.int().required(),
	media_count: t.int().required().describe('Items of the album the caller may see.'),
	cover_media_id: t.int().nullable().required(),
	cover: t.json().nullable().required().describe('The cover MediaItem; null when unset or hidden from the caller.'),
	can_edit: t.bool().required(),
	created_at: t.datetime().required(),
	updated_at: t.datetime().required(),
};

export const coreSchemas: readonly SchemaSpec[] = [
	schema('MediaItem', 'A media item as seen by the caller.', {
		id: t.int().required(),
		title: t.string().required(),
		slug: t.string().required(),
		description: t.string().required(),
		media_type: t.oneOf(MEDIA_TYPE).required(),
		mime_type: t.string().required(),
		file_url: t.url().required(),
		privacy: t.oneOf(PRIVACY).required(),
		group_id: t.int().nullable().required(),
		author_id: t.int().required(),
		album_id: t.int().nullable().required(),
		is_story: t.bool().required(),
		views: t.int().required(),
		reactions_count: t.int().required(),
		comments_count: t.int().required(),
		created_at: t.datetime().required(),
		can_edit: t.bool().required(),
		is_favorited: t.bool().required(),
		viewer_reaction: t.string().nullable().required(),
		sizes: t
			.json()
			.required()
			.describe('Generated image sizes by name (thumbnail, medium, large, watermark): {url, width, height}; empty for other media types.'),
		tags: t.array(t.ref('MediaTerm')).required(),
		category: t.object({ id: t.int().required(), name: t.string().required(), slug: t.string().required() }).nullable().required(),
		// Extensions of the contract's media object (docs/moderation.md, "What owners see").
		moderation_status: t
			.oneOf(MODERATION_STATUS)
			.nullable()
			.required()
			.describe("The item's moderation state, for its uploader and for moderators; null for everyone else (an extension of the contract's media object)."),
		moderation_reason: t
			.string()
			.nullable()
			.required()
			.describe('Why a moderator rejected the item, for its uploader and moderators; null when not rejected, when no reason was given, and for everyone else.'),
	}),
	schema('MediaTerm', 'A tag (mvs_tag) or category (mvs_category) of a media item.', {
		id: t.int().required(),
		name: t.string().required(),
		slug: t.string().required(),
	}),
	schema('AccessDecision', 'Whether the caller may view a media item.', {
		media_id: t.int().required(),
		can_view: t.bool().required(),
		privacy: t.oneOf(PRIVACY).nullable().required(),
		is_owner: t.bool().nullable().required(),
	}),
	schema('SignedUrl', 'A time-limited URL to /serve.', {
		url: t.url().required(),
		expires: t.int().required(),
	}),
	schema('MediaStats', 'Counters of one media item.', {
		views: t.int().required(),
		reactions: t.int().required(),
		comments: t.int().required(),
		downloads: t.int().required(),
		shares: t.int().required(),
	}),
	schema('AppConfig', 'Public configuration for native clients (docs/native-app.md).', {
		accent_color: t.string().format('hex-color').nullable().required().describe('#rrggbb (lower case); null when the site sets none.'),
		logo_url: t.url().nullable().required(),
		login_bg_url: t.url().nullable().required(),
		dark_mode_default: t.bool().required(),
		layout: t.oneOf(APP_LAYOUT).required(),
		pro_active: t.bool().required().describe('Whether Media Community Service Pro is active.'),
		features: t
			.object(
				{
					messaging: t.bool().required(),
					reactions: t.bool().required(),
					comments: t.bool().required(),
					favorites: t.bool().required(),
					albums: t.bool().required(),
					collections: t.bool().required(),
					follows: t.bool().required(),
					notifications: t.bool().required(),
					activity: t.bool().required(),
				},
				true,
			)
			.required()
			.describe('Feature toggles, all booleans; extensions add theirs (battles, stories ...) through the mvs_app_config_features filter.'),
	}),
	schema('InterestChip', 'A category offered on the interest picker.', {
		id: t.int().required(),
		name: t.string().required(),
		slug: t.string().required(),
		count: t.int().required(),
		cover_url: t.url().nullable().required(),
	}),
	schema('InterestIds', 'The interests a member picked.', {
		interest_ids: t.array(t.int()).required(),
	}),
	schema('SuggestedUser', 'A member suggested to follow.', {
		id: t.int().required(),
		name: t.string().required(),
		avatar: t.url().required(),
		profile_url: t.url().required(),
		follower_count: t.int().required(),
		is_following: t.bool().required(),
		sample_media: t.array(t.url()).max(3).required(),
	}),
	schema('Nonce', 'A REST nonce.', { nonce: t.string().required() }),
	schema('AppPassword', 'An application password issued by POST /auth/app-password: the password is in this answer only (docs/sign-in.md).', {
		user_id: t.int().required(),
		user_login: t.string().required().describe('The user name to send with the password (HTTP Basic), whether the member signed in with it or with their e-mail.'),
		password: t.string().required().describe('The application password (24 letters and digits); the site keeps only its hash.'),
		uuid: t.string().required().describe('Its id among the member\'s application passwords (/wp/v2/users/me/application-passwords/{uuid}).'),
		app_id: t.string().nullable().required().describe('The app_id sent, null without one.'),
		name: t.string().required().describe('The name the member sees in their profile.'),
		created_at: t.datetime().required().describe('UTC.'),
	}),
	schema('Count', 'A count.', { count: t.int().required() }),
	schema('UploadResult', 'A message attachment upload.', {
		media_id: t.int().required(),
		url: t.url().required(),
	}),
	schema('Onboarded', 'Onboarding result.', { onboarded: t.bool().required() }),
	schema('Album', 'An album as seen by the caller (see docs/albums-and-tags.md).', albumFields),
	schema('AlbumWithMedia', 'An album with the items the caller may see, in album order.', {
		...albumFields,
		media: t.array(t.ref('MediaItem')).required(),
	}),
	schema('AlbumItemRemoved', 'The album after DELETE /albums/{id}/items/{media_id}, and whether the item was in it.', {
		...albumFields,
		media: t.array(t.ref('MediaItem')).required(),
		deleted: removedFlag,
	}),
	schema('Tag', 'A tag (mvs_tag) with the number of items carrying it that the caller may see.', {
		id: t.int().required(),
		name: t.string().required(),
		slug: t.string().required(),
		count: t.int().required(),
	}),
	schema('TagMerge', 'Outcome of a tag merge.', {
		merged: t.bool().required(),
		source_id: t.int().required(),
		target: t.ref('Tag').required(),
	}),
	schema('BulkResult', 'Outcome of POST /media/bulk: every item was changed.', {
		action: t.enum('delete', 'move_to_album', 'change_privacy').required(),
		applied: t.bool().required(),
		count: t.int().required(),
		results: t.array(t.object({ id: t.int().required(), ok: t.bool().required(), code: t.string() })).required(),
	}),
	schema('Deleted', 'Outcome of a delete.', {
		deleted: removedFlag,
		id: t.int().required(),
	}),
];
