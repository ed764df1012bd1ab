/**
 * Reaction, comment and favorite routes (spec section "Reactions, comments, favorites").
 */
import { auth, resource, schema, t, type SchemaSpec } from '../../dsl/index.js';
import { idPath } from './common.js';

const commentPath = { ...idPath, comment_id: t.id().describe('Comment ID.') };

export const reactions = resource({
	name: 'reactions',
	service: 'MVS_Reactions_Service',
	typedArgs: true,
	summary: 'Reactions on media items, one per member.',
	routes: [
		{
			name: 'list_media_reactions',
			method: 'GET',
			path: '/media/{id}/reactions',
			summary: "Reaction counts by type, plus the caller's own reaction.",
			auth: auth.public(),
			params: idPath,
			response: { schema: 'ReactionSummary' },
			errors: ['mvs_forbidden', 'mvs_not_found'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'set_media_reaction',
			method: 'POST',
			path: '/media/{id}/reactions',
			summary: "Add or change the caller's reaction.",
			auth: auth.user(),
			params: idPath,
			body: {
				reaction_type: t
					.key()
					.max(32)
					.required()
					.describe('Reaction slug: like, love, haha, wow, sad or angry unless the mvs_reaction_types filter changes the list; any other value is a 400.'),
			},
			response: { schema: 'ReactionSummary' },
			errors: ['mvs_forbidden', 'mvs_not_found', 'mvs_invalid_param', 'mvs_storage_failed'],
			// Toggling faster than every three seconds is a script; each set may notify.
			rateLimit: 20,
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'remove_media_reaction',
			method: 'DELETE',
			path: '/media/{id}/reactions',
			summary: "Remove the caller's reaction.",
			auth: auth.user(),
			params: idPath,
			response: { schema: 'ReactionRemoved' },
			errors: ['mvs_forbidden', 'mvs_not_found', 'mvs_storage_failed'],
			rateLimit: 20,
			since: '1.0.0',
			implemented: true,
		},
	],
});

/** Longest comment, in characters (the peer's message limit; a comment is no essay). */
export const COMMENT_MAX_LENGTH = 2000;

export const commentSchemas: readonly SchemaSpec[] = [
	schema('Comment', 'A comment on a media item, as seen by the caller.', {
		id: t.int().required(),
		media_id: t.int().required(),
		parent: t.int().required().describe('Top-level comment this one replies to; 0 for a top-level comment.'),
		author_id: t.int().required(),
		author_name: t.string().required(),
		content: t.string().required().describe('Plain text as stored: markup is removed when the comment is saved.'),
		content_html: t.string().required().describe('The content escaped for HTML, line breaks as <br>.'),
		created_at: t.datetime().required(),
		updated_at: t.datetime().required(),
		can_edit: t.bool().required().describe('The caller may edit it now (author within the edit window, or a moderator).'),
		can_delete: t.bool().required(),
	}),
];

export const comments = resource({
	name: 'comments',
	service: 'MVS_Comments_Service',
	typedArgs: true,
	summary: 'Threaded comments on media items.',
	routes: [
		{
			name: 'list_media_comments',
			method: 'GET',
			path: '/media/{id}/comments',
			summary: "List an item's comments, oldest first; follows the item's privacy.",
			auth: auth.publicWithPrivacy(),
			params: idPath,
			paginate: { perPage: 20, max: 100, totalHeader: true },
			response: { schema: 'list:Comment' },
			errors: ['mvs_forbidden', 'mvs_not_found'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'create_media_comment',
			method: 'POST',
			path: '/media/{id}/comments',
			summary: 'Comment on an item, or reply to a top-level comment of it.',
			auth: auth.user(),
			params: idPath,
			body: {
				content: t.text().min(1).max(COMMENT_MAX_LENGTH).required().describe('Comment text (plain text); @username mentions a user.'),
				parent: t.int().min(0).default(0).describe('Top-level comment of the same item to reply to; 0 for none.'),
				from_activity: t.int().min(0).default(0).describe('Source community activity ID; 0 for none.'),
			},
			response: { status: 201, schema: 'Comment' },
			errors: ['mvs_forbidden', 'mvs_not_found', 'mvs_invalid_param', 'mvs_storage_failed'],
			// A comment every six seconds is a fast typist; more is a flood (each one notifies).
			rateLimit: 10,
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'update_media_comment',
			method: 'PUT',
			path: '/media/{id}/comments/{comment_id}',
			summary: 'Edit a comment: its author within the edit window, or a moderator.',
			auth: auth.owner('comment_author', { param: 'comment_id', within: 'id', others: 'moderate_mvs_media' }),
			params: commentPath,
			body: {
				content: t.text().min(1).max(COMMENT_MAX_LENGTH).required(),
			},
			response: { schema: 'Comment' },
			errors: ['mvs_forbidden', 'mvs_not_found', 'mvs_invalid_param', 'mvs_edit_window_closed'],
			rateLimit: 20,
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'delete_media_comment',
			method: 'DELETE',
			path: '/media/{id}/comments/{comment_id}',
			summary: 'Delete a comment and its replies: its author, or a moderator.',
			auth: auth.owner('comment_author', { param: 'comment_id', within: 'id', others: 'moderate_mvs_media' }),
			params: commentPath,
			response: { schema: 'Deleted' },
			errors: ['mvs_forbidden', 'mvs_not_found', 'mvs_storage_failed'],
			since: '1.0.0',
			implemented: true,
		},
	],
});

export const favorites = resource({
	name: 'favorites',
	service: 'MVS_Favorites_Service',
	typedArgs: true,
	summary: "The caller's favorite media items.",
	routes: [
		{
			name: 'get_media_favorite',
			method: 'GET',
			path: '/media/{id}/favorite',
			summary: 'Whether the caller favorited the item.',
			auth: auth.user(),
			params: idPath,
			response: { schema: 'Favorite' },
			errors: ['mvs_forbidden', 'mvs_not_found'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'add_media_favorite',
			method: 'POST',
			path: '/media/{id}/favorite',
			summary: 'Favorite an item (idempotent).',
			auth: auth.user(),
			params: idPath,
			body: {
				collection_id: t.id().describe("Also add the item to this collection: one of the caller's manual collections."),
			},
			response: { schema: 'Favorite' },
			errors: ['mvs_forbidden', 'mvs_not_found', 'mvs_invalid_param', 'mvs_storage_failed'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'remove_media_favorite',
			method: 'DELETE',
			path: '/media/{id}/favorite',
			summary: 'Remove an item from the favorites (idempotent).',
			auth: auth.user(),
			params: idPath,
			response: { schema: 'FavoriteRemoved' },
			errors: ['mvs_forbidden', 'mvs_not_found', 'mvs_storage_failed'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'list_my_favorites',
			method: 'GET',
			path: '/me/favorites',
			summary: "The caller's favorite media items they may still see, newest favorite first.",
			auth: auth.user(),
			query: {
				collection_id: t.id().describe('Only favorites filed under this collection of the caller.'),
			},
			paginate: { perPage: 20, max: 100, totalHeader: true, envelope: true },
			response: { schema: 'list:MediaItem' },
			since: '1.0.0',
			implemented: true,
		},
	],
});
