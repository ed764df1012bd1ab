/**
 * The Comments and Members tabs of the wp-admin moderation desk (admin-ui
 * extension, not in the contract): comments the site's spam check held,
 * members with open reports, and what a moderator does about them. See
 * docs/moderation.md, "Comments and members".
 */
import { auth, resource, schema, t, type SchemaSpec } from '../../dsl/index.js';
import { REPORT_REASON } from './values.js';

const moderator = auth.cap('moderate_mvs_media');

const commentPath = { comment_id: t.id().describe('Comment ID.') };
const memberPath = { user_id: t.id().describe('User ID of the member.') };

const member = t
	.object({
		id: t.int().required(),
		name: t.string().nullable().required().describe('Display name; null once the account is gone.'),
		profile_url: t.url().nullable().required().describe('wp-admin user-edit.php; null when the viewer cannot edit users.'),
	})
	.required();

export const commentModeration = resource({
	name: 'comment_moderation',
	summary: 'Comments held by the site\'s spam check, for a moderator to approve or delete (admin-ui extension).',
	service: 'MVS_Comment_Moderation_Service',
	typedArgs: true,
	routes: [
		{
			name: 'list_held_comments',
			method: 'GET',
			path: '/moderation/comments',
			summary: 'Comments waiting for a moderator (held for review or marked as spam), oldest first.',
			auth: moderator,
			query: {
				status: t.enum('all', 'held', 'spam').default('all').describe('all: held and spam; or one of them.'),
			},
			paginate: { perPage: 20, max: 100, totalHeader: true },
			response: { schema: 'list:HeldComment' },
			since: '1.1.0',
			implemented: true,
			extension: 'admin-ui',
		},
		{
			name: 'moderate_comment',
			method: 'POST',
			path: '/moderation/comments/{comment_id}',
			summary: 'Approves a held comment (it is listed, counted and notified as if just posted) or deletes it with its replies.',
			auth: moderator,
			params: commentPath,
			body: {
				action: t.enum('approve', 'delete').required().describe('approve: publish it; delete: remove it and its replies.'),
			},
			response: { schema: 'CommentModeration' },
			errors: ['mvs_not_found', 'mvs_storage_failed'],
			rateLimit: 120,
			since: '1.1.0',
			implemented: true,
			extension: 'admin-ui',
		},
	],
});

export const memberModeration = resource({
	name: 'member_moderation',
	summary: 'Members with open reports, and a moderator\'s answer: dismiss, warn, suspend, unsuspend (admin-ui extension).',
	service: 'MVS_Member_Moderation_Service',
	typedArgs: true,
	routes: [
		{
			name: 'list_reported_members',
			method: 'GET',
			path: '/moderation/members',
			summary: 'Members with open reports (most recently reported first), or the suspended members.',
			auth: moderator,
			query: {
				view: t.enum('reported', 'suspended').default('reported').describe('reported: members with open reports; suspended: members a moderator suspended.'),
			},
			paginate: { perPage: 20, max: 100, totalHeader: true },
			response: { schema: 'list:ReportedMember' },
			since: '1.1.0',
			implemented: true,
			extension: 'admin-ui',
		},
		{
			name: 'search_desk_members',
			method: 'GET',
			path: '/moderation/members/search',
			summary: 'Members by the start of a word of their name or login, or by ID, for the desk\'s uploader filter; blocks are ignored.',
			auth: moderator,
			query: {
				search: t.string().min(1).max(100).required().describe('Words that start words of the display name or login (as GET /users/search), or a user ID (digits, optionally after #).'),
			},
			paginate: { perPage: 10, max: 20, totalHeader: false, paged: false },
			response: { schema: 'list:UserCard' },
			since: '1.1.0',
			implemented: true,
			extension: 'admin-ui',
		},
		{
			name: 'moderate_member',
			method: 'POST',
			path: '/moderation/members/{user_id}',
			summary: 'Dismisses a member\'s open reports, warns them (a notification), suspends or unsuspends them.',
			auth: moderator,
			params: memberPath,
			body: {
				action: t.enum('dismiss', 'warn', 'suspend', 'unsuspend').required().describe('dismiss: close the open reports; warn: notify the member and close them; suspend: no sign-in, no application password, reports closed; unsuspend: lift it.'),
				message: t.text().max(500).describe('warn: what the member is told; a standard text when empty.'),
			},
			response: { schema: 'MemberModeration' },
			errors: ['mvs_user_not_found', 'mvs_forbidden'],
			rateLimit: 120,
			since: '1.1.0',
			implemented: true,
			extension: 'admin-ui',
		},
	],
});

export const moderationPeopleSchemas: readonly SchemaSpec[] = [
	schema('HeldComment', 'A comment waiting for a moderator.', {
		id: t.int().required(),
		status: t.enum('held', 'spam').required().describe('held: matched the site\'s moderation words or link limit; spam: its disallowed words or a spam filter.'),
		content: t.string().required().describe('The text as stored (plain text).'),
		content_html: t.string().required().describe('The text escaped for HTML, line breaks as <br>.'),
		created_at: t.datetime().required(),
		parent: t.int().required().describe('The comment replied to, 0 for a top-level comment.'),
		author: member,
		media: t
			.object({
				id: t.int().required(),
				title: t.string().required(),
			})
			.required(),
	}),
	schema('CommentModeration', 'Outcome of a moderator\'s action on a comment.', {
		id: t.int().required(),
		action: t.enum('approve', 'delete').required(),
		status: t.enum('approved', 'deleted').required().describe('The comment\'s state now.'),
		changed: t.bool().required().describe('False when it already was in that state.'),
	}),
	schema('ReportedMember', 'A member on the Members tab: open reports against them and their suspension.', {
		member,
		open_reports: t.int().required(),
		reasons: t
			.array(t.object({ reason: t.oneOf(REPORT_REASON).required(), count: t.int().required() }))
			.required()
			.describe('Open reports per reason, most frequent first.'),
		latest_details: t.string().nullable().required().describe('Details of the latest open report that has some.'),
		latest_report_at: t.datetime().nullable().required(),
		reporters: t
			.array(t.object({ id: t.int().required(), name: t.string().nullable().required() }))
			.required()
			.describe('Who filed the open reports, latest first (at most 10).'),
		suspended: t.bool().required(),
		suspended_at: t.datetime().nullable().required(),
	}),
	schema('MemberModeration', 'Outcome of a moderator\'s action on a member.', {
		user_id: t.int().required(),
		action: t.enum('dismiss', 'warn', 'suspend', 'unsuspend').required(),
		closed_reports: t.int().required().describe('Open reports this action closed.'),
		suspended: t.bool().required(),
		notified: t.bool().required().describe('A notification was sent to the member.'),
	}),
];
