/**
 * Authorization rules a route can declare. Every route must declare exactly
 * one; the PHP emitter turns it into that route's *_permissions_check method.
 *
 * The private-community gate is not a per-route rule: it covers whole
 * namespaces (see `namespace.gated`) and runs before any route matches.
 */

export type Capability =
	| 'upload_mvs_media'
	| 'edit_mvs_medias'
	| 'edit_others_mvs_medias'
	| 'delete_mvs_medias'
	| 'delete_others_mvs_medias'
	| 'moderate_mvs_media'
	| 'manage_mvs_access'
	| 'manage_mvs_settings'
	| 'manage_options'
	/** WordPress's own meta capability of Tools → Site Health (install_plugins on single sites). */
	| 'view_site_health_checks';

export const CAPABILITIES: readonly Capability[] = [
	'upload_mvs_media',
	'edit_mvs_medias',
	'edit_others_mvs_medias',
	'delete_mvs_medias',
	'delete_others_mvs_medias',
	'moderate_mvs_media',
	'manage_mvs_access',
	'manage_mvs_settings',
	'manage_options',
	'view_site_health_checks',
];

/**
 * Where each named ownership lookup reads its answer. Each becomes
 * `is_<name>( $id, $user_id )` in the lookups interface, or
 * `is_<name>( $id, $<scope>, $user_id )` when it is scoped, and its one
 * prepared query is generated into MVS_<Plugin>_Ownership (emit/php/ownership.ts).
 * - `column`: the row of `table` with that id names its owner in `column`.
 *   With `scope`, the resource lives inside another one: the lookup answers
 *   null (404) unless the row's `scope` column holds the parent's id, so a
 *   comment is edited through the item it was written on, never another's URL.
 * - `members`: rows of `members.table` link users to the resource (its
 *   `key` column holding the resource id, `user` the member); a member whose
 *   `status` column holds `left` no longer belongs.
 * A missing row of `table` is always null (404).
 */
export type OwnerSource =
	| { readonly table: string; readonly column: string; readonly scope?: string }
	| {
			readonly table: string;
			readonly members: { readonly table: string; readonly key: string; readonly user: string; readonly left?: { readonly status: string; readonly value: string } };
	  };

export const OWNER_LOOKUPS = {
	media_owner: { table: 'mvs_media', column: 'author_id' },
	album_owner: { table: 'mvs_albums', column: 'author_id' },
	collection_owner: { table: 'mvs_collections', column: 'author_id' },
	comment_author: { table: 'mvs_comments', column: 'user_id', scope: 'media_id' },
	message_sender: { table: 'mvs_messages', column: 'sender_id' },
} as const satisfies Readonly<Record<string, OwnerSource>>;

export type OwnerLookup = keyof typeof OWNER_LOOKUPS;

/**
 * Scoped lookups (see OwnerSource), with the name of the parent's ID
 * argument. A route using one names the path parameter that holds the
 * parent (`within`).
 */
export const SCOPED_LOOKUPS: Readonly<Partial<Record<OwnerLookup, string>>> = Object.fromEntries(
	Object.entries(OWNER_LOOKUPS as Readonly<Record<string, OwnerSource>>).flatMap(([name, source]) =>
		'scope' in source && source.scope ? [[name, source.scope]] : [],
	),
);

export type AuthRule =
	/** Anyone, including anonymous callers. */
	| { readonly kind: 'public' }
	/** Anyone may call; the handler checks the resource's privacy (403/404 from the handler). */
	| { readonly kind: 'public_privacy' }
	/** Any logged-in user. */
	| { readonly kind: 'authenticated' }
	/** Logged in and holding at least one of the capabilities. */
	| { readonly kind: 'capability'; readonly anyOf: readonly Capability[] }
	/**
	 * Logged in, and either owner of the resource named by `param` (and holding
	 * `own`, when given) or holder of `others` (when given). A missing resource is a 404.
	 */
	| {
			readonly kind: 'owner';
			readonly lookup: OwnerLookup;
			readonly param: string;
			/** Path parameter holding the parent's ID; required by scoped lookups, refused by the others. */
			readonly within?: string;
			readonly own?: Capability;
			readonly others?: Capability;
	  };

export const auth = {
	public: (): AuthRule => ({ kind: 'public' }),
	publicWithPrivacy: (): AuthRule => ({ kind: 'public_privacy' }),
	user: (): AuthRule => ({ kind: 'authenticated' }),
	cap: (...anyOf: Capability[]): AuthRule => ({ kind: 'capability', anyOf }),
	owner: (
		lookup: OwnerLookup,
		options: { param?: string; within?: string; own?: Capability; others?: Capability } = {},
	): AuthRule => ({
		kind: 'owner',
		lookup,
		param: options.param ?? 'id',
		...(options.within ? { within: options.within } : {}),
		own: options.own,
		others: options.others,
	}),
};
