/**
 * Response schemas of the caller's own profile and avatar (the contract
 * names the body fields only; docs/profile-and-avatar.md explains each choice).
 */
import { schema, t, type SchemaSpec } from '../../dsl/index.js';
import { removedFlag } from './schemas.js';

/** The square sizes an avatar is stored at (MVS_Avatar_Files::SIZES), in pixels. */
export const AVATAR_SIZES = [96, 192, 512] as const;

const avatarFields = {
	custom: t.bool().required().describe('Whether the member uploaded an avatar; false: the default external avatar (Gravatar) is shown.'),
	urls: t
		.object(Object.fromEntries(AVATAR_SIZES.map((size) => [String(size), t.url().required()])))
		.required()
		.describe("get_avatar_url() at each stored size (pixels): the member's own square image, or the default avatar at that size."),
};

export const profileSchemas: readonly SchemaSpec[] = [
	schema('Avatar', "The caller's avatar.", avatarFields),
	schema('AvatarRemoved', 'The avatar after DELETE /me/avatar, and whether it removed a custom one.', {
		...avatarFields,
		deleted: removedFlag,
	}),
	schema('Profile', "The caller's own profile.", {
		id: t.int().required(),
		display_name: t.string().required().describe('Plain text, never empty.'),
		first_name: t.string().required().describe('Plain text; may be empty.'),
		last_name: t.string().required().describe('Plain text; may be empty.'),
		description: t.string().required().describe('The biography as plain text (markup is removed when it is saved); line breaks kept.'),
		description_html: t.string().required().describe('The biography escaped for HTML, line breaks as <br>.'),
		avatar: t.ref('Avatar').required(),
	}),
];
