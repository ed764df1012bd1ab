/**
 * Response schemas of access rules and grants (the contract names the
 * request fields only; docs/access-rules-and-grants.md explains each choice).
 */
import { schema, t, type SchemaSpec } from '../../dsl/index.js';
import { removedFlag } from './schemas.js';

const grantFields = {
	media_id: t.int().required(),
	user_id: t.int().required(),
	source: t.string().required().describe('Where the grant came from: manual, or a source an extension adds (filter mvs_access_grant_sources).'),
	expires_at: t.datetime().nullable().required().describe('When it stops opening the item; null: never.'),
	created_at: t.datetime().required().describe('When it was first granted.'),
	active: t.bool().required().describe('False once expires_at has passed: the grant opens nothing.'),
};

export const accessSchemas: readonly SchemaSpec[] = [
	schema('AccessRule', "One rule of an item's access rule set: members matching any rule (or holding a grant) may see the item.", {
		id: t.int().required(),
		media_id: t.int().required(),
		rule_type: t.string().required().describe('One of the types GET /access/options lists.'),
		rule_value: t.string().required().describe("A role slug, a capability, an extension's value, or empty (followers, members)."),
		price: t.number().nullable().required().describe('Stored for extensions (two decimals); core does not charge it.'),
		currency: t.string().nullable().required().describe('Three upper-case letters (ISO 4217), with price.'),
		created_at: t.datetime().required(),
	}),
	schema('AccessGrant', 'A direct grant of one item to one member.', grantFields),
	schema('MyAccessGrant', 'A grant the caller holds, with the item as far as the caller may see it now.', {
		...grantFields,
		media: t
			.object({ id: t.int().required(), title: t.string().required(), media_type: t.string().required() })
			.nullable()
			.required()
			.describe('Null while the caller may not see the item (an expired grant to a private item).'),
	}),
	schema('AccessGrantRemoved', 'The outcome of DELETE /media/{media_id}/grant/{user_id}.', {
		media_id: t.int().required(),
		user_id: t.int().required(),
		deleted: removedFlag,
	}),
	schema('AccessOptions', 'What an access rule editor offers.', {
		roles: t.array(t.object({ slug: t.string().required(), name: t.string().required() })).required().describe("The site's roles (values of role rules)."),
		rule_types: t
			.array(t.object({ type: t.string().required(), label: t.string().required(), value_kind: t.enum('role', 'capability', 'text', 'none').required() }))
			.required()
			.describe('Allowed rule types (filter mvs_access_rule_types_ui); value_kind says what rule_value takes.'),
		grant_sources: t.array(t.string()).required().describe('Allowed grant sources (filter mvs_access_grant_sources).'),
	}),
];
