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
	| 'manage_options';

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
];

/**
 * Named ownership lookups; each becomes `is_<name>( $id, $user_id )` in the
 * lookups interface, or `is_<name>( $id, $<scope>, $user_id )` when it is
 * scoped (SCOPED_LOOKUPS).
 */
export type OwnerLookup =
	| 'media_owner'
	| 'album_owner'
	| 'collection_owner'
	| 'comment_author'
	| 'conversation_participant'
	| 'message_sender';

/**
 * Lookups of resources that live inside another one, with the name of the
 * parent's ID argument. A route using one names the path parameter that
 * holds the parent (`within`), and the lookup answers null (404) when the
 * resource does not belong to that parent: a comment is edited through the
 * item it was written on, never through another item's URL.
 */
export const SCOPED_LOOKUPS: Readonly<Partial<Record<OwnerLookup, string>>> = {
	comment_author: 'media_id',
};

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
