/**
 * Response schemas of follows, public profiles and member search (the
 * contract names no keys for them; docs/people.md explains each choice).
 */
import { schema, t, type SchemaSpec } from '../../dsl/index.js';
import { removedFlag } from './schemas.js';

/** The one shape of a member in a list (MVS_User_Cards): followers, following, search, event actors. */
const userCardFields = {
	id: t.int().required(),
	display_name: t.string().required(),
	avatar_url: t.url().required().describe("get_avatar_url() of the member: their own avatar where one is set, else the site's default."),
	profile_url: t.url().required().describe("The member's page on the site (filter mvs_user_profile_url)."),
	is_following: t.bool().required().describe('Whether the caller follows them; false for visitors.'),
};

const followFields = {
	user_id: t.int().required(),
	is_following: t.bool().required(),
	follower_count: t.int().required().describe("The member's follower count after the change."),
};

export const peopleSchemas: readonly SchemaSpec[] = [
	schema('UserCard', 'A member as lists show them.', userCardFields),
	schema('FollowState', 'Whether the caller follows a member, after POST /users/{id}/follow.', followFields),
	schema('FollowRemoved', 'The follow state after DELETE /users/{id}/follow, and whether it removed a follow.', {
		...followFields,
		deleted: removedFlag,
	}),
	schema('UserProfile', "A member's public profile as the caller may see it.", {
		...userCardFields,
		description: t.string().required().describe('The biography (WordPress user description), as plain text.'),
		follower_count: t.int().required(),
		following_count: t.int().required(),
		media_count: t.int().required().describe('Their items a visitor may see (approved and public).'),
		user_login: t.string().nullable().required().describe('Only for the member themselves and callers who may list users (list_users); null otherwise.'),
		user_registered: t.datetime().nullable().required().describe('As user_login.'),
	}),
];
