/**
 * The moderation desk of wp-admin (admin-ui extension, not in the contract):
 * one list of what waits for a decision or was decided, with the facts a
 * moderator decides on, and the undo of a decision. See docs/moderation.md,
 * "Moderation desk".
 */
import { auth, resource, schema, t, type SchemaSpec } from '../../dsl/index.js';
import { idPath } from './common.js';
import { DESK_ORDER, DESK_VIEW, MEDIA_TYPE, MODERATION_STATUS, PRIVACY, REPORT_REASON } from './values.js';

const moderator = auth.cap('moderate_mvs_media');

const person = t
	.object({
		id: t.int().required(),
		name: t.string().nullable().required().describe('Display name; null once the account is gone.'),
	})
	.required();

export const moderationDesk = resource({
	name: 'moderation_desk',
	summary: 'The wp-admin moderation desk: rows with their reports, analysis and decision, and undo (admin-ui extension).',
	service: 'MVS_Moderation_Desk_Service',
	typedArgs: true,
	routes: [
		{
			name: 'list_moderation_desk',
			method: 'GET',
			path: '/moderation/desk',
			summary: 'Items of one desk view with uploader, reports, stored analysis and latest decision.',
			auth: moderator,
			query: {
				view: t
					.oneOf(DESK_VIEW)
					.default('waiting')
					.describe('waiting: pending, flagged and approved items with open reports; the others: that state only (reported: approved with open reports).'),
				orderby: t.oneOf(DESK_ORDER).default('oldest').describe('oldest/newest: by upload, or by latest decision in the approved and rejected views; reports: most open reports first.'),
				media_type: t.oneOf(MEDIA_TYPE).describe('Only items of this media type.'),
				uploader: t.id().describe('Only items uploaded by this user.'),
				reason: t.oneOf(REPORT_REASON).describe('Only items with a report (open or decided) giving this reason.'),
				search: t.string().max(200).describe('Only items whose title contains this text.'),
			},
			paginate: { perPage: 20, max: 100, totalHeader: true },
			response: { schema: 'list:ModerationDeskItem' },
			since: '1.1.0',
			implemented: true,
			extension: 'admin-ui',
		},
		{
			name: 'undo_moderation_decision',
			method: 'POST',
			path: '/moderation/{id}/undo',
			summary: 'Reverts the latest decision on an item: its previous state comes back and the reports it closed reopen.',
			auth: moderator,
			params: idPath,
			response: { schema: 'ModerationUndo' },
			errors: ['mvs_not_found', 'mvs_nothing_to_undo'],
			rateLimit: 120,
			since: '1.1.0',
			implemented: true,
			extension: 'admin-ui',
		},
	],
});

export const moderationDeskSchemas: readonly SchemaSpec[] = [
	schema('ModerationDeskItem', 'A row of the moderation desk.', {
		id: t.int().required(),
		title: t.string().required(),
		media_type: t.oneOf(MEDIA_TYPE).required(),
		mime_type: t.string().required(),
		privacy: t.oneOf(PRIVACY).required(),
		created_at: t.datetime().required(),
		moderation_status: t.oneOf(MODERATION_STATUS).required(),
		uploader: t
			.object({
				id: t.int().required(),
				name: t.string().nullable().required(),
				profile_url: t.url().nullable().required().describe('wp-admin user-edit.php; null when the viewer cannot edit users.'),
			})
			.required(),
		open_reports: t.int().required(),
		reasons: t
			.array(t.object({ reason: t.oneOf(REPORT_REASON).required(), count: t.int().required() }))
			.required()
			.describe('Open reports per reason, most frequent first.'),
		latest_details: t.string().nullable().required().describe('Details of the latest open report that has some.'),
		reports: t
			.array(
				t.object({
					id: t.int().required(),
					reporter: person,
					reason: t.oneOf(REPORT_REASON).required(),
					details: t.string().required(),
					status: t.string().required(),
					created_at: t.datetime().required(),
				}),
			)
			.required()
			.describe('Every report on the item, open and decided, newest first.'),
		flag_reason: t.string().nullable().required().describe('Why the item was last flagged (report threshold or analysis).'),
		analysis: t.json().nullable().required().describe('The latest stored analysis (the AiAnalysis fields as analysed), null when never analysed.'),
		image_hash: t.string().nullable().required().describe('Perceptual hash of the image (64-bit dHash, 16 hex digits); null for other media or an image not hashed.'),
		earlier_rejection: t
			.object({
				media_id: t.int().required(),
				title: t.string().nullable().required().describe('null once the earlier item is deleted.'),
				distance: t.int().required().describe('Bits of 64 in which the two hashes differ.'),
				decision: t
					.object({ by: person, at: t.datetime().required(), reason: t.string().nullable().required() })
					.nullable()
					.required()
					.describe('The rejection it matched; null once the earlier item is deleted.'),
			})
			.nullable()
			.required()
			.describe('The rejected item this upload looks like (docs/moderation.md, "Image hashes"); null when none.'),
		decision: t
			.object({
				action: t.enum('approve', 'reject').required(),
				by: person,
				at: t.datetime().required(),
				reason: t.string().nullable().required(),
				from: t.oneOf(MODERATION_STATUS).required(),
			})
			.nullable()
			.required()
			.describe('The latest moderator decision; null when there was none.'),
		history: t
			.array(
				t.object({
					action: t.enum('approve', 'reject', 'undo', 'flag').required(),
					by: person.describe('Who acted; id 0 and name null when the report threshold or the analysis flagged the item.'),
					at: t.datetime().required(),
					reason: t.string().nullable().required(),
					from: t.oneOf(MODERATION_STATUS).nullable().required().describe('The state before; null when the log did not record it.'),
					to: t.oneOf(MODERATION_STATUS).nullable().required().describe('The state after; null when the log did not record it.'),
				}),
			)
			.required()
			.describe('Every decision, undo and flag on the item from the moderation log, newest first (analyses are in analysis).'),
	}),
	schema('ModerationUndo', 'Outcome of an undo: the state the item is back in.', {
		id: t.int().required(),
		moderation_status: t.oneOf(MODERATION_STATUS).required(),
		undone: t.enum('approve', 'reject').required(),
		reopened_reports: t.int().required(),
	}),
];
